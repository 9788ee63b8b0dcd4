import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARROM_END_REDIRECT_MS, CARROM_STEPS_PER_SECOND, shotSpeed, type CarromGameView, type CarromShot } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { carromRules, type CarromState } from '../../rules/carrom/index.ts';
import { lockVerticalSwipes, unlockVerticalSwipes } from '../../src/platform/telegram.ts';
import { leaveAnswers, stubApi, type StubRoute } from './apiStub.ts';
import { carromStart, carromUpdate, carromWith, describedBoard, missShot, strikerFallShot } from './carromFixtures.ts';
import { fakeSockets } from './fakeSocket.ts';
import { GAME_ID, ME, OPPONENT } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

// The adapter's swipe lock, watched: the rest of the adapter stays real (a no-op outside Telegram).
vi.mock('../../src/platform/telegram.ts', async (original) => ({
  ...(await original<typeof import('../../src/platform/telegram.ts')>()),
  lockVerticalSwipes: vi.fn(),
  unlockVerticalSwipes: vi.fn(),
}));

const MOVE = 'POST /api/make-carrom-move';
/** Where the canvas sits in the page, and its CSS size: 328 px shows one board unit per pixel inside a 14-unit frame. */
const CANVAS = { left: 10, top: 20, size: 328 };
const FRAME = 14;

beforeEach(() => {
  // jsdom has no canvas: the painter gets no context and draws nothing; the data attributes still tell what it would.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: CANVAS.left,
    y: CANVAS.top,
    left: CANVAS.left,
    top: CANVAS.top,
    width: CANVAS.size,
    height: CANVAS.size,
    right: CANVAS.left + CANVAS.size,
    bottom: CANVAS.top + CANVAS.size,
    toJSON: () => ({}),
  });
  vi.mocked(lockVerticalSwipes).mockClear();
  vi.mocked(unlockVerticalSwipes).mockClear();
});

