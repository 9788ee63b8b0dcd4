import { gameNames, type GameMode } from '../../../protocol/constants.ts';
import type { ProofAction, VerifiedStep } from '../../../protocol/fairness.ts';

/** The Verify page's words: a proof's verdict told to a player, not to a cryptographer. */

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What the random draws of each mode are for; carrom has none (its seed only commits the game). */
const drawUses: Record<GameMode, string | null> = {
  backgammon: 'dice rolls',
  blot: 'deals and auto-picks',
  rps: 'auto-picks',
  carrom: null,
};

/** "All 57 steps of this Backgammon game, and its 112 random draws (dice rolls), match the seeds …" */
export function verifiedHeadline(gameMode: GameMode, steps: readonly VerifiedStep[]): string {
  const draws = steps.reduce((sum, step) => sum + step.draws, 0);
  const uses = drawUses[gameMode];
  const drawn = draws > 0 ? `, and its ${plural(draws, 'random draw')}${uses ? ` (${uses})` : ''},` : '';
  // A proof has at least its creation and an end (a move, a leave, a cancel): never a single step.
  return `All ${plural(steps.length, 'step')} of this ${gameNames[gameMode]} game${drawn} match the seeds committed before it started.`;
}

export const actionText: Record<ProofAction, string> = {
  create: 'Created',
  move: 'Move',
  timeout: 'Timeout',
  leave: 'Left',
  cancel: 'Canceled',
};

/**
 * Who acted, from the signed-in player's side: a seat's id is 'You' or 'Opponent'; anything else
 * ('server' for creation and timeouts, 'admin:<id>' for an operator's cancel) is the server's doing.
 */
export function whoText(actor: string, players: readonly string[], myId: string | undefined): string {
  const seat = players.indexOf(actor);
  if (seat < 0) return 'Server';
  if (actor === myId) return 'You';
  // Not one of the players (should not happen: the server shows a proof to its players only).
  return myId !== undefined && players.includes(myId) ? 'Opponent' : `Player ${seat + 1}`;
}

/**
 * Step 0 is the seeds (the server seed against its commitment, the client seeds against what this
 * device sent) and n + 1 the result (protocol/fairness.ts Verdict).
 */
export function failedStepText(step: number, inputs: number | null): string {
  if (step === 0) return 'Step 0, the seeds and their commitment';
  if (inputs !== null && step === inputs + 1) return `Step ${step}, the result`;
  return `Step ${step}`;
}

/** A step's time of day, seconds included: many steps share a minute. */
export function stepTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
