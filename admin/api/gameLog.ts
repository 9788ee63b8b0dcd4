import { adminGet } from './adminHttp.ts';

/** GET /api/admin/games/{id}/log → the game's log lines (JSON text each), saved by the page as a .txt. */
export const fetchGameLog = (gameId: string) => adminGet<unknown>(`/games/${encodeURIComponent(gameId)}/log`);
