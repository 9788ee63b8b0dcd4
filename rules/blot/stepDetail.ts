import { blotMove, blotSuits, blotValues, type BlotCard, type BlotMove, type BlotSuit, type BlotValue } from '../../protocol/blot.ts';
import type { StepDetail, StepInput, StepText } from '../stepDetail.ts';
import { autoCandidates, decisionRequired } from './play.ts';
import type { BlotState } from './state.ts';

/**
 * A Belote step in words (../stepDetail.ts): the bid or card played, what the server did for a player
 * whose time ran out, and the cards each deal gave: the first five each and the face-up card from the
 * shuffle, then the rest once the contract is fixed (from the same shuffle: no new draw).
 */

const valueName: Record<BlotValue, string> = { '7': '7', '8': '8', '9': '9', '10': '10', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

function cardName(card: BlotCard | undefined): string | undefined {
  if (!card || !blotValues.includes(card.value) || !blotSuits.includes(card.suit)) return undefined;
  return `${valueName[card.value]} of ${card.suit}`;
}

/** "a, b and c"; undefined if any card is not a card. */
function cardsText(cards: readonly BlotCard[]): string | undefined {
  const names = cards.map(cardName);
  if (names.length === 0 || names.some((name) => name === undefined)) return undefined;
  const all = names as string[];
  return all.length === 1 ? all[0] : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

const trumpText = (suit: BlotSuit | 'anxoz'): string => (suit === 'anxoz' ? 'Anxoz (no trump)' : `${suit} as trump`);

/** What a move did, from the state it was made in. */
function moveText(before: BlotState, move: BlotMove): string | undefined {
  const faceUp = cardName(before.round.faceUp);
  switch (move.type) {
    case 'trump-decision':
      return move.takeCard ? `took the face-up card, ${faceUp}: ${before.round.faceUp.suit} as trump` : 'passed';
    case 'trump-selection':
      return move.suit === 'pass' ? 'passed' : `chose ${trumpText(move.suit)}`;
    case 'final-trump-decision':
      return move.withCard ? `With Card: took the face-up card, ${faceUp}` : 'Without: left the face-up card';
    case 'make-move': {
      const card = cardName(move.card);
      if (!card) return undefined;
      const decision = move.combinationDecision === 'announce' ? ', announcing combinations' : move.combinationDecision === 'cancel' ? ', canceling combinations' : '';
      return `played the ${card}${decision}`;
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
function initialDeal(after: BlotState): StepText[] {
  const { elder, dealer, initialCards, faceUp } = after.round;
  const lines: StepText[] = [];
  for (const player of [elder, dealer]) {
    const cards = cardsText(initialCards[player] ?? []);
    if (cards) lines.push({ player, text: `dealt ${cards}` });
  }
  const card = cardName(faceUp);
  if (card) lines.push({ text: `face-up card: ${card}` });
  return lines;
}

/** The contract is fixed: each hand filled up to eight from the stock (the face-up card is the move's). */
function remainingDeal(before: BlotState, after: BlotState): StepText[] {
  const { elder, dealer, faceUp, faceUpTakenBy } = after.round;
  const lines: StepText[] = [];
  for (const player of [elder, dealer]) {
    const held = new Set((before.round.hands[player] ?? []).map((card) => card._id));
    if (faceUpTakenBy === player) held.add(faceUp._id);
    const cards = cardsText((after.round.hands[player] ?? []).filter((card) => !held.has(card._id)));
    if (cards) lines.push({ player, text: `dealt the rest: ${cards}` });
  }
  return lines;
}

export function blotStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as BlotState | null;
  const after = afterState as BlotState;
  const events = after.phaseEvents;
  const drawn: StepText[] = [];
  let move: StepText | undefined;

  if (input.action === 'create') drawn.push({ player: after.round.dealer, text: 'the first dealer, drawn at random' });
  else if (!before || (input.action !== 'move' && input.action !== 'timeout')) return {};
  else if (input.action === 'move') {
    const parsed = blotMove.safeParse(input.move);
    const text = parsed.success ? moveText(before, parsed.data) : undefined;
    if (text) move = { text };
  } else if (before.phase === 'round-completed' || before.phase === 'round-canceled') {
    move = { text: `the next deal, by the other player (deal ${after.round.dealNumber})` };
  } else if (before.turn) {
    const player = before.turn;
    const auto = automaticMove(before, after, player);
    const text = auto && moveText(before, auto);
    if (text) move = { player, text: `${text} (time ran out)` };
    // The lowest legal card is played; the seeded source breaks a tie between several.
    if (auto?.type === 'make-move' && after.rng.counter > before.rng.counter) {
      const candidates = cardsText(autoCandidates(before, player));
      if (candidates) drawn.push({ text: `card picked at random among the lowest legal ones: ${candidates}` });
    }
  }

  if (events.includes('deal-initial-cards')) drawn.push(...initialDeal(after));
  if (before && events.includes('deal-remaining-cards')) drawn.push(...remainingDeal(before, after));
  if (move && events.includes('round-canceled')) move = { ...move, text: `${move.text}: both passed twice, so the round is canceled` };
  return { ...(move ? { move } : {}), drawn };
}
