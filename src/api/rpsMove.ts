import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView, RpsMoveBody } from '../../protocol/rps.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/rps-move {gameId, choice, round} → the mover's GameUpdate. 409: already chosen this round, or
 * the round is over; 400: not a choice.
 */
export const rpsMove = (body: RpsMoveBody) => post<GameUpdate<RpsGameView>>('/rps-move', body, answeredHere());
