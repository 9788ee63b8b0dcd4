import type { BlotCard } from '../../protocol/blot.ts';

/**
 * The exact deal of blot.md §3: packets of 3+2, the non-dealer (E, the elder) first; card 11 face up;
 * after the contract, E then D are dealt from the stock up to 8 cards each. The rest is not used.
 */

export interface InitialDeal {
  hands: Record<string, BlotCard[]>;
  faceUp: BlotCard;
  stock: BlotCard[];
}

export function dealInitial(deck: readonly BlotCard[], elder: string, dealer: string): InitialDeal {
  if (deck.length !== 32) throw new RangeError('a deal needs the 32 cards');
  const at = (from: number, to: number): BlotCard[] => deck.slice(from, to);
  return {
    hands: {
      [elder]: [...at(0, 3), ...at(6, 8)],
      [dealer]: [...at(3, 6), ...at(8, 10)],
    },
    faceUp: deck[10] as BlotCard,
    stock: at(11, 32),
  };
}

export interface RemainingDeal {
  hands: Record<string, BlotCard[]>;
  stock: BlotCard[];
}

/**
 * §3 step 4. With the face-up card, the taker holds 6 and needs 2, the other 3; without it, 3 each.
 * Either way E is served first.
 */
export function dealRemaining(
  hands: Record<string, BlotCard[]>,
  stock: readonly BlotCard[],
  seats: { elder: string; dealer: string },
  take: { taker: string; faceUp: BlotCard } | null,
): RemainingDeal {
  const next: Record<string, BlotCard[]> = Object.fromEntries(Object.entries(hands).map(([id, cards]) => [id, [...cards]]));
  if (take) (next[take.taker] as BlotCard[]).push(take.faceUp);
  let rest = [...stock];
  for (const seat of [seats.elder, seats.dealer]) {
    const hand = next[seat] as BlotCard[];
    const need = 8 - hand.length;
    hand.push(...rest.slice(0, need));
    rest = rest.slice(need);
  }
  return { hands: next, stock: rest };
}
