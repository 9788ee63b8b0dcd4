import type { TFunction } from 'i18next';
import type { GameMode } from '../../../protocol/constants.ts';
import { proofActions, proofValueText, type ProofAction, type Verdict, type VerifiedStep } from '../../../protocol/fairness.ts';
import { formatNumber, formatTimeWithSeconds } from '../../i18n/format.ts';

/** The Verify page's words: a proof's verdict told to a player, not to a cryptographer. */

type Failure = Extract<Verdict, { ok: false }>;

/** "All 57 steps of this Backgammon game, and its 112 random draws (dice rolls), match the seeds …" */
export function verifiedHeadline(t: TFunction, gameMode: GameMode, steps: readonly VerifiedStep[]): string {
  const draws = steps.reduce((sum, step) => sum + step.draws, 0);
  // A proof has at least its creation and an end (a move, a leave, a cancel): never a single step.
  const facts = { steps: t('records.verify.stepCount', { count: steps.length }), game: t(`games.${gameMode}.name`) };
  if (draws === 0) return t('records.verify.headline', facts);
  const drawn = { ...facts, draws: t('records.verify.drawCount', { count: draws }) };
  // What the random draws of each mode are for; carrom has none (its seed only commits the game).
  if (gameMode === 'carrom') return t('records.verify.headlineDrawnPlain', drawn);
  return t('records.verify.headlineDrawn', { ...drawn, uses: t(`records.verify.uses.${gameMode}`) });
}

/** A seat from the signed-in player's side: theirs, the opponent's, or (not one of the players) by number. */
export type Seat = 'you' | 'opponent' | { seat: number };
/** Who acted: a seat, or the server. */
export type Who = Seat | 'server';

export function seatOf(players: readonly string[], seat: number, myId: string | undefined): Seat {
  if (players[seat] === myId) return 'you';
  // Not one of the players (should not happen: the server shows a proof to its players only).
  return myId !== undefined && players.includes(myId) ? 'opponent' : { seat: seat + 1 };
}

/**
 * Who acted, from the signed-in player's side: a seat's id is 'You' or 'Opponent'; anything else
 * ('server' for creation and timeouts, 'admin:<id>' for an operator's cancel) is the server's doing.
 */
export function whoOf(actor: string, players: readonly string[], myId: string | undefined): Who {
  const seat = players.indexOf(actor);
  return seat < 0 ? 'server' : seatOf(players, seat, myId);
}

export const whoText = (t: TFunction, who: Who): string =>
  typeof who === 'string' ? t(`records.verify.who.${who}`) : t('records.verify.who.player', { seat: who.seat });

/** "Your seed", "Opponent's seed". */
export const seedOwnerText = (t: TFunction, seat: Seat): string =>
  typeof seat === 'string' ? t(`records.verify.seedOf.${seat}`) : t('records.verify.seedOf.player', { seat: seat.seat });

/**
 * Where the replay parted from the record, and why: "Step 6: The replay does not reach the state the
 * server recorded." Step 0 is the seeds (the server seed against its commitment, the client seeds against
 * what this device sent) and n + 1 the result (protocol/fairness.ts Verdict).
 */
export function failureText(t: TFunction, failure: Failure, inputs: number | null): string {
  const { step } = failure;
  const where =
    step === 0
      ? t('records.verify.stepSeeds')
      : inputs !== null && step === inputs + 1
        ? t('records.verify.stepResult', { step: formatNumber(step) })
        : t('records.verify.step', { step: formatNumber(step) });
  const reason =
    failure.code === 'refused'
      ? t('records.verify.failure.refused', { action: t(`records.verify.input.${failure.action ?? 'move'}`) })
      : t(`records.verify.failure.${failure.code}`);
  return t('records.verify.failedAt', { step: where, reason });
}

const valueKeys = Object.fromEntries(Object.entries(proofValueText).map(([key, text]) => [text, key])) as Record<string, keyof typeof proofValueText>;
const isAction = (value: string): value is ProofAction => (proofActions as readonly string[]).includes(value);
/** The failures whose values name an input: the creation missing or doubled, an input after the end. */
const actionValued = new Set<Failure['code']>(['no-creation', 'created-twice', 'after-the-end']);

/**
 * A failure's expected or got value as the page shows it: seeds, hashes, ids and JSON as they are; the
 * words the check wrote in their place ("nothing more", "(none)", an input's name) translated.
 */
export function failureValueText(t: TFunction, failure: Failure, value: string): string {
  const key = valueKeys[value];
  if (key && key !== 'orLater') return t(`records.verify.value.${key}`);
  if (actionValued.has(failure.code) && isAction(value)) return t(`records.verify.input.${value}`);
  if (failure.code === 'created-early' && value.endsWith(proofValueText.orLater)) {
    return t('records.verify.value.orLater', { time: value.slice(0, -proofValueText.orLater.length) });
  }
  if (failure.code === 'client-seed') {
    return value
      .split(', ')
      .map((seed) => (seed === proofValueText.noSeed ? t('records.verify.value.noSeed') : seed))
      .join(', ');
  }
  return value;
}

/** A step's time of day, seconds included: many steps share a minute. */
export function stepTime(t: TFunction, at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return t('common.invalidDate');
  return formatTimeWithSeconds(date);
}
