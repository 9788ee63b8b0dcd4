import type { GameMode } from '../../../protocol/constants.ts';
import { SCORE_GATE, scoreGatedBets } from '../../../protocol/gameConstants.ts';

/** Why a game cannot start yet: the key of its text under `bet.` in the locale files. */
export type StartGameProblem = 'selectGameAndBet' | 'insufficientBalance' | 'requiresScore';

/**
 * Spec §5 'Start game', checked before any call, in the spec's order: a game and a bet, enough
 * balance, and the score gate of the high Belote and RPS bets. The server checks all of it again.
 */
export function startGameProblem(mode: GameMode | null, bet: number | null, balance: number, score: number): StartGameProblem | null {
  if (!mode || bet === null) return 'selectGameAndBet';
  if (balance < bet) return 'insufficientBalance';
  if (scoreGatedBets[mode].includes(bet) && score < SCORE_GATE) return 'requiresScore';
  return null;
}
