import { rpsChoices, type RpsChoice, type RpsRoundResult } from '../../protocol/rps.ts';
import type { StepDetail, StepInput, StepText } from '../stepDetail.ts';
import type { RpsState } from './index.ts';

/** An RPS step in words (../stepDetail.ts): the choice made, or the round's end and its auto-picks. */

const choiceName: Record<RpsChoice, string> = { rock: 'Rock', paper: 'Paper', scissors: 'Scissors' };

const nameOf = (choice: unknown): string | undefined => (rpsChoices.includes(choice as RpsChoice) ? choiceName[choice as RpsChoice] : undefined);

/** The round this step resolved, if it resolved one. */
function resolvedRound(before: RpsState | null, after: RpsState): RpsRoundResult | undefined {
  const results = after.roundResults;
  return results.length > (before?.roundResults.length ?? 0) ? results[results.length - 1] : undefined;
}

export function rpsStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as RpsState | null;
  const after = afterState as RpsState;
  if (input.action === 'move') {
    const choice = nameOf((input.move as { choice?: unknown } | null)?.choice);
    return choice ? { move: { text: `chose ${choice}` } } : {};
  }
  if (input.action !== 'timeout' || !before) return {};
  if (before.phase === 'round-completed') return { move: { text: `round ${after.currentRound} began` } };
  const round = resolvedRound(before, after);
  if (!round) return {};
  // Only a player who had not chosen is auto-picked; their pick is the seeded source's.
  const drawn: StepText[] = [];
  for (const player of after.players) {
    const choice = nameOf(round.choices[player]);
    if (round.autoPicked[player] && choice) drawn.push({ player, text: `auto-picked ${choice}` });
  }
  return { move: { text: `round ${round.roundNumber}: time ran out` }, drawn };
}
