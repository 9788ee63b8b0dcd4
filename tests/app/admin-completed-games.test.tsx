import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompletedGameRow } from '../../protocol/admin.ts';
import type { StubCall, StubReply } from './apiStub.ts';
import { blobText, captureDownloads, operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function game(n: number, overrides: Partial<CompletedGameRow> = {}): CompletedGameRow {
  return {
    gameId: id(n),
    gameMode: 'rps',
    betAmount: 1,
    createdAt: '2025-03-14T15:09:26.000Z',
    duration: 125,
    status: 'completed',
    endReason: null,
    results: [
      { playerId: id(1000 + n), nickname: 'Ann', score: 3, isWinner: true },
      { playerId: id(2000 + n), nickname: 'Bob', score: 1, isWinner: false },
    ],
    challenge: false,
    ...overrides,
  };
}

/** GET /api/admin/completed-games over a list, searched and paged as the server does. */
function gamesRoute(list: CompletedGameRow[] | (() => CompletedGameRow[])): (call: StubCall) => StubReply {
  return (call) => {
    const all = typeof list === 'function' ? list() : list;
    const query = paramsOf(call);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const search = query.get('search')?.toLowerCase();
    const matching = search
      ? all.filter((g) => g.gameId.startsWith(search) || g.results.some((r) => r.nickname.toLowerCase().startsWith(search)))
      : all;
    return { body: { games: matching.slice((page - 1) * limit, page * limit), totalGames: matching.length } };
  };
}

const many = (count: number, overrides: (n: number) => Partial<CompletedGameRow> = () => ({})) =>
  Array.from({ length: count }, (_, index) => game(index + 1, overrides(index + 1)));

const listCalls = (api: ReturnType<typeof operatorApi>) => api.callsTo('GET /api/admin/completed-games');
const lastList = (api: ReturnType<typeof operatorApi>): StubCall | undefined => listCalls(api).at(-1);
const pageStatus = () => screen.getByRole('navigation', { name: 'Pages' });

describe('admin completed games (/admin/completed-games)', () => {
  it('shows the columns of the spec, one row per game, and the total', async () => {
    const api = operatorApi({
      'GET /api/admin/completed-games': gamesRoute([
        game(1),
        game(2, {
          gameMode: 'blot',
          betAmount: 0,
          createdAt: 'not-a-date',
          duration: 3671,
          results: [
            { playerId: id(7), nickname: 'Cleo', score: 87, isWinner: false },
            { playerId: id(8), nickname: 'Dan', score: 101, isWinner: true },
          ],
        }),
      ]),
    });
    renderAdmin('/admin/completed-games');
    const [first, second] = await screen.findAllByTestId('completed-game');

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Game Name',
      'Game ID',
      'Player IDs',
      'Players',
      'Scores',
      'Winner',
      'Bet Amount',
      'Date',
      'Duration (mm:ss)',
      'Actions',
    ]);
    const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell').map((cell) => cell.textContent);
    const [name, gameId, playerIds, players, scores, winner, bet, date, duration] = cells(first);
    expect(name).toBe('Rock-Paper-Scissors');
    expect(gameId).toBe(id(1));
    expect(playerIds).toBe(`${id(1001)}${id(2001)}`);
    expect(players).toBe('AnnBob');
    expect(scores).toBe('3 : 1');
    expect(winner).toBe('Ann');
    expect(bet).toBe('$1.00');
    expect(date).toContain('2025');
    expect(date).not.toBe('Invalid Date');
    expect(duration).toBe('02:05');
    expect(within(first!).getByRole('button', { name: `Download Log of game ${id(1)}` })).toHaveTextContent('Download Log');

    expect(cells(second).slice(0, 9)).toEqual(['Blot', id(2), `${id(7)}${id(8)}`, 'CleoDan', '87 : 101', 'Dan', 'Free', 'Invalid Date', '61:11']);
    expect(screen.getByTestId('total-games')).toHaveTextContent('2');
    expect(paramsOf(lastList(api)).get('limit')).toBe('10');
    expect(paramsOf(lastList(api)).get('page')).toBe('1');
  });

  it("says 'Loading...' until the first answer", async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    operatorApi({ 'GET /api/admin/completed-games': () => new Promise((resolve) => (answer = resolve)) });
    renderAdmin('/admin/completed-games');
    // The table's own message (the session check says 'Loading...' too, before the page shows).
    expect(await screen.findByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    answer({ body: { games: [game(1)], totalGames: 1 } });
    expect(await screen.findByTestId('completed-game')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("says 'No games found for the selected criteria.' for an empty page, on Page 1 of 1", async () => {
    operatorApi({ 'GET /api/admin/completed-games': gamesRoute([]) });
    renderAdmin('/admin/completed-games');
    expect(await screen.findByText('No games found for the selected criteria.')).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it.each([
    [{ status: 500, body: {} } as const, 'Failed to fetch games'],
    ['network-error' as const, 'Failed to fetch games'],
    [{ status: 400, body: { message: 'Dates must be ISO instants' } } as const, 'Dates must be ISO instants'],
  ])('shows an error (%s): %s', async (reply, text) => {
    operatorApi({ 'GET /api/admin/completed-games': reply });
    renderAdmin('/admin/completed-games');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('No games found for the selected criteria.')).not.toBeInTheDocument();
  });

  it('pages between 1 and ceil(total/10): Previous and Next stop at the ends', async () => {
    const api = operatorApi({ 'GET /api/admin/completed-games': gamesRoute(many(25)) });
    const { user } = renderAdmin('/admin/completed-games');
    await screen.findAllByTestId('completed-game');
    expect(pageStatus()).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));
    expect(paramsOf(lastList(api)).get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('completed-game')).toHaveLength(5));
    expect(pageStatus()).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listCalls(api).map((call) => paramsOf(call).get('page'))).not.toContain('4');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));
  });

  it('stays within the pages when the list shrinks under the operator', async () => {
    let all = many(25);
    const api = operatorApi({ 'GET /api/admin/completed-games': gamesRoute(() => all) });
    const { user, queryClient } = renderAdmin('/admin/completed-games');
    await screen.findAllByTestId('completed-game');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 3 of 3'));

    all = many(15);
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 2'));
    expect(paramsOf(lastList(api)).get('page')).toBe('2');
    await waitFor(() => expect(screen.getAllByTestId('completed-game')).toHaveLength(5));
  });

  it('waits 500 ms after the last keystroke before searching, then asks for page 1', async () => {
    const api = operatorApi({ 'GET /api/admin/completed-games': gamesRoute(many(25)) });
    renderAdmin('/admin/completed-games');
    await screen.findAllByTestId('completed-game');
    const searches = () => listCalls(api).filter((call) => paramsOf(call).has('search'));

    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search by Game ID or Player Name' });
    fireEvent.change(box, { target: { value: 'A' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(box, { target: { value: 'An' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toHaveLength(1);
    expect(paramsOf(searches()[0]).get('search')).toBe('An');
    expect(paramsOf(searches()[0]).get('page')).toBe('1');
    vi.useRealTimers();
  });

  it('goes back to page 1 on a new search', async () => {
    const api = operatorApi({
      'GET /api/admin/completed-games': gamesRoute(many(45, (n) => (n % 2 ? {} : { results: [{ playerId: id(9), nickname: 'Zed', score: 0, isWinner: false }] }))),
    });
    const { user } = renderAdmin('/admin/completed-games');
    await screen.findAllByTestId('completed-game');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 3 of 5'));

    await user.type(screen.getByRole('searchbox', { name: 'Search by Game ID or Player Name' }), 'zed');
    await waitFor(() => expect(paramsOf(lastList(api)).get('search')).toBe('zed'));
    expect(paramsOf(lastList(api)).get('page')).toBe('1');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 1 of 3'));
    expect(screen.getByTestId('total-games')).toHaveTextContent('22');
  });

  it('applies the date range on Apply: back to page 1, midnight to 23:59:59.999 shifted by 4 hours', async () => {
    const api = operatorApi({ 'GET /api/admin/completed-games': gamesRoute(many(25)) });
    const { user } = renderAdmin('/admin/completed-games');
    await screen.findAllByTestId('completed-game');
    // No range until one is applied.
    expect(paramsOf(lastList(api)).has('startDate')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-03-14' } });
    // Picking dates alone asks nothing.
    expect(paramsOf(lastList(api)).has('startDate')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(paramsOf(lastList(api)).has('startDate')).toBe(true));
    const query = paramsOf(lastList(api));
    // In UTC: 2025-03-01T04:00:00.000Z and 2025-03-15T03:59:59.999Z.
    expect(query.get('startDate')).toBe(new Date(new Date(2025, 2, 1, 0, 0, 0, 0).getTime() + 14_400_000).toISOString());
    expect(query.get('endDate')).toBe(new Date(new Date(2025, 2, 14, 23, 59, 59, 999).getTime() + 14_400_000).toISOString());
    expect(query.get('page')).toBe('1');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 1 of 3'));
  });

  it("takes the dashboard's range from ?start&end", async () => {
    const api = operatorApi({ 'GET /api/admin/completed-games': gamesRoute(many(3)) });
    renderAdmin('/admin/completed-games?start=2025-03-14&end=2025-03-14');
    await screen.findAllByTestId('completed-game');
    expect(screen.getByLabelText('Start date')).toHaveValue('2025-03-14');
    expect(paramsOf(lastList(api)).get('startDate')).toBe(new Date(new Date(2025, 2, 14).getTime() + 14_400_000).toISOString());
  });

  it("downloads a game's log as a .txt of its lines", async () => {
    const lines = ['{"seq":1,"action":"create"}', '{"seq":2,"action":"move"}'];
    const api = operatorApi({
      'GET /api/admin/completed-games': gamesRoute([game(1)]),
      [`GET /api/admin/games/${id(1)}/log`]: { body: lines },
    });
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/completed-games');
    await user.click(await screen.findByRole('button', { name: `Download Log of game ${id(1)}` }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.filename).toBe(`game-log-${id(1)}.txt`);
    expect(await blobText(files[0]!.blob)).toBe(`${lines.join('\n')}\n`);
    expect(api.callsTo(`GET /api/admin/games/${id(1)}/log`)[0]?.headers.authorization).toBe('Bearer operator-token');
  });

  it("downloads a finished game's proof as .json beside its log; a failure is logged and saves nothing", async () => {
    const proof = { gameId: id(1), gameMode: 'rps', serverSeed: 'ab'.repeat(32), inputs: [] };
    const api = operatorApi({
      'GET /api/admin/completed-games': gamesRoute([game(1), game(2)]),
      [`GET /api/admin/games/${id(1)}/proof`]: { body: proof },
      [`GET /api/admin/games/${id(2)}/proof`]: { status: 404, body: { message: 'This game was played before proofs were kept' } },
    });
    const files = captureDownloads();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAdmin('/admin/completed-games');
    await user.click(await screen.findByRole('button', { name: `Download Proof of game ${id(1)}` }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.filename).toBe(`game-proof-${id(1)}.json`);
    expect(JSON.parse(await blobText(files[0]!.blob))).toEqual(proof);
    expect(api.callsTo(`GET /api/admin/games/${id(1)}/proof`)[0]?.headers.authorization).toBe('Bearer operator-token');
    await user.click(screen.getByRole('button', { name: `Download Proof of game ${id(2)}` }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to download game proof', expect.anything()));
    expect(files).toHaveLength(1);
  });

  it.each([
    ['an empty array', { body: [] }, 'warn', 'No log data available'],
    ['not an array', { body: { lines: 'x' } }, 'warn', 'No log data available'],
    ['a failure', { status: 500, body: {} }, 'error', 'Failed to download game log'],
  ] as const)("logs '%s' and saves nothing: %s", async (_case, reply, level, text) => {
    operatorApi({ 'GET /api/admin/completed-games': gamesRoute([game(1)]), [`GET /api/admin/games/${id(1)}/log`]: reply });
    const files = captureDownloads();
    const log = vi.spyOn(console, level).mockImplementation(() => undefined);
    const { user } = renderAdmin('/admin/completed-games');
    await user.click(await screen.findByRole('button', { name: `Download Log of game ${id(1)}` }));
    await waitFor(() => expect(log).toHaveBeenCalledWith(text, expect.anything()));
    expect(files).toHaveLength(0);
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('returns to the login page when the list answers 401', async () => {
    operatorApi({ 'GET /api/admin/completed-games': { status: 401, body: { message: 'Operator sign-in required' } } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { path } = renderAdmin('/admin/completed-games');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(path()).toBe('/admin/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });
});
