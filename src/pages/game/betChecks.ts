import type { GameMode } from '../../../protocol/constants.ts';
import { gameText, SCORE_GATE, scoreGatedBets } from '../../../protocol/game.ts';

/**
 * Spec §5 'Start game', checked before any call, in the spec's order: a game and a bet, enough
 * balance, and the score gate of the high Belote and RPS bets. The server checks all of it again.
 */
export function startGameProblem(mode: GameMode | null, bet: number | null, balance: number, score: number): string | null {
  if (!mode || bet === null) return gameText.selectGameAndBet;
  if (balance < bet) return gameText.insufficientBalance;
  if (scoreGatedBets[mode].includes(bet) && score < SCORE_GATE) return gameText.requiresScore;
  return null;
}
