import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BackgammonGameView, BackgammonMoveBody, BackgammonStep } from '../../protocol/backgammon.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { backgammonRules, legalMoves, stepOptions, turnOfState, type BackgammonState, type StepOptions } from '../../rules/backgammon/index.ts';
import { DICE_ROLL_MS, REPLAY_LEAD_MS, REPLAY_STEP_MS } from '../../src/games/backgammon/backgammonStore.ts';
import { leaveAnswers, stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { backgammonPastOpening, backgammonStart, backgammonUpdate, backgammonWithBoard, GAME_ID, ME, OPPONENT } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const MOVE = 'POST /api/move-backgammon-checker';

function bgApi(current: GameUpdate<BackgammonGameView>, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

/** The server's answer to a move: the rules applied to `state`, one version on. */
const answerFrom = (state: BackgammonState, v: number): StubRoute => ({ body }) => ({
  body: backgammonUpdate(backgammonRules.apply(state, ME, { moves: (body as BackgammonMoveBody).moves }, Date.now()), { v: v + 1 }),
});

async function openBackgammon() {
  const view = renderApp('/backgammon');
  await screen.findByTestId('backgammon-board', {}, { timeout: 5000 });
  return view;
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};
const serverSends = (update: GameUpdate<BackgammonGameView>) => act(async () => socket().receive('game-update', update));

const checkers = () => screen.getAllByTestId('checker');
const checker = (id: string) => {
  const found = checkers().find((element) => element.dataset.checkerId === id);
  if (!found) throw new Error(`no checker ${id}`);
  return found;
};
const pointOf = (id: string) => Number(checker(id).dataset.point);
const positions = () => Object.fromEntries(checkers().map((element) => [element.dataset.checkerId, Number(element.dataset.point)]));
const serverPositions = (state: BackgammonState) => Object.fromEntries(state.slots.flatMap((ids, point) => ids.map((id) => [id, point])));
const at = (name: '--x' | '--y', element: HTMLElement) => Number(element.style.getPropertyValue(name));
const zone = (point: number) => screen.getByTestId(`slot-${point}`);
const zonesIn = (state: 'movable' | 'selected' | 'target') =>
  screen
    .getAllByTestId(/^slot-/)
    .filter((element) => element.dataset.state === state)
    .map((element) => Number(element.dataset.testid?.slice('slot-'.length)))
    .sort((a, b) => a - b);
const unique = (points: number[]) => [...new Set(points)].sort((a, b) => a - b);
const usedDice = () => screen.getAllByTestId('die').filter((die) => die.dataset.used === 'true').length;
const confirmButton = () => screen.queryByRole('button', { name: 'Confirm' });
const status = () => screen.getByTestId('bg-status');

/** The step a tap from → to makes: the screen uses the smallest die that gets there. */
function tapStep(options: StepOptions, from: number, to: number): BackgammonStep {
  const [step] = options.next.filter((s) => s.currentPoint === from && s.targetPoint === to).sort((a, b) => a.diceUsed - b.diceUsed);
  if (!step) throw new Error(`no step ${from} → ${to}`);
  return step;
}

describe('the Backgammon board', () => {
  it('draws the 30 checkers with white at the bottom for white: home bottom right, back checkers top right', async () => {
    bgApi(backgammonUpdate(backgammonPastOpening({ myColor: 'white', starter: 'opponent' })));
    await openBackgammon();
    expect(checkers()).toHaveLength(30);
    expect(checkers().filter((c) => c.dataset.color === 'white')).toHaveLength(15);
    // White's 6-point (wire 6) holds five: bottom right. Its 24-point (wire 24), two: top right.
    const six = checkers().filter((c) => c.dataset.point === '6');
    expect(six).toHaveLength(5);
    for (const c of six) expect([at('--x', c) > 480, at('--y', c) > 400]).toEqual([true, true]);
    for (const c of checkers().filter((c) => c.dataset.point === '24')) expect([at('--x', c) > 480, at('--y', c) < 400]).toEqual([true, true]);
    expect(zone(6)).toHaveAccessibleName('Point 6');

    const opponent = screen.getByTestId('bg-opponent');
    expect(opponent).toHaveTextContent('Bob');
    expect(within(opponent).getByRole('img', { name: 'Armenia' })).toBeInTheDocument();
    expect(opponent).toHaveTextContent('Score 1042');
    expect(screen.getByTestId('bg-player')).toHaveTextContent('alice_1');
    expect(screen.getByTestId('player-pips')).toHaveTextContent('167');
    expect(screen.getByTestId('opponent-pips')).toHaveTextContent('167');
    expect(screen.getByTestId('player-off')).toHaveTextContent('0/15');
  });

  it('turns the board for black: black checkers at the bottom, its home (wire 19–24) bottom right', async () => {
    bgApi(backgammonUpdate(backgammonPastOpening({ myColor: 'black', starter: 'opponent' })));
    await openBackgammon();
    expect(screen.getByTestId('backgammon-board')).toHaveAttribute('data-viewer', 'black');
    const six = checkers().filter((c) => c.dataset.point === '19');
    expect(six.map((c) => c.dataset.color)).toEqual(Array(5).fill('black'));
    for (const c of six) expect([at('--x', c) > 480, at('--y', c) > 400]).toEqual([true, true]);
    // Black's 24-point is wire 1: top right, where white is at home.
    for (const c of checkers().filter((c) => c.dataset.point === '1')) expect([at('--x', c) > 480, at('--y', c) < 400]).toEqual([true, true]);
    expect(zone(19)).toHaveAccessibleName('Point 6');
  });

  it('caps a tall stack and shows its count', async () => {
    const base = backgammonPastOpening({ starter: 'opponent' });
    bgApi(backgammonUpdate(backgammonWithBoard(base, { 6: 9, 8: 6 }, { 19: 15 }, OPPONENT, [3, 1])));
    await openBackgammon();
    expect(screen.getAllByTestId('stack-count').map((label) => label.textContent)).toEqual(['9', '6', '15']);
  });
});

describe('building a move', () => {
  it('marks exactly the checkers the rules let move, and a tap shows that checker’s targets', async () => {
    const state = backgammonPastOpening({ starter: 'me' });
    const options = stepOptions(turnOfState(state) as NonNullable<ReturnType<typeof turnOfState>>, []) as StepOptions;
    bgApi(backgammonUpdate(state));
    const { user } = await openBackgammon();
    expect(status()).toHaveTextContent('Your move: tap a checker');
    expect(zonesIn('movable')).toEqual(unique(options.next.map((s) => s.currentPoint)));
    expect(zonesIn('target')).toEqual([]);

    const from = (options.next[0] as BackgammonStep).currentPoint;
    await user.click(zone(from));
    expect(zone(from)).toHaveAttribute('data-state', 'selected');
    expect(zonesIn('target')).toEqual(unique(options.next.filter((s) => s.currentPoint === from).map((s) => s.targetPoint)));
    // A second tap puts it down again.
    await user.click(zone(from));
    expect(zonesIn('target')).toEqual([]);
  });

  it('a tap on a target moves the checker as a pending step; Void takes it back', async () => {
    const state = backgammonPastOpening({ starter: 'me' });
    const turn = turnOfState(state) as NonNullable<ReturnType<typeof turnOfState>>;
    const options = stepOptions(turn, []) as StepOptions;
    const api = bgApi(backgammonUpdate(state));
    const { user } = await openBackgammon();
    const before = positions();
    const first = options.next[0] as BackgammonStep;
    const mover = state.slots[first.currentPoint]?.at(-1) as string;

    await user.click(zone(first.currentPoint));
    await user.click(zone(first.targetPoint));
    expect(pointOf(mover)).toBe(first.targetPoint);
    expect(usedDice()).toBe(1);
    expect(zonesIn('target')).toEqual([]);
    expect(api.callsTo(MOVE)).toHaveLength(0);
    // The opening throw is never a double: one die is left to play, so nothing to confirm yet.
    expect(stepOptions(turn, [tapStep(options, first.currentPoint, first.targetPoint)])?.complete).toBe(false);
    expect(confirmButton()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Void' }));
    expect(positions()).toEqual(before);
    expect(usedDice()).toBe(0);
    expect(screen.getByRole('button', { name: 'Void' })).toBeDisabled();
  });

  it('shows Confirm exactly when the pending steps are a complete move, and sends them with the version', async () => {
    const state = backgammonPastOpening({ starter: 'me' });
    const turn = turnOfState(state) as NonNullable<ReturnType<typeof turnOfState>>;
    const api = bgApi(backgammonUpdate(state, { v: 3 }), { [MOVE]: answerFrom(state, 3) });
    const { user } = await openBackgammon();

    const pending: BackgammonStep[] = [];
    for (let options = stepOptions(turn, pending) as StepOptions; !options.complete; options = stepOptions(turn, pending) as StepOptions) {
      expect(confirmButton()).not.toBeInTheDocument();
      const next = options.next.at(-1) as BackgammonStep;
      await user.click(zone(next.currentPoint));
      await user.click(zone(next.targetPoint));
      pending.push(tapStep(options, next.currentPoint, next.targetPoint));
    }
    expect(pending).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(api.callsTo(MOVE).map((call) => call.body)).toEqual([{ gameId: GAME_ID, moves: pending, v: 3 }]);
    // The answer is the opponent's turn: their dice roll, and nothing of ours may move.
    await waitFor(() => expect(status()).toHaveTextContent("Bob's turn"));
    expect(zonesIn('movable')).toEqual([]);
    expect(confirmButton()).not.toBeInTheDocument();
  });

  it('logs a refused move and voids it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = backgammonPastOpening({ starter: 'me' });
    const turn = turnOfState(state) as NonNullable<ReturnType<typeof turnOfState>>;
    bgApi(backgammonUpdate(state), { [MOVE]: { status: 500, body: {} } });
    const { user } = await openBackgammon();
    const before = positions();
    const [play] = legalMoves(turn);
    for (const step of play ?? []) {
      await user.click(zone(step.currentPoint));
      await user.click(zone(step.targetPoint));
    }
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to make a move.', expect.anything()));
    await waitFor(() => expect(positions()).toEqual(before));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(zonesIn('movable').length).toBeGreaterThan(0);
  });

  it("sends the empty move by itself 2.5 s after a turn with no legal move, and says 'No legal moves'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // White on the bar; black holds every entry point.
    const blocked = backgammonWithBoard(backgammonPastOpening({ starter: 'me' }), { bar: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3 }, ME, [3, 5]);
    expect(backgammonRules.view(blocked, ME).possibleMoves).toEqual([]);
    const api = bgApi(backgammonUpdate(blocked, { v: 7 }), { [MOVE]: answerFrom(blocked, 7) });
    await openBackgammon();
    expect(status()).toHaveTextContent('No legal moves');
    expect(zonesIn('movable')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2_200));
    expect(api.callsTo(MOVE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(api.callsTo(MOVE).map((call) => call.body)).toEqual([{ gameId: GAME_ID, moves: [], v: 7 }]);
  });

  it("ignores taps on the opponent's turn", async () => {
    const state = backgammonPastOpening({ starter: 'opponent' });
    const api = bgApi(backgammonUpdate(state));
    const { user } = await openBackgammon();
    const before = positions();
    expect(status()).toHaveTextContent("Bob's turn");
    for (const point of [13, 8, 6, 24, 5]) await user.click(zone(point));
    expect(zonesIn('movable')).toEqual([]);
    expect(zonesIn('selected')).toEqual([]);
    expect(zonesIn('target')).toEqual([]);
    expect(positions()).toEqual(before);
    expect(screen.getByRole('button', { name: 'Void' })).toBeDisabled();
    expect(api.callsTo(MOVE)).toHaveLength(0);
  });
});

describe('what the screen animates', () => {
  it('rolls the opening dice for about a second, then the starter may move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = backgammonStart({ starter: 'me' });
    const roll = state.openingRolls.at(-1) as { white: number; black: number };
    bgApi(backgammonUpdate(state));
    const { user } = await openBackgammon();
    expect(status()).toHaveTextContent('Opening roll...');
    expect(within(screen.getByTestId('dice-mine')).getByTestId('die')).toHaveAttribute('data-value', String(roll.white));
    expect(within(screen.getByTestId('dice-opponent')).getByTestId('die')).toHaveAttribute('data-value', String(roll.black));
    await user.click(zone(13));
    expect(zonesIn('selected')).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1_050));
    expect(status()).toHaveTextContent('You start: tap a checker');
    expect(zonesIn('movable').length).toBeGreaterThan(0);
    // The starter plays both opening dice, shown on the starter's side.
    expect(within(screen.getByTestId('dice-mine')).getAllByTestId('die').map((die) => Number(die.dataset.value))).toEqual(state.dice);
  });

  it("replays the opponent's move step by step from the latest history entry, then settles on the server's board", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = backgammonPastOpening({ starter: 'opponent' });
    bgApi(backgammonUpdate(start, { v: 2 }));
    const { user } = await openBackgammon();
    const before = positions();
    // A play whose second step moves another checker than the first.
    const plays = legalMoves(turnOfState(start) as NonNullable<ReturnType<typeof turnOfState>>);
    const moved = backgammonRules.apply(start, OPPONENT, { moves: plays.find((p) => p[1] !== undefined && p[1].currentPoint !== p[0]?.targetPoint) ?? (plays[0] as BackgammonStep[]) }, Date.now());
    const [first, second] = moved.moveHistory.at(-1)?.moves ?? [];
    if (!first || !second) throw new Error('a two-step play');

    await serverSends(backgammonUpdate(moved, { v: 3 }));
    expect(positions()).toEqual(before);
    expect(status()).toHaveTextContent('Bob moves');

    await act(() => vi.advanceTimersByTimeAsync(REPLAY_LEAD_MS + 20));
    expect(pointOf(first.checkerId)).toBe(first.targetPoint);
    expect(pointOf(second.checkerId)).toBe(second.currentPoint);
    // It is our turn now, but nothing may be tapped while the opponent's move plays out.
    await user.click(zone(13));
    expect(zonesIn('selected')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(REPLAY_STEP_MS));
    expect(pointOf(second.checkerId)).toBe(second.targetPoint);
    expect(positions()).toEqual(serverPositions(moved));

    await act(() => vi.advanceTimersByTimeAsync(REPLAY_STEP_MS));
    expect(status()).toHaveTextContent('Rolling...');
    expect(zonesIn('movable')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(DICE_ROLL_MS));
    expect(status()).toHaveTextContent('Your move: tap a checker');
    expect(zonesIn('movable').length).toBeGreaterThan(0);
    expect(positions()).toEqual(serverPositions(moved));
  });

  it('sends a hit checker to its bar in the replay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Black (the opponent) on 1 hits white's blot on 4 with the 3.
    const start = backgammonWithBoard(backgammonPastOpening({ starter: 'opponent' }), { 4: 1, 6: 14 }, { 1: 2, 19: 13 }, OPPONENT, [3, 6]);
    bgApi(backgammonUpdate(start, { v: 5 }));
    await openBackgammon();
    const blot = start.slots[4]?.[0] as string;
    const hit = backgammonRules.apply(start, OPPONENT, { moves: [{ currentPoint: 1, targetPoint: 4, diceUsed: 3 }, { currentPoint: 4, targetPoint: 10, diceUsed: 6 }] }, Date.now());
    await serverSends(backgammonUpdate(hit, { v: 6 }));
    expect(pointOf(blot)).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(REPLAY_LEAD_MS + 20));
    expect(pointOf(blot)).toBe(25);
  });
});

