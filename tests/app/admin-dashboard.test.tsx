import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OngoingGame, QueueEntry } from '../../protocol/game.ts';
import type { DailyFigures } from '../../protocol/treasury.ts';
import { resetQueueSound } from '../../admin/queueSound.ts';
import { fakeSockets } from './fakeSocket.ts';
import { operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';
import type { StubRoute } from './apiStub.ts';

const levels = { blot: [0, 5, 10, 20], rps: [0, 1, 3, 5], carrom: [0, 1, 3, 5], backgammon: [0, 1, 3, 5] } as const;

/** Every mode and level, zeros included, as GET /api/admin/queues and queueUpdate send them. */
function queues(waiting: Partial<Record<`${keyof typeof levels}:${number}`, number>> = {}): QueueEntry[] {
  return Object.entries(levels).flatMap(([gameMode, bets]) =>
    bets.map((betAmount) => ({ gameMode: gameMode as QueueEntry['gameMode'], betAmount, count: waiting[`${gameMode as keyof typeof levels}:${betAmount}`] ?? 0 })),
  );
}

const gameId = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;

function dashboardApi(routes: Record<string, StubRoute> = {}) {
  return operatorApi({
    'GET /api/admin/queues': { body: queues() },
    'GET /api/admin/ongoing-games': { body: [] },
    'GET /api/admin/completed-games': { body: { games: [], totalGames: 0 } },
    'GET /api/admin/total-bets': { body: { totalBets: 0 } },
    'GET /api/admin/users': { body: { users: [], totalUsers: 0 } },
    'GET /api/admin/daily': { body: { days: [] } },
    ...routes,
  });
}

const adminSocket = () => {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('the dashboard opened no socket');
  return socket;
};
/** The server emits; React Query tells its observers on the next macrotask (its notifyManager). */
const serverSends = (event: string, payload: unknown) =>
  act(async () => {
    adminSocket().receive(event, payload);
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });

const queueCard = (title: string) => screen.getByRole('article', { name: title });
const row = (title: string, level: string) => within(queueCard(title)).getByText(level).closest('li')!;

/** Web Audio stand-in: counts the tones played. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  tones = 0;
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume = vi.fn(async () => undefined);
  close = vi.fn(async () => undefined);
  createOscillator() {
    this.tones += 1;
    return { type: 'sine', frequency: { value: 0 }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
  }
  createGain() {
    return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: vi.fn() };
  }
}

afterEach(() => {
  resetQueueSound();
  FakeAudioContext.made = [];
});

describe('admin dashboard (/admin/dashboard)', () => {
  it('shows a queue card per game with Free and three bet rows; a row with players waiting is highlighted', async () => {
    dashboardApi({ 'GET /api/admin/queues': { body: queues({ 'blot:5': 2 }) } });
    renderAdmin('/admin/dashboard');
    await waitFor(() => expect(row('Blot', '$5')).toHaveClass('queue-row--active'));

    for (const [title, labels] of [
      ['Blot', ['Free', '$5', '$10', '$20']],
      ['RPS', ['Free', '$1', '$3', '$5']],
      ['Carrom', ['Free', '$1', '$3', '$5']],
      ['Backgammon', ['Free', '$1', '$3', '$5']],
    ] as const) {
      expect(within(queueCard(title)).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(labels);
    }
    expect(row('Blot', '$5')).toHaveTextContent('2');
    expect(row('Blot', 'Free')).not.toHaveClass('queue-row--active');
    expect(row('RPS', '$1')).not.toHaveClass('queue-row--active');
    expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('queue-row--active'))).toHaveLength(1);
  });

  it('follows queueUpdate on the admin socket', async () => {
    dashboardApi({ 'GET /api/admin/queues': { body: queues({ 'blot:5': 2 }) } });
    renderAdmin('/admin/dashboard');
    await waitFor(() => expect(row('Blot', '$5')).toHaveClass('queue-row--active'));
    expect(adminSocket().options).toMatchObject({ path: '/socket.io', withCredentials: true });

    await serverSends('queueUpdate', queues({ 'rps:1': 1, 'backgammon:0': 3 }));
    expect(row('RPS', '$1')).toHaveClass('queue-row--active');
    expect(row('RPS', '$1')).toHaveTextContent('1');
    expect(row('Backgammon', 'Free')).toHaveClass('queue-row--active');
    expect(row('Blot', '$5')).not.toHaveClass('queue-row--active');
    expect(row('Blot', '$5')).toHaveTextContent('0');
  });

  it('chimes when the queues change, once the operator has clicked on the page', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    dashboardApi();
    const { user } = renderAdmin('/admin/dashboard');
    await waitFor(() => expect(row('RPS', '$1')).toHaveTextContent('0'));
    expect(screen.getByText('Click anywhere on the page to hear a chime when the queues change.')).toBeInTheDocument();

    // Before any gesture the browser would refuse to play: nothing is attempted.
    await serverSends('queueUpdate', queues({ 'rps:1': 1 }));
    expect(FakeAudioContext.made).toHaveLength(0);

    await user.click(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(screen.queryByText('Click anywhere on the page to hear a chime when the queues change.')).not.toBeInTheDocument();
    const audio = FakeAudioContext.made[0]!;

    await serverSends('queueUpdate', queues({ 'rps:1': 2 }));
    expect(audio.tones).toBeGreaterThan(0);
    const tones = audio.tones;
    // The same counts again are no change.
    await serverSends('queueUpdate', queues({ 'rps:1': 2 }));
    expect(audio.tones).toBe(tones);
    await serverSends('queueUpdate', queues());
    expect(audio.tones).toBeGreaterThan(tones);
  });

  it('lists ongoing games (RPS as Rock-Paper-Scissors) and follows ongoingGamesUpdate, durations ticking', async () => {
    dashboardApi({ 'GET /api/admin/ongoing-games': { body: [{ id: gameId(1), gameMode: 'rps', betAmount: 1, duration: 5 }] satisfies OngoingGame[] } });
    renderAdmin('/admin/dashboard');
    const [first] = await screen.findAllByTestId('ongoing-game');
    expect(first).toHaveTextContent('Rock-Paper-Scissors');
    expect(first).toHaveTextContent(gameId(1));
    expect(first).toHaveTextContent('$1.00');

    await serverSends('ongoingGamesUpdate', []);
    expect(screen.queryByTestId('ongoing-game')).not.toBeInTheDocument();
    expect(screen.getByText('No games in progress.')).toBeInTheDocument();

    // The clock starts ticking with the next games, now on fake time.
    vi.useFakeTimers();
    await serverSends('ongoingGamesUpdate', [
      { id: gameId(2), gameMode: 'blot', betAmount: 0, duration: 42 },
      { id: gameId(3), gameMode: 'backgammon', betAmount: 5, duration: 0 },
    ] satisfies OngoingGame[]);
    const rows = screen.getAllByTestId('ongoing-game');
    expect(rows).toHaveLength(2);
    expect(screen.queryByText(gameId(1))).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Blot');
    expect(rows[0]).toHaveTextContent('Free');
    expect(within(rows[0]!).getByTestId('ongoing-duration')).toHaveTextContent('42 s');
    expect(within(rows[1]!).getByTestId('ongoing-duration')).toHaveTextContent('0 s');

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(within(rows[0]!).getByTestId('ongoing-duration')).toHaveTextContent('45 s');
    expect(within(rows[1]!).getByTestId('ongoing-duration')).toHaveTextContent('3 s');
    vi.useRealTimers();
  });

  it('cancels an ongoing game only after the operator confirms', async () => {
    let canceled = false;
    const api = dashboardApi({
      'GET /api/admin/ongoing-games': () => ({ body: canceled ? [] : [{ id: gameId(7), gameMode: 'carrom', betAmount: 3, duration: 10 }] }),
      [`POST /api/admin/games/${gameId(7)}/cancel`]: () => {
        canceled = true;
        return { body: { gameId: gameId(7), status: 'canceled' } };
      },
    });
    const { user } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: `Cancel game ${gameId(7)}` }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this game?' });
    expect(dialog).toHaveTextContent(gameId(7));
    await user.click(within(dialog).getByRole('button', { name: 'Keep Playing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/games/${gameId(7)}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Cancel game ${gameId(7)}` }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this game?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/admin/games/${gameId(7)}/cancel`)).toHaveLength(1);
    expect(api.callsTo(`POST /api/admin/games/${gameId(7)}/cancel`)[0]?.headers.authorization).toBe('Bearer operator-token');
    await waitFor(() => expect(screen.queryByTestId('ongoing-game')).not.toBeInTheDocument());
    expect(screen.getByText('No games in progress.')).toBeInTheDocument();
  });

  it("keeps the confirmation open with the server's reason when a cancel is refused", async () => {
    dashboardApi({
      'GET /api/admin/ongoing-games': { body: [{ id: gameId(8), gameMode: 'rps', betAmount: 0, duration: 10 }] },
      [`POST /api/admin/games/${gameId(8)}/cancel`]: { status: 409, body: { message: 'The game is already over' } },
    });
    const { user } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: `Cancel game ${gameId(8)}` }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this game?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Game' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The game is already over');
    expect(screen.getByTestId('ongoing-game')).toBeInTheDocument();
  });

  it("asks the figures for today's range (midnight to 23:59:59.999, shifted by 4 hours) and for a picked one", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 14, 10, 30) });
    const api = dashboardApi({
      'GET /api/admin/completed-games': { body: { games: [], totalGames: 42 } },
      'GET /api/admin/total-bets': { body: { totalBets: 123.5 } },
      'GET /api/admin/users': { body: { users: [], totalUsers: 1234 } },
    });
    renderAdmin('/admin/dashboard');

    const completed = await screen.findByRole('article', { name: 'Completed Games' });
    await waitFor(() => expect(completed).toHaveTextContent('42'));
    expect(screen.getByRole('article', { name: 'Total Bets' })).toHaveTextContent('$123.50');
    expect(screen.getByRole('article', { name: 'Users' })).toHaveTextContent('1,234');
    expect(screen.getByLabelText('Start date')).toHaveValue('2025-03-14');
    expect(screen.getByLabelText('End date')).toHaveValue('2025-03-14');

    // In UTC: 2025-03-14T04:00:00.000Z to 2025-03-15T03:59:59.999Z.
    const start = (day: number) => new Date(new Date(2025, 2, day, 0, 0, 0, 0).getTime() + 14_400_000).toISOString();
    const end = (day: number) => new Date(new Date(2025, 2, day, 23, 59, 59, 999).getTime() + 14_400_000).toISOString();
    for (const route of ['GET /api/admin/completed-games', 'GET /api/admin/total-bets']) {
      const query = paramsOf(api.callsTo(route)[0]);
      expect(query.get('startDate')).toBe(start(14));
      expect(query.get('endDate')).toBe(end(14));
    }
    expect(paramsOf(api.callsTo('GET /api/admin/completed-games')[0]).get('limit')).toBe('1');
    expect(paramsOf(api.callsTo('GET /api/admin/users')[0]).get('limit')).toBe('1');

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(paramsOf(api.callsTo('GET /api/admin/total-bets').at(-1)).get('startDate')).toBe(start(1)));
    expect(paramsOf(api.callsTo('GET /api/admin/completed-games').at(-1)).get('startDate')).toBe(start(1));
    expect(paramsOf(api.callsTo('GET /api/admin/completed-games').at(-1)).get('endDate')).toBe(end(14));

    expect(within(completed).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/completed-games?start=2025-03-01&end=2025-03-14');
    expect(within(screen.getByRole('article', { name: 'Users' })).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/users');
  });

  it('takes a typed day (YYYY-MM-DD) only once it is a whole, real day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 14, 10, 30) });
    const api = dashboardApi();
    const { user } = renderAdmin('/admin/dashboard');
    const startField = await screen.findByLabelText('Start date');
    await waitFor(() => expect(api.callsTo('GET /api/admin/total-bets')).toHaveLength(1));
    expect(startField).toHaveAttribute('placeholder', 'YYYY-MM-DD');

    await user.clear(startField);
    // An empty start is an open bound: asked at once, without startDate.
    await waitFor(() => expect(paramsOf(api.callsTo('GET /api/admin/total-bets').at(-1)).has('startDate')).toBe(false));
    const asked = api.callsTo('GET /api/admin/total-bets').length;
    await user.type(startField, '2025-02-3');
    expect(startField).toHaveAttribute('aria-invalid', 'true');
    await user.type(startField, '0');
    // 2025-02-30 is no day.
    expect(startField).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('GET /api/admin/total-bets')).toHaveLength(asked);

    await user.clear(startField);
    await user.type(startField, '2025-03-20');
    expect(startField).not.toHaveAttribute('aria-invalid');
    await waitFor(() =>
      expect(paramsOf(api.callsTo('GET /api/admin/total-bets').at(-1)).get('startDate')).toBe(new Date(new Date(2025, 2, 20).getTime() + 14_400_000).toISOString()),
    );
    expect(screen.getByText('The start date is after the end date.')).toBeInTheDocument();
  });

  it('fetches the queues and ongoing games again after the socket reconnects', async () => {
    const api = dashboardApi();
    renderAdmin('/admin/dashboard');
    await screen.findByText('No games in progress.');
    act(() => adminSocket().receive('connect'));
    expect(api.callsTo('GET /api/admin/queues')).toHaveLength(1);
    act(() => adminSocket().receive('connect'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/queues')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /api/admin/ongoing-games')).toHaveLength(2));
  });

  it('closes its socket when the operator leaves the dashboard', async () => {
    dashboardApi();
    const { user } = renderAdmin('/admin/dashboard');
    await screen.findByText('No games in progress.');
    const socket = adminSocket();
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { name: 'Users' });
    expect(socket.disconnected).toBe(true);
  });

  it('draws the range day by day: bets and rake, deposits and withdrawals, new players, games per mode', async () => {
    const day = (d: string): DailyFigures => ({ day: d, betsUsdt: 10, rakeUsdt: 1, depositsUsdt: 50, withdrawalsUsdt: 20, newPlayers: 3, games: { rps: 2, blot: 1, carrom: 0, backgammon: 0 } });
    const api = dashboardApi({ 'GET /api/admin/daily': { body: { days: [day('2026-11-26'), day('2026-11-27')] } } });
    renderAdmin('/admin/dashboard');
    for (const title of ['Bets and rake (USDT)', 'Deposits and withdrawals (USDT)', 'New players', 'Games per mode']) {
      expect(await screen.findByRole('figure', { name: title })).toBeInTheDocument();
    }
    // The same range as the figures above them.
    const daily = paramsOf(api.callsTo('GET /api/admin/daily')[0]);
    const bets = paramsOf(api.callsTo('GET /api/admin/total-bets')[0]);
    expect([daily.get('startDate'), daily.get('endDate')]).toEqual([bets.get('startDate'), bets.get('endDate')]);
  });
});
