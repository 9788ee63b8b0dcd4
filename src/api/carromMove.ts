import type { CarromGameView, CarromMoveBody } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/make-carrom-move {gameId, move: {playerId, strikerPosition, angle, speed, hitStrength}, v} →
 * the shooter's GameUpdate, the shot already played and scored. 409: not your turn, or `v` is stale;
 * 422: numbers the rules refuse (a pull below 18, a striker off the baseline).
 */
export const carromMove = (body: CarromMoveBody) => post<GameUpdate<CarromGameView>>('/make-carrom-move', body, answeredHere());