describe('the end of a Backgammon game', () => {
  it('bearing off the last checker wins: the popup, confetti and a 400 ms buzz', async () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const lastOne = backgammonWithBoard(backgammonPastOpening({ starter: 'me' }), { 2: 1 }, { 19: 15 }, ME, [4, 2]);
    bgApi(backgammonUpdate(lastOne, { v: 40 }), { [MOVE]: answerFrom(lastOne, 40) });
    const { user } = await openBackgammon();
    await user.click(zone(2));
    expect(zonesIn('target')).toEqual([27]);
    await user.click(screen.getByRole('button', { name: 'Bear off' }));
    expect(screen.getByTestId('player-off')).toHaveTextContent('15/15');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    const popup = await screen.findByRole('dialog', { name: 'You won!' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent('+$1.80');
    expect(screen.getByTestId('confetti').children).toHaveLength(200);
    expect(vibrate).toHaveBeenCalledWith(400);
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it("shows 'You lose...' once the opponent's last bear-off has played out, and buzzes once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const lastOne = backgammonWithBoard(backgammonPastOpening({ starter: 'opponent' }), { 6: 15 }, { 24: 1 }, OPPONENT, [1, 3]);
    bgApi(backgammonUpdate(lastOne, { v: 40 }));
    await openBackgammon();
    const [play] = legalMoves(turnOfState(lastOne) as NonNullable<ReturnType<typeof turnOfState>>);
    await serverSends(backgammonUpdate(backgammonRules.apply(lastOne, OPPONENT, { moves: play ?? [] }, Date.now()), { v: 41 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REPLAY_LEAD_MS + REPLAY_STEP_MS + 50));
    const popup = screen.getByRole('dialog', { name: 'You lose...' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent('-$1.00');
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    expect(vibrate.mock.calls).toEqual([[400]]);
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it("says the opponent left when they did; Exit goes to the lobby", async () => {
    const state = backgammonPastOpening({ starter: 'opponent' });
    bgApi(backgammonUpdate(state, { v: 4 }));
    const { user, path } = await openBackgammon();
    await serverSends(backgammonUpdate(backgammonRules.resign(state, OPPONENT, Date.now()), { v: 5 }));
    expect(screen.getByRole('dialog', { name: 'Your opponent left the game. You won!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(path()).toBe('/game'));
  });
});

describe('the Backgammon screen around the board', () => {
  it("rings the player to move with the 25 s timer, on the server's clock", async () => {
    // The server's clock runs a minute ahead of this device's: the ring must not care.
    const serverNow = Date.now() + 60_000;
    const state = backgammonPastOpening({ starter: 'me', now: serverNow - 1_000 - 5_000 });
    bgApi(backgammonUpdate(state, {}, serverNow));
    await openBackgammon();
    const ring = within(screen.getByTestId('bg-player')).getByTestId('timer-ring');
    expect(Number(ring.dataset.seconds)).toBeGreaterThanOrEqual(19);
    expect(Number(ring.dataset.seconds)).toBeLessThanOrEqual(20);
    expect(within(screen.getByTestId('bg-opponent')).queryByTestId('timer-ring')).not.toBeInTheDocument();
  });

  it('asks before leaving; Leave posts /api/leave-backgammon-game and goes to the lobby', async () => {
    const state = backgammonPastOpening();
    const ended = backgammonUpdate(backgammonRules.resign(state, ME, Date.now()), { v: 5 });
    const api = bgApi(backgammonUpdate(state), leaveAnswers('POST /api/leave-backgammon-game', backgammonUpdate(state), ended));
    const { user, path } = await openBackgammon();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    const popup = screen.getByRole('dialog', { name: 'Leave the game?' });
    expect(popup).toHaveTextContent('if you leave you will lose the game');
    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/game'));
    expect(api.callsTo('POST /api/leave-backgammon-game')[0]?.body).toEqual({ gameId: GAME_ID });
  });

  it('sends a preset as backgammon-message and shows the opponent’s', async () => {
    bgApi(backgammonUpdate(backgammonPastOpening()));
    const { user } = await openBackgammon();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    await user.click(screen.getByRole('button', { name: 'Good luck!' }));
    expect(socket().emitted).toContainEqual({ event: 'backgammon-message', args: [{ message: 'Good luck!', gameId: GAME_ID, userID: ME }] });
    expect(within(screen.getByTestId('bg-player')).getByTestId(`chat-${ME}`)).toHaveTextContent('Good luck!');
    await act(async () => socket().receive('backgammon-message', { message: 'Hurry up!', gameId: GAME_ID, userID: OPPONENT }));
    expect(within(screen.getByTestId('bg-opponent')).getByTestId(`chat-${OPPONENT}`)).toHaveTextContent('Hurry up!');
  });

  it('shows the canceled popup', async () => {
    const state = backgammonPastOpening();
    bgApi(backgammonUpdate(state));
    await openBackgammon();
    await serverSends(backgammonUpdate(state, { v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null }));
    expect(screen.getByRole('dialog', { name: 'Game Canceled' })).toHaveTextContent('Your bet has been refunded.');
  });
});
