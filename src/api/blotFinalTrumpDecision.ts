import type { BlotFinalTrumpDecisionBody, BlotGameView } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { post } from './http.ts';
import { answeredHere } from './socket.ts';

/** POST /api/blot/final-trump-decision {gameId, withCard, v}: 'With Card' (true) or 'Without' (false) → the mover's GameUpdate. */
export const blotFinalTrumpDecision = (body: BlotFinalTrumpDecisionBody) => post<GameUpdate<BlotGameView>>('/blot/final-trump-decision', body, answeredHere());
