import { blotContracts, type BlotCard, type BlotContract, type BlotMove } from '../../protocol/blot.ts';
import { blotRules as rules, legalCardsOf, type BlotState } from '../../rules/blot/index.ts';

/** Random legal Belote play for the property and fairness suites. */

export /** A small seeded generator for the players' choices (the game's own source is not touched). */
function chooser(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

export /** A legal action for the player whose turn it is, chosen by `pick`. */
function legalAction(s: BlotState, pick: (n: number) => number): [string, BlotMove] {
  const player = s.turn as string;
  switch (s.phase) {
    case 'trump-decision':
      return [player, { type: 'trump-decision', takeCard: pick(3) === 0 }];
    case 'trump-selection': {
      const choices = [...blotContracts.filter((c) => c !== s.round.faceUp.suit), 'pass', 'pass'] as const;
      return [player, { type: 'trump-selection', suit: choices[pick(choices.length)] as BlotContract | 'pass' }];
    }
    case 'trump-final-selection':
      return [player, { type: 'final-trump-decision', withCard: pick(2) === 0 }];
    default: {
      const legal = legalCardsOf(s, player);
      const due = rules.view(s, player).combinationDecisionRequired;
      const card = legal[pick(legal.length)] as BlotCard;
      return [player, { type: 'make-move', card, combinationDecision: due ? (pick(2) === 0 ? 'announce' : 'cancel') : undefined }];
    }
  }
}
