import { describe, expect, it } from 'vitest';
import {
  BLOT_ROUND_CANCELED_MS,
  BLOT_ROUND_RESULTS_MS,
  BLOT_TURN_MS,
  blotMakeMoveBody,
  blotRoundName,
  blotTrumpSelectionBody,
  type BlotCard,
  type BlotCombination,
  type BlotContract,
  type BlotMove,
  type BlotSuit,
  type BlotValue,
} from '../../protocol/blot.ts';
import { cardId } from '../../rules/blot/cards.ts';
import { bestDisjoint } from '../../rules/blot/combinations.ts';
import { lowestCards } from '../../rules/blot/legality.ts';
import {
  blotRules as rules,
  combinationWinner,
  dealRound,
  detectCombinations,
  holdsBlot,
  legalCardsOf,
  legalMoves,
  matchWinner,
  scoreRound,
  trickTaker,
  type BlotState,
} from '../../rules/blot/index.ts';
import { RuleError } from '../../rules/game.ts';

const E = 'alice';
const D = 'bob';
const SEED = 'cd'.repeat(32);
const T0 = 1_700_000_000_000;

const suits: Record<string, BlotSuit> = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };
const card = (name: string, deal = 1): BlotCard => {
  const value = name.slice(0, -1) as BlotValue;
  const suit = suits[name.slice(-1)] as BlotSuit;
  return { _id: cardId(deal, value, suit), value, suit };
};
const cards = (list: string): BlotCard[] => list.split(' ').filter(Boolean).map((n) => card(n));
const nameOf = (c: BlotCard): string => `${c.value}${Object.entries(suits).find(([, s]) => s === c.suit)?.[0]}`;
const namesOf = (list: readonly BlotCard[]): string => list.map(nameOf).join(' ');

