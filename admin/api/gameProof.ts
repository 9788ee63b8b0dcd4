import type { GameProof } from '../../protocol/fairness.ts';
import { adminGet } from './adminHttp.ts';

/** GET /api/admin/games/{id}/proof → a finished game's proof (issue 18), saved by the page as .json. */
export const fetchGameProof = (gameId: string) => adminGet<GameProof>(`/games/${encodeURIComponent(gameId)}/proof`);
