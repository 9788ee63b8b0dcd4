import type { CurrentGameAnswer } from '../../protocol/game.ts';
import { get } from './http.ts';

/**
 * GET /api/current-game → the player's game as they see it, or {game: null, opponents: []}.
 * No query options: the answer goes into the live game store (src/app/liveGame.ts), which owns the
 * resync rules (versions, in-flight reuse), so a cached copy would only be a second, staler truth.
 */
export const fetchCurrentGame = () => get<CurrentGameAnswer>('/current-game');
