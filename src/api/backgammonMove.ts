import type { BackgammonGameView, BackgammonMoveBody } from '../../protocol/backgammon.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/move-backgammon-checker {gameId, moves, v} → the mover's GameUpdate. The whole turn at once
 * (an empty list only when nothing can move). 409: not your turn, or `v` is stale; 422: not a legal move.
 */
export const backgammonMove = (body: BackgammonMoveBody) => post<GameUpdate<BackgammonGameView>>('/move-backgammon-checker', body, answeredHere());
