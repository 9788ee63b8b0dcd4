import type { BackgammonColor, BackgammonOpeningRoll, BackgammonTurnRecord } from '../../protocol/backgammon.ts';
import type { EndReason } from '../../protocol/game.ts';
import type { Rng } from '../random.ts';
import { wireBoardOf, type Slots } from './board.ts';
import type { BackgammonTurn } from './steps.ts';

/** The stored game: plain JSON (a jsonb column). The board is kept as checker ids per slot (board.ts). */
export interface BackgammonState {
  /** [white, black]: the first in the queue plays white. */
  players: [string, string];
  rng: Rng;
  /** `game-start` until the opening turn is played. */
  phase: 'game-start' | 'move-checker' | 'game-completed';
  /** Index = wire slot 1–28 (index 0 unused): the checker ids there, bottom first. */
  slots: Slots;
  /** The player to move; null once the game is over. */
  turn: string | null;
  dice: [number, number];
  openingRolls: BackgammonOpeningRoll[];
  turnNumber: number;
  timerStartTime: number;
  moveHistory: BackgammonTurnRecord[];
  /** Automatic turns in a row per player (a forced pass neither adds nor resets: see index.ts). */
  autoTurns: Record<string, number>;
  winnerId: string | null;
  loserId: string | null;
  endReason: EndReason;
}

export const colorOfPlayer = (state: BackgammonState, playerId: string): BackgammonColor =>
  playerId === state.players[0] ? 'white' : 'black';

export const playerOfColor = (state: BackgammonState, color: BackgammonColor): string =>
  color === 'white' ? state.players[0] : state.players[1];

export const opponentOf = (state: BackgammonState, playerId: string): string =>
  playerId === state.players[0] ? state.players[1] : state.players[0];

/** The turn in progress, null once the game is over. */
export function turnOfState(state: BackgammonState): BackgammonTurn | null {
  if (state.phase === 'game-completed' || state.turn === null) return null;
  return { color: colorOfPlayer(state, state.turn), dice: state.dice, board: wireBoardOf(state.slots) };
}
