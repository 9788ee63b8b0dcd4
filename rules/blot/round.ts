import type { BlotCard, BlotContract, BlotPhase } from '../../protocol/blot.ts';
import type { EndReason } from '../../protocol/game.ts';
import { shuffle } from '../random.ts';
import { deckOf } from './cards.ts';
import { detectCombinations, holdsBlot } from './combinations.ts';
import { dealInitial, dealRemaining } from './deal.ts';
import { otherPlayer } from './match.ts';
import type { BlotRound, BlotState } from './state.ts';

/** A round's life outside bidding and trick play: the deal, the contract's remaining deal, the end. */

export const perPlayer = <T>(state: Pick<BlotState, 'players'>, value: (id: string) => T): Record<string, T> =>
  Object.fromEntries(state.players.map((id) => [id, value(id)]));

export const withEvents = (state: BlotState, ...phases: BlotPhase[]): BlotState => ({ ...state, phaseEvents: [...state.phaseEvents, ...phases] });

/** The match around the rounds: what a deal starts from. */
export type BlotTable = Omit<BlotState, 'round' | 'phase' | 'turn' | 'timerStartTime'>;

/**
 * Deals `deck` (already shuffled) as deal number `dealNumber` with `dealer`: 5 cards each, the face-up
 * card, E to decide first. Exported for tests that need a known deal.
 */
export function dealRound(state: BlotTable, dealNumber: number, dealer: string, deck: readonly BlotCard[], now: number): BlotState {
  const elder = otherPlayer(state.players, dealer);
  const { hands, faceUp, stock } = dealInitial(deck, elder, dealer);
  const round: BlotRound = {
    dealNumber,
    dealer,
    elder,
    hands,
    initialCards: perPlayer(state, (id) => [...(hands[id] ?? [])]),
    faceUp,
    faceUpTakenBy: null,
    stock,
    contract: null,
    taker: null,
    proposed: null,
    playerActions: perPlayer(state, () => null),
    combinations: perPlayer(state, () => []),
    blotHolder: null,
    decisions: perPlayer(state, () => null),
    combinationWinner: null,
    blotAnnounced: perPlayer(state, () => false),
    trick: [],
    tricks: [],
  };
  const dealt: BlotState = { ...state, phase: 'trump-decision', turn: elder, timerStartTime: now, round };
  return withEvents(dealt, 'initial-deal', 'deal-initial-cards');
}

/** The next deal, shuffled by the seeded source, by `dealer`. */
export function shuffleAndDeal(state: BlotTable, dealNumber: number, dealer: string, now: number): BlotState {
  const [deck, rng] = shuffle(state.rng, deckOf(dealNumber));
  return dealRound({ ...state, rng }, dealNumber, dealer, deck, now);
}

/** After a completed or canceled round: the other player deals. */
export const nextRound = (state: BlotState, now: number): BlotState =>
  shuffleAndDeal(state, state.round.dealNumber + 1, otherPlayer(state.players, state.round.dealer), now);

/** The contract is fixed: the remaining deal, combinations detected, E leads trick 1. */
export function fixContract(state: BlotState, taker: string, contract: BlotContract, takesFaceUp: boolean, now: number): BlotState {
  const r = state.round;
  const { hands, stock } = dealRemaining(r.hands, r.stock, { elder: r.elder, dealer: r.dealer }, takesFaceUp ? { taker, faceUp: r.faceUp } : null);
  const round: BlotRound = {
    ...r,
    hands,
    stock,
    contract,
    taker,
    proposed: null,
    faceUpTakenBy: takesFaceUp ? taker : null,
    combinations: perPlayer(state, (id) => detectCombinations(hands[id] ?? [])),
    blotHolder: state.players.find((id) => holdsBlot(hands[id] ?? [], contract)) ?? null,
  };
  return withEvents({ ...state, phase: 'in-progress', turn: r.elder, timerStartTime: now, round }, 'deal-remaining-cards');
}

/** Both passed twice: no score; after the notice the other player deals. */
export const cancelRound = (state: BlotState, now: number): BlotState =>
  withEvents({ ...state, phase: 'round-canceled', turn: null, timerStartTime: now }, 'round-canceled');

export function finish(state: BlotState, winnerId: string, endReason: EndReason): BlotState {
  return withEvents(
    { ...state, phase: 'game-completed', turn: null, winnerId, loserId: otherPlayer(state.players, winnerId), endReason },
    'game-completed',
  );
}
