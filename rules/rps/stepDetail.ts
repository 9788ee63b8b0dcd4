import type { StepLine } from '../../protocol/fairness.ts';
import { rpsChoices, type RpsChoice, type RpsRoundResult } from '../../protocol/rps.ts';
import type { StepDetail, StepInput } from '../stepDetail.ts';
import type { RpsState } from './index.ts';

/** An RPS step told (../stepDetail.ts): the choice made, or the round's end and its auto-picks. */

const choiceOf = (choice: unknown): RpsChoice | undefined => (rpsChoices.includes(choice as RpsChoice) ? (choice as RpsChoice) : undefined);
/** A round's number, as a number (a proof from outside could say anything). */
const roundOf = (n: unknown): number | undefined => (Number.isSafeInteger(n) ? (n as number) : undefined);

/** The round this step resolved, if it resolved one. */
function resolvedRound(before: RpsState | null, after: RpsState): RpsRoundResult | undefined {
  const results = after.roundResults;
  return results.length > (before?.roundResults.length ?? 0) ? results[results.length - 1] : undefined;
}

export function rpsStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as RpsState | null;
  const after = afterState as RpsState;
  if (input.action === 'move') {
    const choice = choiceOf((input.move as { choice?: unknown } | null)?.choice);
    return choice ? { move: { say: 'rps-chose', choice } } : {};
  }
  if (input.action !== 'timeout' || !before) return {};
  if (before.phase === 'round-completed') {
    const round = roundOf(after.currentRound);
    return round === undefined ? {} : { move: { say: 'rps-round-began', round } };
  }
  const round = resolvedRound(before, after);
  const number = roundOf(round?.roundNumber);
  if (!round || number === undefined) return {};
  // Only a player who had not chosen is auto-picked; their pick is the seeded source's.
  const drawn: StepLine[] = [];
  for (const player of after.players) {
    const choice = choiceOf(round.choices[player]);
    if (round.autoPicked[player] && choice) drawn.push({ player, say: 'rps-auto-picked', choice });
  }
  return { move: { say: 'rps-round-ran-out', round: number }, drawn };
}
