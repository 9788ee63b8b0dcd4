import type { GameMode } from '../../protocol/constants.ts';
import { post } from './http.ts';

/**
 * POST /api/leave-rps-game, /leave-belote-game, /leave-carrom-game, /leave-backgammon-game {gameId} →
 * {ok: true}. Four endpoints of one shape (spec §7), kept together because the shared leave popup
 * (src/ui) serves every game screen. Leaving forfeits: the opponent wins.
 */
const leavePaths: Record<GameMode, string> = {
  rps: '/leave-rps-game',
  blot: '/leave-belote-game',
  carrom: '/leave-carrom-game',
  backgammon: '/leave-backgammon-game',
};

export const leaveGame = (gameMode: GameMode, gameId: string) => post<{ ok: boolean }>(leavePaths[gameMode], { gameId });
