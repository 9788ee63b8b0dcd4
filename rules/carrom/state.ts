import type { CarromCoin, CarromColor, CarromLastMove, CarromQueenState } from '../../protocol/carrom.ts';
import type { EndReason } from '../../protocol/game.ts';

/** The stored game: plain JSON (a jsonb column). Nothing in carrom is random. */
export interface CarromState {
  /** [white, black]: the first in the queue plays white and shoots first. */
  players: [string, string];
  /** SHA-256 of the game's seed: the one thing the seed decides here, so a proof is bound to it. */
  gameSeedHash: string;
  phase: 'playing' | 'game-completed';
  /** The player to shoot; null once the game is over. */
  turn: string | null;
  /** All 19 pieces, pocketed ones `isProcessed`; the striker is not kept between shots. */
  coins: CarromCoin[];
  /** Each player's own coins in the pockets, in the order they went. */
  pocketedPieces: Record<string, string[]>;
  /** `onBoard` or `secured` between shots. */
  queenState: CarromQueenState;
  queenPocketedBy: string | null;
  strikerBeenHit: boolean;
  strikerFell: boolean;
  lastMove: CarromLastMove | null;
  shotCount: number;
  /** When the current turn's 22 s start (after a shot: once its replay has ended). */
  timerStartTime: number;
  /** The current turn came from a timeout, not a shot. */
  timeoutTriggered: boolean;
  /** Timed-out turns in a row per player. */
  timeouts: Record<string, number>;
  winnerId: string | null;
  loserId: string | null;
  endReason: EndReason;
}

export const colorOfPlayer = (state: CarromState, playerId: string): CarromColor =>
  playerId === state.players[0] ? 'white' : 'black';

export const playerOfColor = (state: CarromState, color: CarromColor): string =>
  color === 'white' ? state.players[0] : state.players[1];

export const opponentOf = (state: CarromState, playerId: string): string =>
  playerId === state.players[0] ? state.players[1] : state.players[0];

export const perPlayer = <T>(state: CarromState, value: (playerId: string) => T): Record<string, T> =>
  Object.fromEntries(state.players.map((id) => [id, value(id)]));