function carromApi(current: GameUpdate<CarromGameView>, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

/** The server's answer to a shot: the rules applied to `state`, one version on. */
const answerFrom = (state: CarromState, v: number): StubRoute => ({ body }) => ({
  body: carromUpdate(carromRules.apply(state, ME, (body as { move: CarromShot }).move, Date.now()), { v: v + 1 }),
});

async function openCarrom() {
  const view = renderApp('/carrom');
  await screen.findByTestId('carrom-board', {}, { timeout: 5000 });
  return view;
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};
const serverSends = (update: GameUpdate<CarromGameView>) => act(async () => socket().receive('game-update', update));

const board = () => screen.getByTestId('carrom-board');
const table = () => screen.getByTestId('carrom-table');
const slider = () => screen.getByRole('slider', { name: 'Striker position' });
const status = () => screen.getByTestId('carrom-status');

/** The page point of a board point on ME's screen (black's board is turned 180°). */
function pagePoint(x: number, y: number, flipped = false) {
  const bx = flipped ? 300 - x : x;
  const by = flipped ? 300 - y : y;
  return { clientX: CANVAS.left + FRAME + bx, clientY: CANVAS.top + FRAME + by };
}

/** A drag on the canvas from `from` by (dx, dy) screen pixels, let go there. */
function drag(from: { clientX: number; clientY: number }, dx: number, dy: number) {
  const to = { clientX: from.clientX + dx, clientY: from.clientY + dy };
  fireEvent.pointerDown(board(), { ...from, pointerId: 1, button: 0 });
  fireEvent.pointerMove(board(), { ...to, pointerId: 1 });
  fireEvent.pointerUp(board(), { ...to, pointerId: 1 });
}

/** Lets a shot of `steps` play to its end on the fake clock. */
const playOut = (steps: number) => act(() => vi.advanceTimersByTimeAsync((steps * 1000) / CARROM_STEPS_PER_SECOND + 200));

describe('the Carrom board', () => {
  it('shows both players, the coins, and the striker on my baseline at the bottom', async () => {
    const state = carromStart();
    carromApi(carromUpdate(state));
    await openCarrom();
    const opponent = screen.getByTestId('carrom-opponent');
    expect(opponent).toHaveTextContent('Bob');
    expect(within(opponent).getByRole('img', { name: 'Armenia' })).toBeInTheDocument();
    expect(opponent).toHaveTextContent('Score 1042');
    expect(screen.getByTestId('carrom-player')).toHaveTextContent('alice_1');
    expect(board()).toHaveAttribute('data-board', describedBoard(state.coins));
    expect(board()).toHaveAccessibleName(/9 white and 9 black coins on the board, the queen in play/);
    expect(board().dataset.striker).toBe('150.00,250.00');
    // White's baseline (y = 250) is at the bottom of the canvas: 14 + 250 px down.
    expect(board().dataset.strikerAt).toBe(`${FRAME + 150}.0,${FRAME + 250}.0`);
    expect(status()).toHaveTextContent('Your turn: drag back from the striker');
    expect(table()).toHaveAttribute('data-phase', 'player-turn');
  });

  it('turns the board for black: its baseline (y = 50) at the bottom', async () => {
    const state = carromWith(carromStart({ myColor: 'black' }), { turn: ME });
    carromApi(carromUpdate(state));
    await openCarrom();
    expect(board().dataset.striker).toBe('150.00,50.00');
    expect(board().dataset.strikerAt).toBe(`${FRAME + 150}.0,${FRAME + 250}.0`);
  });
});

describe('placing the striker', () => {
  it('moves the striker along the baseline and snaps it off a coin in steps of 5', async () => {
    carromApi(carromUpdate(carromWith(carromStart(), { placed: { w1: [100, 245] } })));
    await openCarrom();
    fireEvent.change(slider(), { target: { value: '200' } });
    expect(board().dataset.striker).toBe('200.00,250.00');
    // 100 touches the coin (centre distance under 26); 75 and 125 still do; 70 is the nearest free spot, smaller x first.
    fireEvent.change(slider(), { target: { value: '100' } });
    expect(board().dataset.striker).toBe('70.00,250.00');
    expect(slider()).toHaveAttribute('aria-valuetext', 'Striker at 70');
  });

  it('runs the slider left to right on black’s turned board too', async () => {
    carromApi(carromUpdate(carromWith(carromStart({ myColor: 'black' }), { placed: { b1: [100, 55] }, turn: ME })));
    await openCarrom();
    // Slider 200 (right of centre on this screen) is board x 100 on black's baseline: next to b1, so 70.
    fireEvent.change(slider(), { target: { value: '200' } });
    expect(board().dataset.striker).toBe('70.00,50.00');
    expect(slider()).toHaveAttribute('aria-valuetext', 'Striker at 230');
  });
});

describe('aiming and shooting', () => {
  it('a drag back from the striker longer than 18 shoots the other way, as hard as the pull', async () => {
    const state = carromStart();
    const api = carromApi(carromUpdate(state, { v: 4 }), { [MOVE]: answerFrom(state, 4) });
    await openCarrom();
    // Pulled 30 right and 40 down: a pull of 50, toward the upper left.
    drag(pagePoint(150, 250), 30, 40);
    await waitFor(() => expect(api.callsTo(MOVE)).toHaveLength(1));
    expect(api.callsTo(MOVE)[0]?.body).toEqual({
      gameId: GAME_ID,
      v: 4,
      move: { playerId: ME, strikerPosition: 150, angle: Math.atan2(-40, -30), speed: shotSpeed(50), hitStrength: 50 },
    });
  });

  it('pulls are measured in board units, and black’s screen angle is turned to the board’s', async () => {
    const state = carromWith(carromStart({ myColor: 'black' }), { turn: ME });
    const api = carromApi(carromUpdate(state, { v: 2 }), { [MOVE]: answerFrom(state, 2) });
    await openCarrom();
    // Straight down on black's screen, 80 px: the pull stops at 60, and the striker goes up the board (+y).
    drag(pagePoint(150, 50, true), 0, 80);
    await waitFor(() => expect(api.callsTo(MOVE)).toHaveLength(1));
    expect((api.callsTo(MOVE)[0]?.body as { move: CarromShot }).move).toEqual({
      playerId: ME,
      strikerPosition: 150,
      angle: Math.PI / 2,
      speed: 200,
      hitStrength: 60,
    });
  });

  it('sends nothing for a pull under 18, or for a drag that does not start on the striker', async () => {
    const api = carromApi(carromUpdate(carromStart()));
    await openCarrom();
    drag(pagePoint(150, 250), 0, 17);
    drag(pagePoint(60, 120), 0, 50);
    await act(async () => undefined);
    expect(api.callsTo(MOVE)).toHaveLength(0);
    expect(status()).toHaveTextContent('Your turn');
  });

  it('plays my shot at once and then shows the stored board', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromStart();
    const played = carromRules.apply(state, ME, { playerId: ME, strikerPosition: 150, angle: -Math.PI / 2, speed: shotSpeed(60), hitStrength: 60 }, Date.now());
    const api = carromApi(carromUpdate(state, { v: 1 }), { [MOVE]: { body: carromUpdate(played, { v: 2 }) } });
    await openCarrom();
    await act(async () => drag(pagePoint(150, 250), 0, 60));
    expect(table()).toHaveAttribute('data-phase', 'move-execution');
    expect(status()).toHaveTextContent('Your shot...');
    await waitFor(() => expect(api.callsTo(MOVE)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(Number(board().dataset.step)).toBeGreaterThan(0);
    await playOut(played.lastMove?.steps ?? 0);
    expect(board()).toHaveAttribute('data-board', describedBoard(played.coins));
    expect(table()).toHaveAttribute('data-shot', '1');
    expect(table()).toHaveAttribute('data-phase', played.turn === ME ? 'player-turn' : 'opponent-turn');
  });

  it('takes a refused shot back and lets me aim again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = carromStart();
    carromApi(carromUpdate(state), { [MOVE]: { status: 500, body: {} } });
    await openCarrom();
    drag(pagePoint(150, 250), 0, 40);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to make a move.', expect.anything()));
    await waitFor(() => expect(table()).toHaveAttribute('data-phase', 'player-turn'));
    expect(board()).toHaveAttribute('data-board', describedBoard(state.coins));
    expect(board().dataset.striker).toBe('150.00,250.00');
  });

  it("takes no shot on the opponent's turn", async () => {
    const api = carromApi(carromUpdate(carromStart({ myColor: 'black' })));
    await openCarrom();
    expect(status()).toHaveTextContent("Bob's turn");
    expect(board().dataset.striker).toBe('');
    expect(slider()).toBeDisabled();
    drag(pagePoint(150, 50, true), 0, 50);
    await act(async () => undefined);
    expect(api.callsTo(MOVE)).toHaveLength(0);
  });

  it('takes no shot once my time is up (the timeout is on its way)', async () => {
    const api = carromApi(carromUpdate(carromStart({ now: Date.now() - 23_000 })));
    await openCarrom();
    expect(status()).toHaveTextContent("Time's up");
    expect(slider()).toBeDisabled();
    drag(pagePoint(150, 250), 0, 50);
    await act(async () => undefined);
    expect(api.callsTo(MOVE)).toHaveLength(0);
  });

  it("locks Telegram's vertical swipes while I may aim, and gives them back once the shot is away", async () => {
    const state = carromStart();
    carromApi(carromUpdate(state, { v: 1 }), { [MOVE]: answerFrom(state, 1) });
    await openCarrom();
    expect(lockVerticalSwipes).toHaveBeenCalledTimes(1);
    expect(unlockVerticalSwipes).not.toHaveBeenCalled();
    fireEvent.pointerDown(board(), { ...pagePoint(150, 250), pointerId: 1 });
    expect(board()).toHaveAttribute('data-aiming', 'true');
    expect(unlockVerticalSwipes).not.toHaveBeenCalled();
    fireEvent.pointerUp(board(), { ...pagePoint(150, 290), pointerId: 1 });
    await waitFor(() => expect(unlockVerticalSwipes).toHaveBeenCalledTimes(1));
  });
});

describe("the opponent's shot", () => {
  it('is replayed from lastMove, then the stored board is shown and my turn begins', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromStart({ myColor: 'black' });
    carromApi(carromUpdate(state, { v: 1 }));
    await openCarrom();
    const shot = { playerId: OPPONENT, strikerPosition: 140, angle: -Math.PI / 2 + 0.05, speed: shotSpeed(60), hitStrength: 60 };
    const played = carromRules.apply(state, OPPONENT, shot, Date.now());
    const steps = played.lastMove?.steps ?? 0;
    expect(steps).toBeGreaterThan(45);
    await serverSends(carromUpdate(played, { v: 2 }));
    expect(table()).toHaveAttribute('data-phase', 'move-execution');
    expect(status()).toHaveTextContent('Bob shoots...');
    expect(board()).toHaveAttribute('data-board', describedBoard(state.coins));
    expect(screen.queryByTestId('timer-ring')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(((steps / 2) * 1000) / CARROM_STEPS_PER_SECOND));
    const halfway = board().dataset.board;
    expect(halfway).not.toBe(describedBoard(state.coins));
    expect(Number(board().dataset.step)).toBeGreaterThan(steps / 3);
    expect(board().dataset.striker).not.toBe('');
    // Nothing to aim with while the shot plays.
    drag(pagePoint(150, 50, true), 0, 50);

    await playOut(steps);
    expect(board()).toHaveAttribute('data-board', describedBoard(played.coins));
    expect(table()).toHaveAttribute('data-shot', '1');
    if (played.turn === ME) {
      expect(status()).toHaveTextContent('Your turn');
      expect(within(screen.getByTestId('carrom-player')).getByTestId('timer-ring')).toBeInTheDocument();
    }
  });

  it('shows a foul popup once the shot has played out: the striker fell', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromWith(carromStart({ myColor: 'black' }), { down: { [OPPONENT]: ['w1', 'w2'] } });
    carromApi(carromUpdate(state, { v: 3 }));
    await openCarrom();
    expect(screen.getByTestId('opponent-pocketed')).toHaveTextContent('2/9');
    const fell = carromRules.apply(state, OPPONENT, strikerFallShot(OPPONENT), Date.now());
    await serverSends(carromUpdate(fell, { v: 4 }));
    expect(screen.queryByTestId('carrom-notice')).not.toBeInTheDocument();
    await playOut(fell.lastMove?.steps ?? 0);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Foul!');
    expect(notice).toHaveTextContent("Bob's striker fell into a pocket");
    expect(notice).toHaveTextContent('A pocketed coin goes back to the centre');
    // The penalty coin is back on the board: one coin fewer in Bob's pockets.
    expect(screen.getByTestId('opponent-pocketed')).toHaveTextContent('1/9');
    expect(status()).toHaveTextContent('Your turn');
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.queryByTestId('carrom-notice')).not.toBeInTheDocument();
  });

  it('says so when my own striker hit nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromStart();
    const missed = carromRules.apply(state, ME, missShot(ME), Date.now());
    carromApi(carromUpdate(state, { v: 1 }), { [MOVE]: { body: carromUpdate(missed, { v: 2 }) } });
    await openCarrom();
    // 20 to the left of the striker: a pull of 20 to the right, along the baseline.
    drag(pagePoint(150, 250), -20, 0);
    await playOut(missed.lastMove?.steps ?? 0);
    expect(screen.getByRole('alert')).toHaveTextContent('No coin hit');
    expect(screen.getByRole('alert')).toHaveTextContent('Your striker hit nothing: the turn passes');
    expect(status()).toHaveTextContent("Bob's turn");
  });

  it("announces the opponent's timeout, and then I may shoot", async () => {
    const state = carromStart({ myColor: 'black' });
    const passed = carromRules.timeout(state, Date.now());
    const api = carromApi(carromUpdate(state, { v: 1 }), { [MOVE]: answerFrom(passed, 2) });
    await openCarrom();
    await serverSends(carromUpdate(passed, { v: 2 }, Date.now(), true));
    expect(screen.getByRole('alert')).toHaveTextContent('Bob ran out of time: your turn');
    expect(screen.getByTestId('carrom-opponent')).toHaveTextContent('Timed out 1 of 3');
    expect(status()).toHaveTextContent('Your turn');
    drag(pagePoint(150, 50, true), 0, 40);
    await waitFor(() => expect(api.callsTo(MOVE)).toHaveLength(1));
  });
});