function deck(eFirst: string[], dFirst: string[], faceUp: string, stock: string[]): BlotCard[] {
  const top = [...eFirst.slice(0, 3), ...dFirst.slice(0, 3), ...eFirst.slice(3), ...dFirst.slice(3), faceUp, ...stock].map((n) => card(n));
  const used = new Set(top.map((c) => c._id));
  const all = (['hearts', 'diamonds', 'clubs', 'spades'] as const).flatMap((suit) =>
    (['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const).map((value) => ({ _id: cardId(1, value, suit), value, suit })),
  );
  return [...top, ...all.filter((c) => !used.has(c._id))];
}

function gameWith(cardsInOrder: BlotCard[], seed = SEED): BlotState {
  const created = rules.create([E, D], seed, T0);
  return dealRound({ ...created, phaseEvents: [] }, 1, D, cardsInOrder, T0);
}

/** Example A's deal (blot.md §9): E takes J♥; E holds a tierce and blot. */
const exampleA = (seed = SEED) =>
  gameWith(deck(['A♠', '10♠', 'K♥', 'Q♥', '9♣'], ['7♠', 'J♦', 'A♦', '8♣', '10♣'], 'J♥', ['9♥', 'K♠', 'A♥', '7♥', 'Q♠']), seed);

const move = (m: BlotMove) => m;
const take = (takeCard: boolean) => move({ type: 'trump-decision', takeCard });
const select = (suit: BlotContract | 'pass') => move({ type: 'trump-selection', suit });
const finalDecision = (withCard: boolean) => move({ type: 'final-trump-decision', withCard });
const playMove = (name: string, combinationDecision?: 'announce' | 'cancel') => move({ type: 'make-move', card: card(name), combinationDecision });

/**
 * Trump ♥ chosen by E in round 2, Without (face-up K♣). E: 7♥ 7♠ 7♦ A♣ 10♣ J♠ Q♦ K♦; D: 8♥ 9♥ K♥ A♠ K♠
 * 8♣ 9♣ J♣ (void in ♦). Nobody holds a combination. E to lead.
 */
function trumpHeartsDeal(seed = SEED): BlotState {
  const eHand = ['7♥', '7♠', '7♦', 'A♣', '10♣', 'J♠', 'Q♦', 'K♦'];
  const dHand = ['8♥', '9♥', 'K♥', 'A♠', 'K♠', '8♣', '9♣', 'J♣'];
  let s = gameWith(deck(eHand.slice(0, 5), dHand.slice(0, 5), 'K♣', [...eHand.slice(5), ...dHand.slice(5)]), seed);
  s = rules.apply(s, E, take(false), T0 + 1);
  s = rules.apply(s, D, take(false), T0 + 2);
  s = rules.apply(s, E, select('hearts'), T0 + 3);
  return rules.apply(s, E, finalDecision(false), T0 + 4);
}

function ruleError(fn: () => unknown): RuleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

/** Plays the round out, each player their first legal card, deciding as `decisions` says (default announce). */
function playOut(state: BlotState, decisions: Record<string, 'announce' | 'cancel'> = {}): BlotState {
  let s = state;
  let now = s.timerStartTime;
  while (s.phase === 'in-progress' || s.phase === 'trick-in-progress') {
    const player = s.turn as string;
    const due = rules.view(s, player).combinationDecisionRequired;
    const card = legalCardsOf(s, player)[0] as BlotCard;
    s = rules.apply(s, player, { type: 'make-move', card, combinationDecision: due ? (decisions[player] ?? 'announce') : undefined }, (now += 1));
  }
  return s;
}

describe('legal cards (blot.md §5.1)', () => {
  it.each([
    ['the leader plays anything', 'hearts', null, '7♠ J♥ A♦', '7♠ J♥ A♦'],
    ['plain lead: follow suit, even holding trumps', 'hearts', 'K♠', '7♠ A♠ J♥ 9♥', '7♠ A♠'],
    ['plain lead: no need to beat it', 'hearts', '10♠', '7♠ A♠', '7♠ A♠'],
    ['plain lead, void: must trump, any trump', 'hearts', 'A♠', '7♥ J♥ A♦', '7♥ J♥'],
    ['plain lead, void, no trump: anything', 'hearts', 'A♠', '7♦ A♣', '7♦ A♣'],
    ['trump 7 led: trump 8 is higher and must be played (rank, not points)', 'hearts', '7♥', '8♥ A♠', '8♥'],
    ['trump 7 led: every higher trump is allowed', 'hearts', '7♥', '8♥ Q♥ J♥ A♠', '8♥ Q♥ J♥'],
    ['trump 8 led: 7 is lower, the 9 must go', 'hearts', '8♥', '7♥ 9♥', '9♥'],
    ['trump 8 led: only the 7: follow with it', 'hearts', '8♥', '7♥ A♠', '7♥'],
    ['trump J led: nothing is higher, any trump', 'hearts', 'J♥', '7♥ A♥ K♠', '7♥ A♥'],
    ['trump 9 led: only J is higher', 'hearts', '9♥', 'A♥ 10♥ J♥', 'J♥'],
    ['trump A led: 9 and J are higher, 10 and K are not', 'hearts', 'A♥', '10♥ K♥ 9♥ J♥', '9♥ J♥'],
    ['trump led, no trump: anything', 'hearts', 'Q♥', '7♠ A♦', '7♠ A♦'],
    ['Anxoz: follow suit', 'anxoz', 'A♠', '7♠ K♥', '7♠'],
    ['Anxoz, void: anything (no trump to play)', 'anxoz', 'A♠', '7♦ K♥', '7♦ K♥'],
  ] as const)('%s', (_name, contract, lead, hand, legal) => {
    expect(namesOf(legalMoves(cards(hand), lead ? card(lead) : null, contract))).toBe(legal);
  });
});

describe('trick winner (blot.md §5.2)', () => {
  it.each([
    ['trump 8 beats trump 7 (both 0 points)', 'hearts', '7♥', '8♥', 'follow'],
    ['trump 7 loses to trump 8', 'hearts', '8♥', '7♥', 'lead'],
    ['trump 9 beats trump A', 'hearts', 'A♥', '9♥', 'follow'],
    ['trump J beats trump 9', 'hearts', '9♥', 'J♥', 'follow'],
    ['trump 10 beats trump K', 'hearts', 'K♥', '10♥', 'follow'],
    ['plain 10 beats plain K', 'hearts', 'K♠', '10♠', 'follow'],
    ['plain A beats plain 10', 'hearts', '10♠', 'A♠', 'follow'],
    ['plain J beats plain 9', 'hearts', '9♠', 'J♠', 'follow'],
    ['plain J loses to plain Q', 'hearts', 'Q♠', 'J♠', 'lead'],
    ['off-suit loses however high', 'hearts', '7♠', 'A♦', 'lead'],
    ['any trump beats a plain lead', 'hearts', 'A♠', '7♥', 'follow'],
    ['Anxoz: off-suit loses', 'anxoz', '7♠', 'A♥', 'lead'],
    ['Anxoz: A beats 10', 'anxoz', '10♣', 'A♣', 'follow'],
  ] as const)('%s', (_name, contract, lead, follow, taker) => {
    expect(trickTaker(card(lead), card(follow), contract)).toBe(taker);
  });
});

const kinds = (combos: BlotCombination[]) => combos.map((c) => `${c.kind}:${c.points}:${namesOf(c.cards)}`);

describe('combinations (blot.md §6.1)', () => {
  it.each([
    ['tierce', '7♥ 8♥ 9♥ J♠ A♦ 7♣ 9♣ K♠', ['tierce:20:7♥ 8♥ 9♥']],
    ['fifty', '10♠ J♠ Q♠ K♠ 7♥ 9♥ 7♦ 9♦', ['fifty:50:10♠ J♠ Q♠ K♠']],
    ['hundred of five', '8♦ 9♦ 10♦ J♦ Q♦ 7♠ 9♠ J♣', ['hundred:100:8♦ 9♦ 10♦ J♦ Q♦']],
    ['one suit of eight: one hundred, never split', '7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥', ['hundred:100:7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥']],
    ['two runs in one suit', '7♥ 8♥ 9♥ J♥ Q♥ K♥ 7♠ 9♠', ['tierce:20:7♥ 8♥ 9♥', 'tierce:20:J♥ Q♥ K♥']],
    ['runs in two suits', '7♥ 8♥ 9♥ 10♠ J♠ Q♠ K♠ 7♦', ['tierce:20:7♥ 8♥ 9♥', 'fifty:50:10♠ J♠ Q♠ K♠']],
    ['two cards in a row are nothing', '7♥ 8♥ 10♥ J♥ K♥ 7♠ 9♠ J♣', []],
    ['four jacks 200', 'J♥ J♦ J♣ J♠ 7♥ 9♦ 7♣ A♠', ['fourX:200:J♥ J♦ J♣ J♠']],
    ['four nines 150', '9♥ 9♦ 9♣ 9♠ 7♥ J♦ 7♣ A♠', ['fourX:150:9♥ 9♦ 9♣ 9♠']],
    ['four aces 100', 'A♥ A♦ A♣ A♠ 7♥ 9♦ 7♣ J♠', ['fourX:100:A♥ A♦ A♣ A♠']],
    ['four tens 100', '10♥ 10♦ 10♣ 10♠ 7♥ 9♦ 7♣ J♠', ['fourX:100:10♥ 10♦ 10♣ 10♠']],
    ['four kings 100', 'K♥ K♦ K♣ K♠ 7♥ 9♦ 7♣ J♠', ['fourX:100:K♥ K♦ K♣ K♠']],
    ['four queens 100', 'Q♥ Q♦ Q♣ Q♠ 7♥ 9♦ 7♣ J♠', ['fourX:100:Q♥ Q♦ Q♣ Q♠']],
    ['four eights are nothing', '8♥ 8♦ 8♣ 8♠ 10♥ J♦ K♣ A♠', []],
    ['four sevens are nothing', '7♥ 7♦ 7♣ 7♠ 10♥ J♦ K♣ A♠', []],
    ['fourX and a run apart: both', 'J♥ J♦ J♣ J♠ 7♥ 8♥ 9♥ A♠', ['fourX:200:J♥ J♦ J♣ J♠', 'tierce:20:7♥ 8♥ 9♥']],
    ['overlap: four J (200) over the run 9-10-J♥, which is dropped, not shortened', 'J♥ J♦ J♣ J♠ 9♥ 10♥ 7♠ A♦', ['fourX:200:J♥ J♦ J♣ J♠']],
    ['overlap: four K (100) over the tierce Q-K-A♠ (20)', 'K♥ K♦ K♣ K♠ Q♠ A♠ 7♥ 9♦', ['fourX:100:K♥ K♦ K♣ K♠']],
    ['overlap at equal totals (four Q 100 vs hundred 100): the fourX is kept', 'Q♥ Q♦ Q♣ Q♠ 10♥ J♥ K♥ A♥', ['fourX:100:Q♥ Q♦ Q♣ Q♠']],
    ['overlap: four 9 (150) over the hundred 7-J♥ (100)', '9♥ 9♦ 9♣ 9♠ 7♥ 8♥ 10♥ J♥', ['fourX:150:9♥ 9♦ 9♣ 9♠']],
  ])('%s', (_name, hand, expected) => {
    expect(kinds(detectCombinations(cards(hand)))).toEqual(expected);
  });

  it('overlap: the disjoint set with the most points wins, even against a fourX', () => {
    const four: BlotCombination = { kind: 'fourX', points: 100, cards: cards('Q♥ Q♦ Q♣ Q♠') };
    const hundred: BlotCombination = { kind: 'hundred', points: 100, cards: cards('8♥ 9♥ 10♥ J♥ Q♥') };
    const fifty: BlotCombination = { kind: 'fifty', points: 50, cards: cards('Q♠ K♠ A♠ J♠') };
    expect(bestDisjoint([four, hundred, fifty])).toEqual([hundred, fifty]);
    expect(bestDisjoint([four, hundred])).toEqual([four]);
  });

  it.each([
    ['trump K+Q in a suit contract', 'K♥ Q♥ 7♠', 'hearts', true],
    ['K+Q of a plain suit', 'K♠ Q♠ 7♥', 'hearts', false],
    ['only the K', 'K♥ J♥ 7♠', 'hearts', false],
    ['no blot in Anxoz', 'K♥ Q♥ 7♠', 'anxoz', false],
  ] as const)('blot: %s', (_name, hand, contract, expected) => {
    expect(holdsBlot(cards(hand), contract)).toBe(expected);
  });

  it('blot is apart from the overlap rule: its cards may also make a sequence', () => {
    const hand = cards('J♥ Q♥ K♥ 7♠ 9♠ 7♦ 9♦ 7♣');
    expect(kinds(detectCombinations(hand))).toEqual(['tierce:20:J♥ Q♥ K♥']);
    expect(holdsBlot(hand, 'hearts')).toBe(true);
  });
});

describe('combination comparison (blot.md §6.3)', () => {
  const one = (list: string): BlotCombination[] => detectCombinations(cards(list));
  it.each([
    ['four J beat four 9', 'J♥ J♦ J♣ J♠', '9♥ 9♦ 9♣ 9♠', 'spades', 'a'],
    ['four 9 beat four A', '9♥ 9♦ 9♣ 9♠', 'A♥ A♦ A♣ A♠', 'spades', 'a'],
    ['four A beat four 10', 'A♥ A♦ A♣ A♠', '10♥ 10♦ 10♣ 10♠', 'spades', 'a'],
    ['four 10 beat four K', '10♥ 10♦ 10♣ 10♠', 'K♥ K♦ K♣ K♠', 'spades', 'a'],
    ['four K beat four Q', 'K♥ K♦ K♣ K♠', 'Q♥ Q♦ Q♣ Q♠', 'spades', 'a'],
    ['four Q beat any hundred', 'Q♥ Q♦ Q♣ Q♠', '7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠', 'spades', 'a'],
    ['a longer hundred beats a shorter one', '7♦ 8♦ 9♦ 10♦ J♦ Q♦', '10♠ J♠ Q♠ K♠ A♠', 'spades', 'a'],
    ['equal hundreds: the higher top card', '10♦ J♦ Q♦ K♦ A♦', '9♠ 10♠ J♠ Q♠ K♠', 'spades', 'a'],
    ['a fifty beats a tierce', '7♦ 8♦ 9♦ 10♦', 'Q♠ K♠ A♠', 'spades', 'a'],
    ['equal tierces: the trump one', 'Q♠ K♠ A♠', 'Q♦ K♦ A♦', 'spades', 'a'],
    ['equal tierces: the higher top card before trump', '10♦ J♦ Q♦', '7♠ 8♠ 9♠', 'spades', 'a'],
    ['equal plain tierces: nobody', 'Q♥ K♥ A♥', 'Q♦ K♦ A♦', 'spades', null],
    ['Anxoz, equal tierces: nobody', 'Q♠ K♠ A♠', 'Q♦ K♦ A♦', 'anxoz', null],
  ] as const)('%s', (_name, a, b, contract, winner) => {
    const expected = winner === 'a' ? 'a' : null;
    expect(combinationWinner({ a: one(a), b: one(b) }, contract)).toBe(expected);
    expect(combinationWinner({ b: one(b), a: one(a) }, contract)).toBe(expected);
  });

  it('only one announcement: it wins; none: nobody', () => {
    expect(combinationWinner({ a: one('7♦ 8♦ 9♦'), b: [] }, 'hearts')).toBe('a');
    expect(combinationWinner({ a: [], b: [] }, 'hearts')).toBeNull();
  });

  it('the winner scores all of their announced combinations, the other none', () => {
    // E: fifty 7-10♦ and tierce Q-K-A♣ (70); D: fifty 8-J♠. D's fifty has the higher top card, so D
    // scores 50 and E nothing, though E's announcements add up to more.
    const eHand = ['7♦', '8♦', '9♦', '10♦', 'Q♣', 'K♣', 'A♣', '7♥'];
    const dHand = ['8♠', '9♠', '10♠', 'J♠', '8♥', '9♥', 'J♥', 'K♥'];
    let s = gameWith(deck(eHand.slice(0, 5), dHand.slice(0, 5), 'A♥', [...eHand.slice(5), ...dHand.slice(5)]));
    s = rules.apply(s, E, take(false), T0 + 1);
    s = rules.apply(s, D, take(false), T0 + 2);
    s = rules.apply(s, E, select('clubs'), T0 + 3);
    s = rules.apply(s, E, finalDecision(false), T0 + 4);
    expect(kinds(s.round.combinations[E] ?? [])).toEqual(['fifty:50:7♦ 8♦ 9♦ 10♦', 'tierce:20:Q♣ K♣ A♣']);
    const done = playOut(s);
    expect(done.round.combinationWinner).toBe(D);
    expect(done.results[0]?.breakdown[D]?.combinations).toBe(50);
    expect(done.results[0]?.breakdown[E]?.combinations).toBe(0);
    // With D's fifty canceled, E's two score 70.
    const canceled = playOut(s, { [E]: 'announce', [D]: 'cancel' });
    expect(canceled.round.combinationWinner).toBe(E);
    expect(canceled.results[0]?.breakdown[E]?.combinations).toBe(70);
  });
});

describe('round scoring and the failed-contract rule (blot.md §7)', () => {
  const base = { taker: E, defender: D, tricksWon: { [E]: 4, [D]: 4 }, lastTrickWinner: D, combinations: {}, blotHolder: null };
  it.each([
    ['made by one point (63 against 52 + 10)', { [E]: 63, [D]: 52 }, true, { [E]: 63, [D]: 62 }],
    ['a tie is a failure', { [E]: 57, [D]: 47 }, false, { [E]: 0, [D]: 114 }],
    ['fewer: inside, all points to the defender', { [E]: 40, [D]: 80 }, false, { [E]: 0, [D]: 130 }],
  ] as const)('%s', (_name, cardsWon, made, raw) => {
    const score = scoreRound({ ...base, cards: cardsWon });
    expect(score.made).toBe(made);
    expect(score.raw).toEqual(raw);
  });

  it('bonuses count on both sides of the comparison, and all go to the defender when inside', () => {
    const score = scoreRound({ ...base, cards: { [E]: 60, [D]: 40 }, lastTrickWinner: D, combinations: { [D]: 50 }, blotHolder: D });
    // E 60 vs D 40 + 10 + 50 + 20 = 120.
    expect(score.made).toBe(false);
    expect(score.raw).toEqual({ [E]: 0, [D]: 180 });
    expect(score.table).toEqual({ [E]: 0, [D]: 18 });
  });

  it('kaput is 50 for the player who took all eight tricks', () => {
    const score = scoreRound({ ...base, cards: { [E]: 100, [D]: 0 }, tricksWon: { [E]: 8, [D]: 0 }, lastTrickWinner: E });
    expect(score.breakdown[E]).toMatchObject({ kaput: 50, lastTrick: 10, total: 160 });
    expect(score.breakdown[D]?.kaput).toBe(0);
  });
});

describe('match end (blot.md §8)', () => {
  it.each([
    [0, 0, null],
    [100, 100, null],
    [101, 100, E],
    [99, 101, D],
    [107, 107, null],
    [110, 108, E],
    [120, 130, D],
    [101, 101, null],
  ])('E %i, D %i → %s', (e, d, winner) => {
    expect(matchWinner({ [E]: e, [D]: d }, [E, D])).toBe(winner);
  });
});

describe('bidding (blot.md §4)', () => {
  it('deals 5 + 5 with E first, turns up card 11, E decides first with 25 s', () => {
    const s = exampleA();
    expect(namesOf(s.round.hands[E] ?? [])).toBe('A♠ 10♠ K♥ Q♥ 9♣');
    expect(namesOf(s.round.hands[D] ?? [])).toBe('7♠ J♦ A♦ 8♣ 10♣');
    expect(s.round.stock).toHaveLength(21);
    expect(s.turn).toBe(E);
    expect(rules.deadline(s)).toBe(T0 + BLOT_TURN_MS);
    expect(s.phaseEvents).toEqual(['initial-deal', 'deal-initial-cards']);
  });

  it('D takes after E passes: E is dealt 3 first, D the face-up card and 2', () => {
    let s = exampleA();
    s = rules.apply(s, E, take(false), T0 + 1);
    expect(s.turn).toBe(D);
    expect(rules.deadline(s)).toBe(T0 + 1 + BLOT_TURN_MS);
    s = rules.apply(s, D, take(true), T0 + 2);
    expect(namesOf(s.round.hands[E] ?? [])).toBe('A♠ 10♠ K♥ Q♥ 9♣ 9♥ K♠ A♥');
    expect(namesOf(s.round.hands[D] ?? [])).toBe('7♠ J♦ A♦ 8♣ 10♣ J♥ 7♥ Q♠');
    expect(s.round.contract).toBe('hearts');
    expect(s.round.taker).toBe(D);
    expect(s.round.faceUpTakenBy).toBe(D);
    expect(s.round.stock).toHaveLength(16);
    expect(s.phase).toBe('in-progress');
    expect(s.turn).toBe(E);
  });

  it('round 2 refuses the face-up suit, allows the others and Anxoz, then With Card / Without', () => {
    let s = exampleA();
    s = rules.apply(s, E, take(false), T0 + 1);
    s = rules.apply(s, D, take(false), T0 + 2);
    expect(s.phase).toBe('trump-selection');
    expect(s.phaseEvents).toEqual(['face-up-card-skeeped']);
    expect(s.turn).toBe(E);
    const before = structuredClone(s);
    expect(ruleError(() => rules.apply(s, E, select('hearts'), T0 + 3)).kind).toBe('illegal');
    expect(s).toEqual(before);
    for (const suit of ['diamonds', 'clubs', 'spades', 'anxoz'] as const) {
      const chosen = rules.apply(s, E, select(suit), T0 + 3);
      expect(chosen.phase).toBe('trump-final-selection');
      expect(chosen.turn).toBe(E);
      expect(rules.view(chosen, D).proposedTrump).toBe(suit);
    }
    const chosen = rules.apply(s, E, select('spades'), T0 + 3);
    const withCard = rules.apply(chosen, E, finalDecision(true), T0 + 4);
    expect(withCard.round.faceUpTakenBy).toBe(E);
    expect(withCard.round.contract).toBe('spades');
    expect(namesOf(withCard.round.hands[E] ?? [])).toBe('A♠ 10♠ K♥ Q♥ 9♣ J♥ 9♥ K♠');
    const without = rules.apply(chosen, E, finalDecision(false), T0 + 4);
    expect(without.round.faceUpTakenBy).toBeNull();
    expect(namesOf(without.round.hands[E] ?? [])).toBe('A♠ 10♠ K♥ Q♥ 9♣ 9♥ K♠ A♥');
    expect(namesOf(without.round.hands[D] ?? [])).toBe('7♠ J♦ A♦ 8♣ 10♣ 7♥ Q♠ 8♥');
    expect(without.round.stock).toHaveLength(15);
    expect(rules.view(without, D).playerActions).toEqual({ [E]: 'without', [D]: 'pass' });
  });

  it('round-canceled when both pass twice: no score, 3 s notice, then the other player deals', () => {
    let s = exampleA();
    s = rules.apply(s, E, take(false), T0 + 1);
    s = rules.apply(s, D, take(false), T0 + 2);
    s = rules.apply(s, E, select('pass'), T0 + 3);
    expect(s.turn).toBe(D);
    s = rules.apply(s, D, select('pass'), T0 + 4);
    expect(s.phase).toBe('round-canceled');
    expect(s.phaseEvents).toEqual(['round-canceled']);
    expect(s.turn).toBeNull();
    expect(s.totals).toEqual({ [E]: 0, [D]: 0 });
    expect(s.results).toEqual([]);
    expect(rules.deadline(s)).toBe(T0 + 4 + BLOT_ROUND_CANCELED_MS);
    expect(ruleError(() => rules.apply(s, E, take(true), T0 + 5)).kind).toBe('conflict');
    const next = rules.timeout(s, T0 + 4 + BLOT_ROUND_CANCELED_MS);
    expect(next.phase).toBe('trump-decision');
    expect(next.round.dealNumber).toBe(2);
    expect(next.round.dealer).toBe(E);
    expect(next.turn).toBe(D);
    expect(next.round.hands[E]).toHaveLength(5);
    expect(next.round.hands[E]?.every((c) => c._id.startsWith('r2-'))).toBe(true);
    expect(next.totals).toEqual({ [E]: 0, [D]: 0 });
  });

  it('the first dealer is drawn by the seeded source, then the deal alternates after every round', () => {
    const firstDealers = new Set<string>();
    for (let n = 1; n <= 12; n += 1) firstDealers.add(rules.create([E, D], n.toString(16).padStart(64, '0'), T0).round.dealer);
    expect(firstDealers).toEqual(new Set([E, D]));

    let s = rules.create([E, D], SEED, T0);
    const dealers: string[] = [s.round.dealer];
    for (let round = 0; round < 5; round += 1) {
      // Alternate canceled and completed rounds.
      if (round % 2 === 0) {
        const elder = s.turn as string;
        const dealer = s.round.dealer;
        s = rules.apply(s, elder, take(false), s.timerStartTime + 1);
        s = rules.apply(s, dealer, take(false), s.timerStartTime + 1);
        s = rules.apply(s, elder, select('pass'), s.timerStartTime + 1);
        s = rules.apply(s, dealer, select('pass'), s.timerStartTime + 1);
      } else {
        s = playOut(rules.apply(s, s.turn as string, take(true), s.timerStartTime + 1));
      }
      s = rules.timeout(s, rules.deadline(s) as number);
      dealers.push(s.round.dealer);
      expect(s.turn).not.toBe(s.round.dealer);
    }
    expect(dealers).toEqual(dealers.map((_, i) => (i % 2 === 0 ? dealers[0] : dealers[1])));
    expect(dealers[0]).not.toBe(dealers[1]);
  });
});

describe('refusals', () => {
  it.each([
    ['a stranger', 'carol', take(true), 'illegal', 'You are not a player of this game'],
    ['the dealer before E', D, take(true), 'conflict', 'It is not your turn'],
    ['a card while bidding', E, playMove('A♠'), 'conflict', 'Cards are not being played now'],
    ['a trump selection in round 1', E, select('clubs'), 'conflict', 'Trump is not being chosen now'],
    ['a final decision in round 1', E, finalDecision(true), 'conflict', 'There is no trump choice to confirm'],
  ] as const)('%s', (_name, player, m, kind, message) => {
    const s = exampleA();
    const before = structuredClone(s);
    const error = ruleError(() => rules.apply(s, player, m, T0 + 1));
    expect([error.kind, error.message]).toEqual([kind, message]);
    expect(s).toEqual(before);
  });

  it.each([
    ['without the combination decision', E, playMove('J♥'), 'Announce or cancel your combinations first'],
    ['a card not in the hand', E, playMove('7♠', 'announce'), 'That card is not in your hand'],
    [
      'a card with a wrong value for its id',
      E,
      move({ type: 'make-move', card: { ...card('J♥'), value: '7' }, combinationDecision: 'announce' }),
      'That card is not in your hand',
    ],
  ] as const)('in play: %s', (_name, player, m, message) => {
    const s = rules.apply(exampleA(), E, take(true), T0 + 1);
    const before = structuredClone(s);
    expect(ruleError(() => rules.apply(s, player, m, T0 + 2)).message).toBe(message);
    expect(s).toEqual(before);
  });

  it.each([
    ['follow suit', 'A♣', '8♥', 'You must follow suit'],
    ['play a higher trump on a trump lead', '7♥', '8♣', 'You must play a higher trump'],
    ['trump when void in the led suit', 'Q♦', 'A♠', 'You must play a trump'],
  ] as const)('the follower must %s', (_name, lead, wrong, message) => {
    let s = trumpHeartsDeal();
    s = rules.apply(s, E, playMove(lead), T0 + 5);
    const before = structuredClone(s);
    const error = ruleError(() => rules.apply(s, D, playMove(wrong), T0 + 6));
    expect([error.kind, error.message]).toEqual(['illegal', message]);
    expect(s).toEqual(before);
  });

  it('a decision with no combination to decide is refused', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    s = rules.apply(s, E, playMove('J♥', 'announce'), T0 + 2);
    expect(ruleError(() => rules.apply(s, D, playMove('7♥', 'cancel'), T0 + 3)).message).toBe('You have no combination to announce or cancel now');
  });

  it('the wire bodies refuse unknown suits and cards', () => {
    expect(blotTrumpSelectionBody.safeParse({ gameId: crypto.randomUUID(), suit: 'stars' }).success).toBe(false);
    expect(blotMakeMoveBody.safeParse({ gameId: crypto.randomUUID(), card: { _id: 'x', value: '6', suit: 'hearts' } }).success).toBe(false);
    expect(blotMakeMoveBody.safeParse({ gameId: crypto.randomUUID(), card: card('A♠'), combinationDecision: 'announce' }).success).toBe(true);
  });
});

describe('timeouts (blot.md, Timers)', () => {
  it('bidding: PASS, PASS, then in round 2 PASS; a chosen suit times out to WITHOUT', () => {
    let s = exampleA();
    s = rules.timeout(s, T0 + BLOT_TURN_MS);
    expect([s.turn, s.round.playerActions[E], s.autoActions[E]]).toEqual([D, 'pass', 1]);
    expect(rules.deadline(s)).toBe(T0 + 2 * BLOT_TURN_MS);
    s = rules.timeout(s, T0 + 2 * BLOT_TURN_MS);
    expect(s.phase).toBe('trump-selection');
    s = rules.apply(s, E, select('spades'), T0 + 2 * BLOT_TURN_MS + 1);
    expect(s.autoActions[E]).toBe(0);
    s = rules.timeout(s, rules.deadline(s) as number);
    expect(s.round.contract).toBe('spades');
    expect(s.round.faceUpTakenBy).toBeNull();
    expect(s.round.playerActions[E]).toBe('without');
  });

  it('nothing happens before the deadline', () => {
    const s = exampleA();
    expect(rules.timeout(s, T0 + BLOT_TURN_MS - 1)).toBe(s);
  });

  it('play: CANCEL for combinations and the lowest-ranked legal card, marked autoPlayed', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    s = rules.timeout(s, rules.deadline(s) as number);
    // E (trump ♥) leads: 9♣ is the lowest rank (plain 9) of J♥ 9♥ K♥ Q♥ A♠ 10♠ K♠ 9♣.
    expect(s.round.trick).toEqual([{ ...card('9♣'), player: E, autoPlayed: true }]);
    expect(s.round.decisions[E]).toBe('cancel');
    s = rules.timeout(s, rules.deadline(s) as number);
    // D must follow clubs: 8♣ below 10♣.
    expect(s.round.tricks[0]?.cards[1]).toEqual({ ...card('8♣'), player: D, autoPlayed: true });
    expect(s.round.combinationWinner).toBeNull();
  });

  it.each([
    ['a plain 9 before a trump 8 (every trump outranks every plain card)', 'hearts', '8♥ 9♠ A♦', '9♠'],
    ['the lowest plain rank: J before Q, K, 10, A', 'hearts', 'A♠ 10♠ K♦ Q♣ J♣ 9♥', 'J♣'],
    ['only trumps legal: the lowest trump, Q below K below 10', 'hearts', '10♥ K♥ Q♥', 'Q♥'],
    ['only trumps legal: 8 below 9 and J', 'hearts', 'J♥ 9♥ 8♥', '8♥'],
    ['Anxoz: plain order, 9 below J', 'anxoz', 'J♠ 9♦ A♥', '9♦'],
  ] as const)('the automatic card: %s', (_name, contract, hand, lowest) => {
    expect(namesOf(lowestCards(cards(hand), contract))).toBe(lowest);
  });

  it('play: among equal ranks a plain card goes before a trump; the seeded source picks between plain ones', () => {
    // Trump ♥. E holds 7♥ 7♠ 7♦ and leads: the 7♥ (trump) is never the automatic card.
    const picked = new Set<string>();
    for (let n = 1; n <= 16; n += 1) {
      const s = trumpHeartsDeal(n.toString(16).padStart(64, '0'));
      const auto = rules.timeout(s, rules.deadline(s) as number);
      expect(rules.timeout(s, rules.deadline(s) as number)).toEqual(auto);
      picked.add(nameOf(auto.round.trick[0] as BlotCard));
    }
    expect(picked).toEqual(new Set(['7♠', '7♦']));
  });

  it('three automatic actions in a row forfeit; an own action resets the count', () => {
    let s = exampleA();
    s = rules.timeout(s, rules.deadline(s) as number); // E pass (1)
    s = rules.apply(s, D, take(false), s.timerStartTime + 1);
    s = rules.timeout(s, rules.deadline(s) as number); // E pass (2)
    s = rules.apply(s, D, select('pass'), s.timerStartTime + 1);
    expect(s.phase).toBe('round-canceled');
    s = rules.timeout(s, rules.deadline(s) as number); // new deal: D is E now
    expect(s.turn).toBe(D);
    s = rules.apply(s, D, take(false), s.timerStartTime + 1);
    const third = rules.timeout(s, rules.deadline(s) as number); // E pass (3)
    expect(third.phase).toBe('game-completed');
    expect(rules.outcome(third)).toEqual({ winnerId: D, loserId: E, endReason: 'timeout', points: { [E]: 0, [D]: 0 } });
    expect(rules.deadline(third)).toBeNull();
    expect(rules.timeout(third, T0 + 10 ** 9)).toBe(third);

    // The same line with E acting once in between: no forfeit.
    const acted = rules.apply(s, E, take(false), s.timerStartTime + 2);
    expect(acted.autoActions[E]).toBe(0);
  });

  it('leaving forfeits: the other player wins, opponent-left, with the points so far', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    s = playOut(s);
    s = rules.timeout(s, rules.deadline(s) as number);
    const left = rules.resign(s, E, s.timerStartTime + 1);
    expect(rules.outcome(left)).toEqual({ winnerId: D, loserId: E, endReason: 'opponent-left', points: s.totals });
    expect(ruleError(() => rules.resign(left, D, s.timerStartTime + 2)).kind).toBe('conflict');
    expect(ruleError(() => rules.apply(left, D, take(true), s.timerStartTime + 2)).message).toBe('The game is over');
  });
});

