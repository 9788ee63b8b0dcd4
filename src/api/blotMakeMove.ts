import type { BlotGameView, BlotMakeMoveBody } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/blot/make-move {gameId, card, combinationDecision?, v} → the mover's GameUpdate. In trick 1 a
 * player holding a combination sends 'announce' or 'cancel' with their first card. 409: not your turn, or
 * `v` is stale; 422: not a legal card, or the decision missing or not due.
 */
export const blotMakeMove = (body: BlotMakeMoveBody) => post<GameUpdate<BlotGameView>>('/blot/make-move', body, answeredHere());
