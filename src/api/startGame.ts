import type { StartGameAnswer, StartGameBody } from '../../protocol/game.ts';
import { post } from './http.ts';

/**
 * POST /api/start-game {betAmount, gameMode, socketId, isRematch?} → {status: 'searching'|'started', balance}.
 * The bet is in escrow once this answers: `balance` is what the player has left.
 */
export const startGame = (body: StartGameBody) => post<StartGameAnswer>('/start-game', body);
