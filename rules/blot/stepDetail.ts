import { blotMove, blotSuits, blotValues, type BlotCard, type BlotMove } from '../../protocol/blot.ts';
import type { BlotCardName, BlotDeed, StepLine } from '../../protocol/fairness.ts';
import type { StepDetail, StepInput } from '../stepDetail.ts';
import { autoCandidates, decisionRequired } from './play.ts';
import type { BlotState } from './state.ts';

/**
 * A Belote step told (../stepDetail.ts): the bid or card played, what the server did for a player whose
 * time ran out, and the cards each deal gave: the first five each and the face-up card from the shuffle,
 * then the rest once the contract is fixed (from the same shuffle: no new draw).
 */

/** The card's value and suit, or undefined if it is not a card (a proof from outside could say anything). */
function cardOf(card: BlotCard | undefined): BlotCardName | undefined {
  if (!card || !blotValues.includes(card.value) || !blotSuits.includes(card.suit)) return undefined;
  return { value: card.value, suit: card.suit };
}

/** Every card named; undefined if there are none or any is not a card. */
function cardsOf(cards: readonly BlotCard[]): BlotCardName[] | undefined {
  const names = cards.map(cardOf);
  if (names.length === 0 || names.some((name) => name === undefined)) return undefined;
  return names as BlotCardName[];
}

/** What a move did, from the state it was made in. */
function deedOf(before: BlotState, move: BlotMove): BlotDeed | undefined {
  const faceUp = cardOf(before.round.faceUp);
  switch (move.type) {
    case 'trump-decision':
      if (!move.takeCard) return { did: 'passed' };
      return faceUp && { did: 'took', card: faceUp };
    case 'trump-selection':
      return move.suit === 'pass' ? { did: 'passed' } : { did: 'chose', trump: move.suit };
    case 'final-trump-decision':
      if (!move.withCard) return { did: 'without' };
      return faceUp && { did: 'with-card', card: faceUp };
    case 'make-move': {
      const card = cardOf(move.card);
      return card && { did: 'played', card, combinations: move.combinationDecision ?? null };
    }
  }
}

/** What the server played for `player` at the deadline (index.ts automaticMove), read off the states. */
function automaticMove(before: BlotState, after: BlotState, player: string): BlotMove | undefined {
  switch (before.phase) {
    case 'trump-decision':
      return { type: 'trump-decision', takeCard: false };
    case 'trump-selection':
      return { type: 'trump-selection', suit: 'pass' };
    case 'trump-final-selection':
      return { type: 'final-trump-decision', withCard: false };
    default: {
      const left = new Set((after.round.hands[player] ?? []).map((card) => card._id));
      const card = (before.round.hands[player] ?? []).find((held) => !left.has(held._id));
      if (!card) return undefined;
      return { type: 'make-move', card, combinationDecision: decisionRequired(before.round, player) ? 'cancel' : undefined };
    }
  }
}

/** A fresh deal: E (the non-dealer) is served first, then the dealer, then card 11 goes face up. */
function initialDeal(after: BlotState): StepLine[] {
  const { elder, dealer, initialCards, faceUp } = after.round;
  const lines: StepLine[] = [];
  for (const player of [elder, dealer]) {
    const cards = cardsOf(initialCards[player] ?? []);
    if (cards) lines.push({ player, say: 'blot-dealt', cards, rest: false });
  }
  const card = cardOf(faceUp);
  if (card) lines.push({ say: 'blot-face-up', card });
  return lines;
}

/** The contract is fixed: each hand filled up to eight from the stock (the face-up card is the move's). */
function remainingDeal(before: BlotState, after: BlotState): StepLine[] {
  const { elder, dealer, faceUp, faceUpTakenBy } = after.round;
  const lines: StepLine[] = [];
  for (const player of [elder, dealer]) {
    const held = new Set((before.round.hands[player] ?? []).map((card) => card._id));
    if (faceUpTakenBy === player) held.add(faceUp._id);
    const cards = cardsOf((after.round.hands[player] ?? []).filter((card) => !held.has(card._id)));
    if (cards) lines.push({ player, say: 'blot-dealt', cards, rest: true });
  }
  return lines;
}

export function blotStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as BlotState | null;
  const after = afterState as BlotState;
  const events = after.phaseEvents;
  const drawn: StepLine[] = [];
  let move: StepLine | undefined;

  if (input.action === 'create') drawn.push({ player: after.round.dealer, say: 'blot-first-dealer' });
  else if (!before || (input.action !== 'move' && input.action !== 'timeout')) return {};
  else if (input.action === 'move') {
    const parsed = blotMove.safeParse(input.move);
    const deed = parsed.success ? deedOf(before, parsed.data) : undefined;
    if (deed) move = { say: 'blot-move', deed, ranOut: false, roundCanceled: false };
  } else if (before.phase === 'round-completed' || before.phase === 'round-canceled') {
    const deal = after.round.dealNumber;
    if (Number.isSafeInteger(deal)) move = { say: 'blot-next-deal', deal };
  } else if (before.turn) {
    const player = before.turn;
    const auto = automaticMove(before, after, player);
    const deed = auto && deedOf(before, auto);
    if (deed) move = { player, say: 'blot-move', deed, ranOut: true, roundCanceled: false };
    // The lowest legal card is played; the seeded source breaks a tie between several.
    if (auto?.type === 'make-move' && after.rng.counter > before.rng.counter) {
      const candidates = cardsOf(autoCandidates(before, player));
      if (candidates) drawn.push({ say: 'blot-auto-card', cards: candidates });
    }
  }

  if (events.includes('deal-initial-cards')) drawn.push(...initialDeal(after));
  if (before && events.includes('deal-remaining-cards')) drawn.push(...remainingDeal(before, after));
  if (move?.say === 'blot-move' && events.includes('round-canceled')) move = { ...move, roundCanceled: true };
  return { ...(move ? { move } : {}), drawn };
}
