import type { GameMode } from '../protocol/constants.ts';
import type { ProofInput, StepLine, VerifiedStep } from '../protocol/fairness.ts';
import { backgammonStepDetail } from './backgammon/stepDetail.ts';
import { blotStepDetail } from './blot/stepDetail.ts';
import { carromStepDetail } from './carrom/stepDetail.ts';
import { rpsStepDetail } from './rps/stepDetail.ts';

/**
 * A verified step told (issue 18, "each roll or deal and what it came from"): what the step did and what
 * its seeded draws produced, read off the states before and after it, which the replay has anyway.
 * Nothing beyond the proof: hands and dice are in its states already.
 *
 * Facts, not words (protocol/fairness.ts StepPhrase): the Verify page says them in the player's language.
 * Player ids stay out of them too: a line about a player carries the id in `player`, and the page puts
 * the player's name before it ("You: rolled 5 and 3"), so the lines read right whoever is looking.
 */

export type { StepLine };

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
 * The step's facts, `before` and `after` being its states as plain JSON (`before` null for the creation).
 * Never throws: the states come from a proof from outside, and a step it cannot describe simply has no
 * lines (its check stands all the same). Empty parts are left out, so the detail has only what it says.
 */
export function stepDetailOf(mode: GameMode, before: unknown, after: unknown, input: StepInput): StepDetail {
  try {
    const detail = Object.hasOwn(detailOfMode, mode) ? detailOfMode[mode](before, after, input) : {};
    const move = detail.move && isLine(detail.move) ? detail.move : undefined;
    const drawn = Array.isArray(detail.drawn) ? detail.drawn.filter(isLine) : [];
    return { ...(move ? { move } : {}), ...(drawn.length > 0 ? { drawn } : {}) };
  } catch {
    return {};
  }
}

const isLine = (line: StepLine): boolean => typeof line.say === 'string' && (line.player === undefined || typeof line.player === 'string');
