import { BLOT_TRICKS_PER_ROUND, type BlotCard, type BlotContract, type BlotPlayedCard, type CombinationDecision } from '../../protocol/blot.ts';
import { RuleError } from '../game.ts';
import { bareCard, rankIndex, trumpOf } from './cards.ts';
import { combinationPoints, combinationWinner, isBlotCard } from './combinations.ts';
import { legalMoves, lowestCards, trickTaker } from './legality.ts';
import { matchWinner, otherPlayer } from './match.ts';
import { finish, perPlayer, withEvents } from './round.ts';
import { scoreRound, trickTotals } from './scoring.ts';
import type { BlotRound, BlotRoundRecord, BlotState, CompletedTrick } from './state.ts';

/** Trick play (blot.md §5, §6.2–6.4) and the end of a round (§7, §8). */

export const isPlaying = (state: BlotState): boolean => state.phase === 'in-progress' || state.phase === 'trick-in-progress';

/** In trick 1, a player holding a combination announces or cancels with their first card. */
export const decisionRequired = (round: BlotRound, player: string): boolean =>
  round.tricks.length === 0 && (round.combinations[player]?.length ?? 0) > 0 && round.decisions[player] === null;

/** The cards `player` may play now; [] when it is not their card to play. */
export function legalCardsOf(state: BlotState, player: string): BlotCard[] {
  const { round } = state;
  if (!isPlaying(state) || state.turn !== player || round.contract === null) return [];
  return legalMoves(round.hands[player] ?? [], round.trick[0] ?? null, round.contract);
}

function whyIllegal(hand: readonly BlotCard[], lead: BlotCard, contract: BlotContract): string {
  const trump = trumpOf(contract);
  if (hand.some((c) => c.suit === lead.suit)) {
    if (lead.suit === trump && hand.some((c) => c.suit === trump && rankIndex(c, contract) > rankIndex(lead, contract))) {
      return 'You must play a higher trump';
    }
    return 'You must follow suit';
  }
  return 'You must play a trump';
}

/**
 * `player` (whose card it is) plays `card` (matched by `_id`, value and suit), with the combination
 * decision when one is due. Checks everything before changing anything.
 */
export function playCard(
  state: BlotState,
  player: string,
  card: BlotCard,
  decision: CombinationDecision | undefined,
  autoPlayed: boolean,
  now: number,
): BlotState {
  if (!isPlaying(state)) throw new RuleError('conflict', 'Cards are not being played now');
  const { round } = state;
  const contract = round.contract as BlotContract;
  const hand = round.hands[player] ?? [];
  const held = hand.find((c) => c._id === card._id);
  if (!held || held.value !== card.value || held.suit !== card.suit) throw new RuleError('illegal', 'That card is not in your hand');
  const required = decisionRequired(round, player);
  if (required && !decision) throw new RuleError('illegal', 'Announce or cancel your combinations first');
  if (!required && decision) throw new RuleError('illegal', 'You have no combination to announce or cancel now');
  const lead = round.trick[0] ?? null;
  if (lead && !legalMoves(hand, lead, contract).some((c) => c._id === held._id)) {
    throw new RuleError('illegal', whyIllegal(hand, lead, contract));
  }

  const played: BlotPlayedCard = { ...bareCard(held), player, autoPlayed };
  const next: BlotRound = {
    ...round,
    hands: { ...round.hands, [player]: hand.filter((c) => c._id !== held._id) },
    trick: [...round.trick, played],
    decisions: decision ? { ...round.decisions, [player]: decision } : round.decisions,
    playerActions: decision === 'announce' ? { ...round.playerActions, [player]: 'announce' } : round.playerActions,
    // "Blot" with the first of trump K/Q; the second is "Reblot" and changes nothing.
    blotAnnounced: round.blotHolder === player && isBlotCard(held, contract) ? { ...round.blotAnnounced, [player]: true } : round.blotAnnounced,
  };
  const after = withEvents({ ...state, round: next }, 'card-played');
  if (next.trick.length === 1) return { ...after, phase: 'trick-in-progress', turn: otherPlayer(state.players, player), timerStartTime: now };
  return completeTrick(after, now);
}

function completeTrick(state: BlotState, now: number): BlotState {
  const { round } = state;
  const contract = round.contract as BlotContract;
  const [lead, follow] = round.trick as [BlotPlayedCard, BlotPlayedCard];
  const winner = trickTaker(lead, follow, contract) === 'lead' ? lead.player : follow.player;
  const tricks: CompletedTrick[] = [...round.tricks, { cards: [lead, follow], winner }];
  let next: BlotRound = { ...round, trick: [], tricks };
  if (tricks.length === 1) {
    // §6.3: the announced combinations are compared once trick 1 is over.
    const announced = perPlayer(state, (id) => (round.decisions[id] === 'announce' ? (round.combinations[id] ?? []) : []));
    next = { ...next, combinationWinner: combinationWinner(announced, contract) };
  }
  const after = withEvents({ ...state, round: next }, 'trick-completed');
  if (tricks.length < BLOT_TRICKS_PER_ROUND) return { ...after, phase: 'in-progress', turn: winner, timerStartTime: now };
  return completeRound(after, now);
}

function completeRound(state: BlotState, now: number): BlotState {
  const { round, players } = state;
  const contract = round.contract as BlotContract;
  const taker = round.taker as string;
  const { cards, tricksWon } = trickTotals(round.tricks, players, contract);
  const combinationWinnerId = round.combinationWinner;
  const score = scoreRound({
    taker,
    defender: otherPlayer(players, taker),
    cards,
    tricksWon,
    lastTrickWinner: (round.tricks[round.tricks.length - 1] as CompletedTrick).winner,
    combinations: perPlayer(state, (id) => (id === combinationWinnerId ? combinationPoints(round.combinations[id] ?? []) : 0)),
    blotHolder: round.blotHolder,
  });
  const totals = perPlayer(state, (id) => (state.totals[id] ?? 0) + (score.table[id] ?? 0));
  const record: BlotRoundRecord = {
    round: state.results.length + 1,
    dealNumber: round.dealNumber,
    dealer: round.dealer,
    taker,
    contract,
    takesFaceUp: round.faceUpTakenBy !== null,
    made: score.made,
    winnerId: score.made ? taker : otherPlayer(players, taker),
    breakdown: score.breakdown,
    raw: score.raw,
    table: score.table,
    totals,
  };
  const scored = withEvents(
    { ...state, totals, results: [...state.results, record], phase: 'round-completed', turn: null, timerStartTime: now },
    'round-completed',
  );
  const winner = matchWinner(totals, players);
  return winner ? finish(scored, winner, null) : scored;
}

/** The cards the server may play at the deadline: the lowest legal rank; the seeded source breaks ties. */
export const autoCandidates = (state: BlotState, player: string): BlotCard[] =>
  lowestCards(legalCardsOf(state, player), state.round.contract as BlotContract);
