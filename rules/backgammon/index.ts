import {
  FORCED_PASS_MS,
  BACKGAMMON_AUTO_TURNS_TO_FORFEIT,
  BACKGAMMON_DIE_FACES,
  BACKGAMMON_OPENING_ROLL_MS,
  BACKGAMMON_TURN_MS,
  type BackgammonColor,
  type BackgammonOpeningRoll,
  type BackgammonPlayedStep,
  type BackgammonStep,
  type BackgammonTurnRecord,
} from '../../protocol/backgammon.ts';
import type { EndReason } from '../../protocol/game.ts';
import { RuleError, type GameRules, type Outcome } from '../game.ts';
import { createRng, nextInt, pick, type Rng } from '../random.ts';
import { barOf, borneOffOf, colorOfChecker, hasWon, otherColor, startSlots, wireBoardOf, type Slots } from './board.ts';
import { colorOfPlayer, opponentOf, playerOfColor, turnOfState, type BackgammonState } from './state.ts';
import { moveError, moveSetOf, playToSteps } from './steps.ts';
import { viewOf, type BackgammonRulesView } from './view.ts';

/**
 * Backgammon, as ../shared/rules/backgammon.md: single game, no cube, first to bear off 15 wins.
 *
 * The opening: `create` throws the opening roll at once; the game shows `game-start` for the roll's
 * animation (BACKGAMMON_OPENING_ROLL_MS, its deadline), then the timeout turns it into the starter's
 * `move-checker` turn, whose 25 s began when the animation ended. The starter may already move during
 * `game-start` (a client that finishes its animation before the server's sweep is not refused).
 *
 * Automatic turns and the forfeit: a turn the server plays at the deadline counts toward the three in a
 * row that forfeit, and a turn the player plays resets the count. A turn with no legal move is a forced
 * pass, whoever ends it (the client after 2.5 s or the server at the deadline): nobody can do anything
 * in it, so it is neither the player's fault nor a sign they are there, and it leaves the count as it was
 * (two timeouts, a forced pass, a timeout: forfeit). The board comes first: an automatic play that bears
 * off the fifteenth checker wins, as an auto-picked round counts in RPS.
 */

export interface BackgammonMove {
  moves: BackgammonStep[];
}

export type { BackgammonState } from './state.ts';
export type { BackgammonRulesView } from './view.ts';
// What the app needs besides the rules object: the same generator, for hints and building a move.
export { pipCount, type WireBoard } from './board.ts';
export { legalMoves, moveError, stepOptions, type BackgammonTurn, type StepOptions } from './steps.ts';
export { turnOfState } from './state.ts';
export { turnOfView } from './view.ts';

function rollDie(rng: Rng): [number, Rng] {
  const [n, next] = nextInt(rng, BACKGAMMON_DIE_FACES);
  return [n + 1, next];
}

/** Plays wire steps (already checked) on the slots: the top checker moves, a hit blot goes to its bar. */
function playOnSlots(slots: Slots, color: BackgammonColor, steps: readonly BackgammonStep[]): { slots: Slots; played: BackgammonPlayedStep[] } {
  const next = slots.map((ids) => [...ids]);
  const played: BackgammonPlayedStep[] = [];
  for (const { currentPoint, targetPoint, diceUsed } of steps) {
    const checkerId = (next[currentPoint] as string[]).pop() as string;
    const target = next[targetPoint] as string[];
    let hitCheckerId: string | null = null;
    if (target.length === 1 && colorOfChecker(target[0] as string) !== color) {
      hitCheckerId = target.pop() as string;
      (next[barOf(otherColor(color))] as string[]).push(hitCheckerId);
    }
    target.push(checkerId);
    played.push({ currentPoint, targetPoint, diceUsed, checkerId, hitCheckerId });
  }
  return { slots: next, played };
}

function finish(state: BackgammonState, winnerId: string, endReason: EndReason): BackgammonState {
  return { ...state, phase: 'game-completed', turn: null, winnerId, loserId: opponentOf(state, winnerId), endReason };
}

/**
 * Ends the mover's turn with `steps` (legal, or [] for a pass): records it, then the game ends (15 off,
 * or a third automatic turn) or the opponent's dice are rolled and their turn starts now.
 */