describe('views', () => {
  it("never carry the opponent's hand, the stock or the seed; count the opponent's cards", () => {
    const s = exampleA();
    const view = rules.view(s, D);
    expect(Object.keys(view.hands)).toEqual([D]);
    expect(view.handCounts).toEqual({ [E]: 5, [D]: 5 });
    expect(Object.keys(view.initialCards)).toEqual([D]);
    const json = JSON.stringify(view);
    for (const c of [...(s.round.hands[E] ?? []), ...s.round.stock]) expect(json).not.toContain(c._id);
    expect(json).not.toContain(SEED);
    expect(view.faceUpCardCopy).toEqual(card('J♥'));
  });

  it("hide the opponent's combinations until announced; show the winner's cards from trick 2", () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    let forD = rules.view(s, D);
    expect(forD.combinations[E]).toEqual({ tierce: 0, fifty: 0, hundred: 0, fourX: 0, blot: 0 });
    expect(forD.skipCombinationDecisions[E]).toBe(false);
    expect(forD.combinationCards[E]).toEqual([]);
    expect(rules.view(s, E).combinationCards[E]?.map((c) => c.kind)).toEqual(['tierce']);
    // D has nothing to decide, and sees so; E is not told until D has played a card.
    expect(forD.skipCombinationDecisions[D]).toBe(true);
    expect(rules.view(s, E).skipCombinationDecisions[D]).toBe(false);

    s = rules.apply(s, E, playMove('J♥', 'announce'), T0 + 2);
    forD = rules.view(s, D);
    expect(forD.combinations[E]).toEqual({ tierce: 1, fifty: 0, hundred: 0, fourX: 0, blot: 0 });
    expect(forD.playerActions[E]).toBe('announce');
    expect(forD.combinationCards[E]).toEqual([]);
    expect(forD.showCombinations).toBe(false);
    expect(forD.legalCards).toEqual([card('A♥')._id, card('7♥')._id]);
    expect(rules.view(s, E).legalCards).toEqual([]);

    s = rules.apply(s, D, playMove('7♥'), T0 + 3);
    forD = rules.view(s, D);
    expect(forD.winnerCombinations).toBe(E);
    expect(forD.showCombinations).toBe(true);
    expect(forD.canOpenCards).toEqual({ [E]: true, [D]: false });
    expect(forD.combinationCards[E]?.[0]?.cards.map(nameOf)).toEqual(['J♥', 'Q♥', 'K♥']);
    expect(forD.skipCombinationDecisions).toEqual({ [E]: false, [D]: true });
    expect(forD.lastPlayedCards).toEqual([
      { card: card('J♥'), playerId: E },
      { card: card('7♥'), playerId: D },
    ]);
    expect(forD.trickWinner).toBe(E);
    expect(forD.moveCounter).toBe(2);
    expect(forD.roundPoints).toEqual({ [E]: 20, [D]: 0 });
    expect(forD.phaseEvents).toEqual(['card-played', 'trick-completed']);

    s = rules.apply(s, E, playMove('9♥'), T0 + 4);
    s = rules.apply(s, D, playMove('A♥'), T0 + 5);
    expect(rules.view(s, D).canOpenCards).toEqual({ [E]: false, [D]: false });
    expect(rules.view(s, D).showCombinations).toBe(true);
  });

  it('a canceled combination never shows, and reads like having none', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    s = rules.apply(s, E, playMove('J♥', 'cancel'), T0 + 2);
    const forD = rules.view(s, D);
    expect(forD.combinations[E]?.tierce).toBe(0);
    expect(forD.skipCombinationDecisions[E]).toBe(true);
    expect(forD.playerActions[E]).toBe('take');
    s = rules.apply(s, D, playMove('7♥'), T0 + 3);
    expect(rules.view(s, D).winnerCombinations).toBeNull();
    expect(rules.view(s, D).combinationCards[E]).toEqual([]);
  });

  it('"Blot" shows when the holder plays the first of trump K/Q', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    expect(rules.view(s, D).combinations[E]?.blot).toBe(0);
    expect(rules.view(s, E).combinations[E]?.blot).toBe(1);
    s = rules.apply(s, E, playMove('Q♥', 'cancel'), T0 + 2);
    expect(rules.view(s, D).blotAnnounced).toEqual({ [E]: true, [D]: false });
    expect(rules.view(s, D).combinations[E]?.blot).toBe(1);

    // A trump K without the Q is no blot.
    let t = trumpHeartsDeal();
    t = rules.apply(t, E, playMove('7♥'), T0 + 5);
    t = rules.apply(t, D, playMove('K♥'), T0 + 6);
    expect(t.round.blotHolder).toBeNull();
    expect(rules.view(t, E).blotAnnounced).toEqual({ [E]: false, [D]: false });
  });

  it('round results read from the viewer’s side', () => {
    let s = rules.apply(exampleA(), E, take(true), T0 + 1);
    s = playOut(s);
    const forE = rules.view(s, E).roundResults;
    const forD = rules.view(s, D).roundResults;
    const record = s.results[0];
    expect(forE.winnerId).toBe(record?.winnerId);
    expect(forE.details[0]).toMatchObject({ mePoints: record?.table[E], opponentPoints: record?.table[D], totalMe: s.totals[E] });
    expect(forD.details[0]).toMatchObject({ mePoints: record?.table[D], opponentPoints: record?.table[E], totalMe: s.totals[D] });
    expect(blotRoundName({ round: 4, contract: 'anxoz', inside: true }, 'Bob')).toBe('R4 · Anxoz · Bob (inside)');
    expect(blotRoundName({ round: 3, contract: 'hearts', inside: false }, 'Alice')).toBe('R3 · ♥ · Alice');
    expect(rules.deadline(s)).toBe(s.timerStartTime + BLOT_ROUND_RESULTS_MS);
  });
});
