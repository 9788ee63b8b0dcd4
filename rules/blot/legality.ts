import type { BlotCard, BlotContract } from '../../protocol/blot.ts';
import { isTrump, rankIndex, trumpOf } from './cards.ts';

/** Trick play, blot.md §5: which cards may follow, and who takes the trick. */

/**
 * §5.1 exactly: the leader plays anything; the follower follows suit, overtrumping when trump was led
 * and they can; void in the led suit, they must trump if they can (any trump beats a plain lead);
 * otherwise anything. Two players have no partner, so no "partner is winning" exception.
 */
export function legalMoves<C extends BlotCard>(hand: readonly C[], lead: BlotCard | null, contract: BlotContract): C[] {
  if (!lead) return [...hand];
  const same = hand.filter((card) => card.suit === lead.suit);
  const trump = trumpOf(contract);
  if (same.length > 0) {
    if (trump !== null && lead.suit === trump) {
      const higher = same.filter((card) => rankIndex(card, contract) > rankIndex(lead, contract));
      return higher.length > 0 ? higher : same;
    }
    return same;
  }
  if (trump !== null) {
    const trumps = hand.filter((card) => card.suit === trump);
    if (trumps.length > 0) return trumps;
  }
  return [...hand];
}

/** §5.2: 'lead' or 'follow' takes the trick. */
export function trickTaker(lead: BlotCard, follow: BlotCard, contract: BlotContract): 'lead' | 'follow' {
  if (follow.suit === lead.suit) return rankIndex(follow, contract) > rankIndex(lead, contract) ? 'follow' : 'lead';
  return isTrump(follow, contract) ? 'follow' : 'lead';
}

/**
 * The timed-out player's candidates: the lowest-ranked legal cards. Every trump outranks every plain
 * card, so a plain card goes first; among plain cards (or, when only trumps are legal, among trumps) the
 * lowest rank index. Equal ranks in different suits are all candidates; the seeded source picks.
 */
export function lowestCards<C extends BlotCard>(legal: readonly C[], contract: BlotContract): C[] {
  const key = (card: C): number => (isTrump(card, contract) ? 8 : 0) + rankIndex(card, contract);
  const lowest = Math.min(...legal.map(key));
  return legal.filter((card) => key(card) === lowest);
}
