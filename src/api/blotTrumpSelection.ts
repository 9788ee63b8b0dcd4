import type { BlotGameView, BlotTrumpSelectionBody } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/blot/trump-selection {gameId, suit, v}: a suit, 'anxoz' or 'pass' in the second bidding round
 * → the mover's GameUpdate. 422: the face-up card's suit, refused in the first round.
 */
export const blotTrumpSelection = (body: BlotTrumpSelectionBody) => post<GameUpdate<BlotGameView>>('/blot/trump-selection', body, answeredHere());
