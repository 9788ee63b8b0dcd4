import {
  BLOT_AUTO_ACTIONS_TO_FORFEIT,
  BLOT_ROUND_CANCELED_MS,
  BLOT_ROUND_RESULTS_MS,
  BLOT_TURN_MS,
  blotMove,
  type BlotCard,
  type BlotMove,
} from '../../protocol/blot.ts';
import { RuleError, type GameRules, type Outcome } from '../game.ts';
import { createRng, nextInt, pick } from '../random.ts';
import { finalTrumpDecision, trumpDecision, trumpSelection } from './bidding.ts';
import { otherPlayer } from './match.ts';
import { autoCandidates, decisionRequired, playCard } from './play.ts';
import { finish, nextRound, perPlayer, shuffleAndDeal, type BlotTable } from './round.ts';
import type { BlotState } from './state.ts';
import { viewOf, type BlotRulesView } from './view.ts';

/**
 * Belote (Armenian Blot), exactly as ../shared/rules/blot.md: two players, 32 cards, Take/Pass then a
 * suit or Anxoz with 'With Card'/'Without', combinations with Announce/Cancel, eight tricks, the failed
 * contract rule, rounding floor((raw + 4) / 10), first past 101 with the tie rule.
 *
 * Time: every action has BLOT_TURN_MS from `timerStartTime`; at the deadline the server passes, says
 * Without, cancels combinations or plays the lowest legal card (`autoPlayed`). Three automatic actions
 * of a player in a row forfeit ('timeout'); one of their own resets the count. Between rounds the
 * state rests while the clients show the round's results (BLOT_ROUND_RESULTS_MS) or the canceled-round
 * notice (BLOT_ROUND_CANCELED_MS); the deadline then deals the next round.
 */

export type { BlotState } from './state.ts';
export type { BlotRulesView } from './view.ts';
// What the app (and tests) may call besides the rules object.
export { legalMoves, trickTaker } from './legality.ts';
export { cardPoints, deckOf, rankIndex } from './cards.ts';
export { detectCombinations, combinationWinner, holdsBlot } from './combinations.ts';
export { scoreRound, tablePoints } from './scoring.ts';
export { matchWinner } from './match.ts';
export { legalCardsOf } from './play.ts';
export { legalCardsOfView } from './view.ts';
export { dealRound } from './round.ts';

const PLAY_PHASES = new Set(['trump-decision', 'trump-selection', 'trump-final-selection', 'in-progress', 'trick-in-progress']);

function parseMove(move: unknown): BlotMove {
  const parsed = blotMove.safeParse(move);
  if (!parsed.success) throw new RuleError('illegal', 'Unknown move');
  return parsed.data;
}

/** One action of `player`, theirs or automatic. The phase checks live with each action. */
function act(state: BlotState, player: string, move: BlotMove, auto: boolean, now: number): BlotState {
  const start: BlotState = { ...state, phaseEvents: [], autoActions: { ...state.autoActions, [player]: auto ? (state.autoActions[player] ?? 0) + 1 : 0 } };
  switch (move.type) {
    case 'trump-decision':
      return trumpDecision(start, player, move.takeCard, now);
    case 'trump-selection':
      return trumpSelection(start, player, move.suit, now);
    case 'final-trump-decision':
      return finalTrumpDecision(start, player, move.withCard, now);
    case 'make-move':
      return playCard(start, player, move.card, move.combinationDecision, auto, now);
  }
}

/** What the server does for a player whose time ran out (blot.md, Timers). */
function automaticMove(state: BlotState, player: string): [BlotMove, BlotState] {
  switch (state.phase) {
    case 'trump-decision':
      return [{ type: 'trump-decision', takeCard: false }, state];
    case 'trump-selection':
      return [{ type: 'trump-selection', suit: 'pass' }, state];
    case 'trump-final-selection':
      return [{ type: 'final-trump-decision', withCard: false }, state];
    default: {
      const candidates = autoCandidates(state, player);
      const [card, rng] = candidates.length > 1 ? pick(state.rng, candidates) : [candidates[0] as BlotCard, state.rng];
      const combinationDecision = decisionRequired(state.round, player) ? ('cancel' as const) : undefined;
      return [{ type: 'make-move', card, combinationDecision }, { ...state, rng }];
    }
  }
}

function deadlineOf(state: BlotState): number | null {
  if (state.phase === 'game-completed') return null;
  if (state.phase === 'round-completed') return state.timerStartTime + BLOT_ROUND_RESULTS_MS;
  if (state.phase === 'round-canceled') return state.timerStartTime + BLOT_ROUND_CANCELED_MS;
  return state.timerStartTime + BLOT_TURN_MS;
}

export const blotRules: GameRules<BlotState, BlotMove, BlotRulesView> = {
  mode: 'blot',

  create(players, seed, now) {
    const [first, rng] = nextInt(createRng(seed), 2);
    const table: BlotTable = {
      players: [players[0], players[1]],
      rng,
      phaseEvents: [],
      totals: { [players[0]]: 0, [players[1]]: 0 },
      results: [],
      autoActions: { [players[0]]: 0, [players[1]]: 0 },
      winnerId: null,
      loserId: null,
      endReason: null,
    };
    // The first dealer is drawn uniformly.
    return shuffleAndDeal(table, 1, players[first] as string, now);
  },

  apply(state, playerId, move, now) {
    const parsed = parseMove(move);
    if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
    if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
    if (!PLAY_PHASES.has(state.phase)) throw new RuleError('conflict', 'The next round has not started yet');
    if (state.turn !== playerId) throw new RuleError('conflict', 'It is not your turn');
    return act(state, playerId, parsed, false, now);
  },

  deadline: deadlineOf,

  timeout(state, now) {
    const due = deadlineOf(state);
    if (due === null || now < due) return state;
    if (state.phase === 'round-completed' || state.phase === 'round-canceled') return nextRound({ ...state, phaseEvents: [] }, now);
    const player = state.turn as string;
    const [move, drawn] = automaticMove(state, player);
    const next = act(drawn, player, move, true, now);
    if (next.phase !== 'game-completed' && (next.autoActions[player] ?? 0) >= BLOT_AUTO_ACTIONS_TO_FORFEIT) {
      return finish(next, otherPlayer(state.players, player), 'timeout');
    }
    return next;
  },

  resign(state, playerId, _now) {
    if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
    if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
    return finish({ ...state, phaseEvents: [] }, otherPlayer(state.players, playerId), 'opponent-left');
  },

  view: viewOf,

  outcome(state): Outcome | null {
    if (state.phase !== 'game-completed' || !state.winnerId || !state.loserId) return null;
    return { winnerId: state.winnerId, loserId: state.loserId, endReason: state.endReason, points: perPlayer(state, (id) => state.totals[id] ?? 0) };
  },
};