function endTurn(state: BackgammonState, steps: readonly BackgammonStep[], how: { auto: boolean; forced: boolean }, now: number): BackgammonState {
  const mover = state.turn as string;
  const color = colorOfPlayer(state, mover);
  const { slots, played } = playOnSlots(state.slots, color, steps);
  const record: BackgammonTurnRecord = {
    turnNumber: state.turnNumber,
    playerId: mover,
    color,
    dice: [state.dice[0], state.dice[1]],
    moves: played,
    autoPlayed: how.auto,
  };
  const streak = how.forced ? (state.autoTurns[mover] ?? 0) : how.auto ? (state.autoTurns[mover] ?? 0) + 1 : 0;
  const recorded: BackgammonState = {
    ...state,
    slots,
    moveHistory: [...state.moveHistory, record],
    autoTurns: { ...state.autoTurns, [mover]: streak },
  };
  if (hasWon(wireBoardOf(slots), color)) return finish(recorded, mover, null);
  if (streak >= BACKGAMMON_AUTO_TURNS_TO_FORFEIT) return finish(recorded, opponentOf(state, mover), 'timeout');
  const [d1, afterFirst] = rollDie(state.rng);
  const [d2, rng] = rollDie(afterFirst);
  return {
    ...recorded,
    rng,
    phase: 'move-checker',
    turn: opponentOf(state, mover),
    dice: [d1, d2],
    turnNumber: state.turnNumber + 1,
    timerStartTime: now,
  };
}

function checkPlayer(state: BackgammonState, playerId: string): void {
  if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
  if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
}

export const backgammonRules: GameRules<BackgammonState, BackgammonMove, BackgammonRulesView> = {
  mode: 'backgammon',

  create(players, seed, now) {
    // The opening roll: one die each, again on a tie; the higher die starts and plays both.
    let rng = createRng(seed);
    const openingRolls: BackgammonOpeningRoll[] = [];
    let roll: BackgammonOpeningRoll;
    do {
      const [white, afterWhite] = rollDie(rng);
      const [black, afterBlack] = rollDie(afterWhite);
      rng = afterBlack;
      roll = { white, black };
      openingRolls.push(roll);
    } while (roll.white === roll.black);
    const starter: BackgammonColor = roll.white > roll.black ? 'white' : 'black';
    const state: BackgammonState = {
      players: [players[0], players[1]],
      rng,
      phase: 'game-start',
      slots: startSlots(),
      turn: null,
      dice: starter === 'white' ? [roll.white, roll.black] : [roll.black, roll.white],
      openingRolls,
      turnNumber: 1,
      // `game-start` shows the opening roll for its animation; the first turn's clock starts after it.
      timerStartTime: now + BACKGAMMON_OPENING_ROLL_MS,
      moveHistory: [],
      autoTurns: { [players[0]]: 0, [players[1]]: 0 },
      winnerId: null,
      loserId: null,
      endReason: null,
    };
    return { ...state, turn: playerOfColor(state, starter) };
  },

  apply(state, playerId, move, now) {
    checkPlayer(state, playerId);
    if (state.turn !== playerId) throw new RuleError('conflict', 'It is not your turn');
    const steps: unknown = (move as { moves?: unknown } | null)?.moves;
    if (!Array.isArray(steps)) throw new RuleError('illegal', 'moves must be a list');
    const turn = turnOfState(state);
    if (!turn) throw new RuleError('conflict', 'The game is over');
    const moves = moveSetOf(turn);
    const error = moveError(turn, steps as BackgammonStep[], moves);
    if (error) throw new RuleError('illegal', error);
    const clean = (steps as BackgammonStep[]).map(({ currentPoint, targetPoint, diceUsed }) => ({ currentPoint, targetPoint, diceUsed }));
    return endTurn(state, clean, { auto: false, forced: moves.dice === 0 }, now);
  },

  deadline(state) {
    if (state.phase === 'game-completed') return null;
    // The opening roll's animation ends when the first turn's clock starts.
    if (state.phase === 'game-start') return state.timerStartTime;
    // A turn with no legal move is a pass nobody can change: the client sends it after 2.5 s, and if the
    // player is away the server passes soon after, instead of holding the opponent for the full 25 s.
    const turn = turnOfState(state);
    if (turn && moveSetOf(turn).dice === 0) return state.timerStartTime + FORCED_PASS_MS;
    return state.timerStartTime + BACKGAMMON_TURN_MS;
  },

  timeout(state, now) {
    if (state.phase === 'game-start') return { ...state, phase: 'move-checker' };
    const turn = turnOfState(state);
    if (!turn) return state;
    const moves = moveSetOf(turn);
    if (moves.dice === 0) return endTurn(state, [], { auto: true, forced: true }, now);
    const [play, rng] = pick(state.rng, moves.plays);
    return endTurn({ ...state, rng }, playToSteps(play, turn.color), { auto: true, forced: false }, now);
  },

  resign(state, playerId, _now) {
    checkPlayer(state, playerId);
    return finish(state, opponentOf(state, playerId), 'opponent-left');
  },

  view: viewOf,

  outcome(state): Outcome | null {
    if (state.phase !== 'game-completed' || !state.winnerId || !state.loserId) return null;
    const board = wireBoardOf(state.slots);
    const points = Object.fromEntries(state.players.map((id) => [id, borneOffOf(board, colorOfPlayer(state, id))]));
    return { winnerId: state.winnerId, loserId: state.loserId, endReason: state.endReason, points };
  },
};
