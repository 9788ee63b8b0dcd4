import {
  BLOT_LAST_TRICK_BONUS,
  BLOT_TRICKS_PER_ROUND,
  blotRoundName,
  type BlotCard,
  type BlotPhase,
  type BlotRoundResultRow,
  type BlotViewFields,
} from '../../protocol/blot.ts';
import type { RulesView } from '../game.ts';
import { bareCard } from './cards.ts';
import { countCombinations } from './combinations.ts';
import { otherPlayer } from './match.ts';
import { decisionRequired, isPlaying, legalCardsOf } from './play.ts';
import { perPlayer } from './round.ts';
import { legalMoves } from './legality.ts';
import { trickTotals } from './scoring.ts';
import type { BlotRoundRecord, BlotState } from './state.ts';

export interface BlotRulesView extends RulesView, BlotViewFields {
  phase: BlotPhase;
}

/**
 * The game as `viewerId` sees it at the table: their own cards; of the opponent's only what was shown
 * (the face-up card they took, cards played, announced kinds, the winning combination's cards from
 * trick 2, "Blot"); never the stock, never the seed.
 */
export function viewOf(state: BlotState, viewerId: string): BlotRulesView {
  const { round, players } = state;
  const seated = players.includes(viewerId);
  const me = seated ? viewerId : players[0];
  const opponent = otherPlayer(players, me);
  const own = (cards: readonly BlotCard[] | undefined): Record<string, BlotCard[]> => (seated ? { [me]: (cards ?? []).map(bareCard) } : {});
  const tricksDone = round.tricks.length;
  const showCombinations = round.combinationWinner !== null && tricksDone >= 1;
  const hasPlayed = (id: string): boolean => tricksDone > 0 || round.trick.some((card) => card.player === id);
  const shows = (id: string): boolean => seated && id === me;

  const combinations = perPlayer(state, (id) => {
    const announced = shows(id) || round.decisions[id] === 'announce';
    const blot = shows(id) ? round.blotHolder === id : (round.blotAnnounced[id] ?? false);
    return countCombinations(announced ? (round.combinations[id] ?? []) : [], blot);
  });
  const combinationCards = perPlayer(state, (id) =>
    shows(id) || (showCombinations && round.combinationWinner === id)
      ? (round.combinations[id] ?? []).map((combo) => ({ ...combo, cards: combo.cards.map(bareCard) }))
      : [],
  );
  const skipCombinationDecisions = perPlayer(state, (id) =>
    shows(id) || hasPlayed(id) ? round.decisions[id] === 'cancel' || (round.combinations[id]?.length ?? 0) === 0 : false,
  );

  const roundPoints: Record<string, number> = round.contract ? trickTotals(round.tricks, players, round.contract).cards : perPlayer(state, () => 0);
  const lastTrick = round.tricks[tricksDone - 1] ?? null;
  if (lastTrick && tricksDone === BLOT_TRICKS_PER_ROUND) roundPoints[lastTrick.winner] = (roundPoints[lastTrick.winner] ?? 0) + BLOT_LAST_TRICK_BONUS;

  const rowOf = (record: BlotRoundRecord): BlotRoundResultRow => {
    const inside = !record.made;
    const row = {
      round: record.round,
      winnerId: record.winnerId,
      takerId: record.taker,
      contract: record.contract,
      inside,
      mePoints: record.table[me] ?? 0,
      opponentPoints: record.table[opponent] ?? 0,
      totalMe: record.totals[me] ?? 0,
      totalOpponent: record.totals[opponent] ?? 0,
      rawMe: record.raw[me] ?? 0,
      rawOpponent: record.raw[opponent] ?? 0,
      me: { ...(record.breakdown[me] as BlotRoundResultRow['me']) },
      opponent: { ...(record.breakdown[opponent] as BlotRoundResultRow['opponent']) },
    };
    return { ...row, name: blotRoundName(row, record.taker === me ? 'You' : 'Opponent') };
  };

  return {
    phase: state.phase,
    turn: state.turn,
    dealNumber: round.dealNumber,
    dealer: round.dealer,
    hands: own(round.hands[me]),
    handCounts: perPlayer(state, (id) => round.hands[id]?.length ?? 0),
    initialCards: own(round.initialCards[me]),
    faceUpCardCopy: bareCard(round.faceUp),
    faceUpCardTakenBy: round.faceUpTakenBy,
    trumpSuit: round.contract,
    trumpSuitSelectedBy: round.taker,
    proposedTrump: round.proposed,
    playedCards: round.trick.map((card) => ({ ...card })),
    lastPlayedCards: lastTrick ? lastTrick.cards.map((card) => ({ card: bareCard(card), playerId: card.player })) : [],
    trickWinner: lastTrick?.winner ?? null,
    moveCounter: tricksDone * 2 + round.trick.length,
    combinations,
    combinationCards,
    winnerCombinations: tricksDone >= 1 ? round.combinationWinner : null,
    skipCombinationDecisions,
    combinationDecisionRequired: seated && isPlaying(state) && decisionRequired(round, me),
    canOpenCards: perPlayer(state, (id) => isPlaying(state) && tricksDone === 1 && round.combinationWinner === id),
    showCombinations,
    blotAnnounced: { ...round.blotAnnounced },
    playerActions: { ...round.playerActions },
    roundPoints,
    roundResults: { winnerId: state.results[state.results.length - 1]?.winnerId ?? null, details: state.results.map(rowOf) },
    legalCards: seated ? legalCardsOf(state, me).map((card) => card._id) : [],
    phaseEvents: [...state.phaseEvents],
    autoActions: { ...state.autoActions },
    totalGamePoints: { ...state.totals },
    playerColors: {},
    timerStartTime: state.phase === 'game-completed' ? null : state.timerStartTime,
  };
}

/**
 * For the app: the cards the viewer may play now, from their view alone (the same rule the server
 * applies; the view's `legalCards` carries the server's answer).
 */
export function legalCardsOfView(view: BlotViewFields, viewerId: string): BlotCard[] {
  const playing = view.phase === 'in-progress' || view.phase === 'trick-in-progress';
  if (!playing || view.turn !== viewerId || view.trumpSuit === null) return [];
  return legalMoves(view.hands[viewerId] ?? [], view.playedCards[0] ?? null, view.trumpSuit);
}
