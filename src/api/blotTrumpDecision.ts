import type { BlotGameView, BlotTrumpDecisionBody } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/** POST /api/blot/trump-decision {gameId, takeCard, v}: Take (true) or Pass (false) the face-up card → the mover's GameUpdate. */
export const blotTrumpDecision = (body: BlotTrumpDecisionBody) => post<GameUpdate<BlotGameView>>('/blot/trump-decision', body, answeredHere());
