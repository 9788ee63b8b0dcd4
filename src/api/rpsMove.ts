import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView, RpsMoveBody } from '../../protocol/rps.ts';
import { post } from './http.ts';

/**
 * POST /api/rps-move {gameId, choice, v} → the mover's GameUpdate. 409: already chosen this round, or `v`
 * is stale; 422: not a legal move now.
 */
export const rpsMove = (body: RpsMoveBody) => post<GameUpdate<RpsGameView>>('/rps-move', body);