describe('the Carrom screen around the board', () => {
  it("rings the player to shoot with the 22 s timer, on the server's clock", async () => {
    // The server's clock runs a minute ahead of this device's: the ring must not care.
    const serverNow = Date.now() + 60_000;
    carromApi(carromUpdate(carromStart({ now: serverNow - 4_500 }), {}, serverNow));
    await openCarrom();
    const ring = within(screen.getByTestId('carrom-player')).getByTestId('timer-ring');
    expect(Number(ring.dataset.seconds)).toBeGreaterThanOrEqual(17);
    expect(Number(ring.dataset.seconds)).toBeLessThanOrEqual(18);
    expect(within(screen.getByTestId('carrom-opponent')).queryByTestId('timer-ring')).not.toBeInTheDocument();
  });

  it("rings the opponent on their turn, and counts 20 s when the server gave no start time", async () => {
    carromApi(carromUpdate(carromStart({ myColor: 'black' }), { timerStartTime: null, deadlineAt: null }));
    await openCarrom();
    const ring = within(screen.getByTestId('carrom-opponent')).getByTestId('timer-ring');
    expect(Number(ring.dataset.seconds)).toBe(20);
    expect(within(screen.getByTestId('carrom-player')).queryByTestId('timer-ring')).not.toBeInTheDocument();
  });

  it('counts pocketed coins per player and shows who covered the queen', async () => {
    const state = carromWith(carromStart(), { down: { [ME]: ['w1', 'w2', 'w3'], [OPPONENT]: ['b4'] }, queenBy: ME });
    carromApi(carromUpdate(state));
    await openCarrom();
    expect(screen.getByTestId('player-pocketed')).toHaveTextContent('3/9');
    expect(screen.getByTestId('opponent-pocketed')).toHaveTextContent('1/9');
    expect(screen.getByTestId('player-queen')).toHaveTextContent('Queen');
    expect(screen.queryByTestId('opponent-queen')).not.toBeInTheDocument();
    expect(screen.getByTestId('queen-state')).toHaveTextContent('Queen covered by you');
    expect(board()).toHaveAccessibleName(/6 white and 8 black coins on the board$/);
  });

  it('says the opponent left when they did, and goes back to the lobby after 1,200,000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromStart();
    carromApi(carromUpdate(state, { v: 4 }));
    const { path } = await openCarrom();
    await serverSends(carromUpdate(carromRules.resign(state, OPPONENT, Date.now()), { v: 5 }));
    const popup = screen.getByRole('dialog', { name: 'Your opponent left the game. You won!' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent('+$1.80');
    await act(() => vi.advanceTimersByTimeAsync(CARROM_END_REDIRECT_MS - 1000));
    expect(path()).toBe('/carrom');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(path()).toBe('/game');
  });

  it("shows 'You lose...' when my third turn in a row runs out", async () => {
    const state = carromStart();
    carromApi(carromUpdate(state, { v: 4 }));
    await openCarrom();
    // Turns alternate: mine, Bob's, mine, Bob's, mine: my third timeout in a row forfeits.
    let lost = state;
    for (let i = 1; i <= 5; i += 1) lost = carromRules.timeout(lost, Date.now() + i);
    expect(carromRules.outcome(lost)).toMatchObject({ winnerId: OPPONENT, endReason: 'timeout' });
    await serverSends(carromUpdate(lost, { v: 5 }));
    const popup = screen.getByRole('dialog', { name: 'You lose...' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent('-$1.00');
  });

  it('asks before leaving; Leave posts /api/leave-carrom-game and goes to the lobby', async () => {
    const state = carromStart();
    const ended = carromUpdate(carromRules.resign(state, ME, Date.now()), { v: 5 });
    const api = carromApi(carromUpdate(state), leaveAnswers('POST /api/leave-carrom-game', carromUpdate(state), ended));
    const { user, path } = await openCarrom();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    const popup = screen.getByRole('dialog', { name: 'Leave the game?' });
    expect(popup).toHaveTextContent('if you leave you will lose the game');
    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/game'));
    expect(api.callsTo('POST /api/leave-carrom-game')[0]?.body).toEqual({ gameId: GAME_ID });
  });

  it('sends a preset as carrom-message and shows the opponent’s', async () => {
    carromApi(carromUpdate(carromStart()));
    const { user } = await openCarrom();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    await user.click(screen.getByRole('button', { name: 'Good luck!' }));
    expect(socket().emitted).toContainEqual({ event: 'carrom-message', args: [{ message: 'Good luck!', gameId: GAME_ID, userID: ME }] });
    expect(within(screen.getByTestId('carrom-player')).getByTestId(`chat-${ME}`)).toHaveTextContent('Good luck!');
    await act(async () => socket().receive('carrom-message', { message: 'Hurry up!', gameId: GAME_ID, userID: OPPONENT }));
    expect(within(screen.getByTestId('carrom-opponent')).getByTestId(`chat-${OPPONENT}`)).toHaveTextContent('Hurry up!');
  });

  it('shows the canceled popup', async () => {
    const state = carromStart();
    carromApi(carromUpdate(state));
    await openCarrom();
    await serverSends(carromUpdate(state, { v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null }));
    expect(screen.getByRole('dialog', { name: 'Game Canceled' })).toHaveTextContent('Your bet has been refunded.');
  });
});
