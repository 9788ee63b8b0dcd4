import type { GameMode } from '../protocol/constants.ts';
import type { EndReason } from '../protocol/game.ts';

/**
 * The contract every game's rules module fulfils (DESIGN.md §5). The server is the only caller that
 * changes state; the app uses the same functions for hints and replays. All functions are pure: the
 * time comes in as `now` (ms since the epoch), randomness from the state's seeded source.
 */

/** Why a move was refused. `conflict` (409): the move was fine once but the game has moved on (already
 * chosen, not your turn); `illegal` (422): no such move in this position. Nothing changes either way. */
export class RuleError extends Error {
  constructor(
    readonly kind: 'conflict' | 'illegal',
    message: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

export interface Outcome {
  winnerId: string;
  loserId: string;
  endReason: EndReason;
  /** Points per player for the history (rounds won, points toward 101, …). */
  points: Record<string, number>;
}

/** What a rules module adds to the common view; the server adds the common fields. */
export interface RulesView {
  phase: string;
  turn: string | null;
  totalGamePoints: Record<string, number>;
  playerColors: Record<string, string>;
  timerStartTime: number | null;
}

export interface GameRules<State, Move, View extends RulesView> {
  mode: GameMode;
  /** A new game between two players, seeded. */
  create(players: readonly [string, string], seed: string, now: number): State;
  /** A player's move; throws RuleError and leaves `state` untouched when refused. */
  apply(state: State, playerId: string, move: Move, now: number): State;
  /** When the rules next act on their own (a turn runs out, a reveal ends); null when nothing is due. */
  deadline(state: State): number | null;
  /** What happens at the deadline (auto-pick, next round, forfeit). Called only once `now >= deadline`. */
  timeout(state: State, now: number): State;
  /** A player leaves: the other wins ('opponent-left'). */
  resign(state: State, playerId: string, now: number): State;
  /** The state as one player may see it: never a secret of the opponent's, never the seed. */
  view(state: State, playerId: string): View;
  /** Set once the game is over. */
  outcome(state: State): Outcome | null;
}
