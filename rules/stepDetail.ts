import type { GameMode } from '../protocol/constants.ts';
import type { ProofInput, VerifiedStep } from '../protocol/fairness.ts';
import { backgammonStepDetail } from './backgammon/stepDetail.ts';
import { blotStepDetail } from './blot/stepDetail.ts';
import { carromStepDetail } from './carrom/stepDetail.ts';
import { rpsStepDetail } from './rps/stepDetail.ts';

/**
 * A verified step told in words (issue 18, "each roll or deal and what it came from"): what the step did
 * and what its seeded draws produced, read off the states before and after it, which the replay has
 * anyway. Nothing beyond the proof: hands and dice are in its states already.
 *
 * Player ids stay out of the words: a line about a player carries the id in `player`, and the page puts
 * the player's name before it ("You: rolled 5 and 3"), so the texts read right whoever is looking.
 */

/** One line of words; `player` (an id) is whom it is about when that is not plainly the step's actor. */
export type StepText = NonNullable<VerifiedStep['move']>;

/** What the Verify page shows under a step besides who and when. */
export type StepDetail = Pick<VerifiedStep, 'move' | 'drawn'>;

/** What of an input the words need: who acted, how, and the move as the rules accepted it. */
export type StepInput = Pick<ProofInput, 'actor' | 'action' | 'move'>;

export type ModeStepDetail = (before: unknown, after: unknown, input: StepInput) => StepDetail;

const detailOfMode: Record<GameMode, ModeStepDetail> = {
  rps: rpsStepDetail,
  backgammon: backgammonStepDetail,
  blot: blotStepDetail,
  carrom: carromStepDetail,
};

/**
 * The step's words, `before` and `after` being its states as plain JSON (`before` null for the creation).
 * Never throws: the states come from a proof from outside, and a step it cannot describe simply has no
 * words (its check stands all the same). Empty parts are left out, so the detail has only what it says.
 */
export function stepDetailOf(mode: GameMode, before: unknown, after: unknown, input: StepInput): StepDetail {
  try {
    const detail = Object.hasOwn(detailOfMode, mode) ? detailOfMode[mode](before, after, input) : {};
    const move = detail.move && isText(detail.move) ? detail.move : undefined;
    const drawn = Array.isArray(detail.drawn) ? detail.drawn.filter(isText) : [];
    return { ...(move ? { move } : {}), ...(drawn.length > 0 ? { drawn } : {}) };
  } catch {
    return {};
  }
}

const isText = (line: StepText): boolean =>
  typeof line.text === 'string' && line.text.length > 0 && (line.player === undefined || typeof line.player === 'string');
