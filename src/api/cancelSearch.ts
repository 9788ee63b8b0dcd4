import type { CancelSearchAnswer } from '../../protocol/game.ts';
import { post } from './http.ts';

/** POST /api/cancel-search → {balance} with the bet back; 409 when a pairing won the race. */
export const cancelSearch = () => post<CancelSearchAnswer>('/cancel-search');
