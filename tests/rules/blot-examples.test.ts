import { describe, expect, it } from 'vitest';
import { BLOT_ROUND_RESULTS_MS, type BlotCard, type BlotSuit, type BlotValue, type CombinationDecision } from '../../protocol/blot.ts';
import { cardId } from '../../rules/blot/cards.ts';
import { blotRules as rules, dealRound, scoreRound, tablePoints, type BlotState } from '../../rules/blot/index.ts';

/**
 * The worked examples of ../shared/rules/blot.md §9, each played through the rules module with a deck
 * laid out so the page's deal comes out. E is Alice (non-dealer), D is Bob (dealer).
 */

const E = 'alice';
const D = 'bob';
const SEED = 'ab'.repeat(32);
const T0 = 1_700_000_000_000;

const suits: Record<string, BlotSuit> = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };
const card = (name: string, deal = 1): BlotCard => {
  const value = name.slice(0, -1) as BlotValue;
  const suit = suits[name.slice(-1)] as BlotSuit;
  return { _id: cardId(deal, value, suit), value, suit };
};
const names = (cards: readonly BlotCard[]): string[] =>
  cards.map((c) => `${c.value}${Object.entries(suits).find(([, s]) => s === c.suit)?.[0]}`).sort();

/**
 * A deck that deals E `eFirst` (5), D `dFirst` (5), turns up `faceUp`, then has `stock` on top of the
 * stock; the rest follow in a fixed order.
 */
function deck(eFirst: string[], dFirst: string[], faceUp: string, stock: string[]): BlotCard[] {
  const top = [...eFirst.slice(0, 3), ...dFirst.slice(0, 3), ...eFirst.slice(3), ...dFirst.slice(3), faceUp, ...stock].map((n) => card(n));
  const used = new Set(top.map((c) => c._id));
  const all = (['hearts', 'diamonds', 'clubs', 'spades'] as const).flatMap((suit) =>
    (['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const).map((value) => ({ _id: cardId(1, value, suit), value, suit })),
  );
  const result = [...top, ...all.filter((c) => !used.has(c._id))];
  expect(new Set(result.map((c) => c._id)).size).toBe(32);
  return result;
}

/** A new game whose first deal is `cards`, Bob dealing; optionally with match totals already scored. */
function gameWith(cards: BlotCard[], totals: Record<string, number> = { [E]: 0, [D]: 0 }): BlotState {
  const created = rules.create([E, D], SEED, T0);
  return dealRound({ ...created, phaseEvents: [], totals }, 1, D, cards, T0);
}

let clock = T0;
const tick = () => (clock += 1000);

function play(state: BlotState, player: string, name: string, combinationDecision?: CombinationDecision): BlotState {
  return rules.apply(state, player, { type: 'make-move', card: card(name, state.round.dealNumber), combinationDecision }, tick());
}

/** Plays tricks given as [leader, leaderCard, followerCard]; decisions for each player's first card. */
function playTricks(state: BlotState, tricks: [string, string, string][], decisions: Record<string, CombinationDecision> = {}): BlotState {
  let s = state;
  const first = new Set<string>();
  for (const [leader, lead, follow] of tricks) {
    expect(s.turn).toBe(leader);
    const follower = leader === E ? D : E;
    for (const [player, name] of [
      [leader, lead],
      [follower, follow],
    ] as const) {
      const decision = first.has(player) ? undefined : decisions[player];
      first.add(player);
      s = play(s, player, name, decision);
    }
  }
  return s;
}

describe('blot.md §9 worked examples', () => {
  it('Example A — trump ♥, full play, contract made: E 143 → 14, D 10 → 1', () => {
    let s = gameWith(deck(['A♠', '10♠', 'K♥', 'Q♥', '9♣'], ['7♠', 'J♦', 'A♦', '8♣', '10♣'], 'J♥', ['9♥', 'K♠', 'A♥', '7♥', 'Q♠']));
    expect(s.phase).toBe('trump-decision');
    expect(s.turn).toBe(E);
    expect(rules.view(s, D).faceUpCardCopy).toEqual(card('J♥'));
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: true }, tick());
    expect(s.phaseEvents).toEqual(['face-up-card-taken', 'deal-remaining-cards']);
    expect(names(s.round.hands[E] ?? [])).toEqual(names(['J♥', '9♥', 'K♥', 'Q♥', 'A♠', '10♠', 'K♠', '9♣'].map((n) => card(n))));
    expect(names(s.round.hands[D] ?? [])).toEqual(names(['A♥', '7♥', 'Q♠', '7♠', 'A♦', 'J♦', '10♣', '8♣'].map((n) => card(n))));
    expect(s.round.contract).toBe('hearts');
    expect(s.round.taker).toBe(E);

    const viewE = rules.view(s, E);
    expect(viewE.combinations[E]).toEqual({ tierce: 1, fifty: 0, hundred: 0, fourX: 0, blot: 1 });
    expect(viewE.combinationDecisionRequired).toBe(true);
    expect(rules.view(s, D).combinationDecisionRequired).toBe(false);

    s = playTricks(
      s,
      [
        [E, 'J♥', '7♥'],
        [E, '9♥', 'A♥'],
        [E, 'A♠', '7♠'],
        [E, '10♠', 'Q♠'],
        [E, 'K♠', '8♣'],
        [E, '9♣', '10♣'],
        [D, 'A♦', 'Q♥'],
        [E, 'K♥', 'J♦'],
      ],
      { [E]: 'announce' },
    );
    expect(s.round.combinationWinner).toBe(E);
    expect(s.round.blotAnnounced).toEqual({ [E]: true, [D]: false });
    expect(s.round.tricks.map((t) => t.winner)).toEqual([E, E, E, E, E, D, E, E]);
    expect(s.phase).toBe('round-completed');
    const [result] = s.results;
    expect(result?.breakdown[E]).toEqual({ cards: 93, lastTrick: 10, combinations: 20, blot: 20, kaput: 0, total: 143 });
    expect(result?.breakdown[D]).toEqual({ cards: 10, lastTrick: 0, combinations: 0, blot: 0, kaput: 0, total: 10 });
    expect(result?.made).toBe(true);
    expect(result?.table).toEqual({ [E]: 14, [D]: 1 });
    expect(s.totals).toEqual({ [E]: 14, [D]: 1 });
    const row = rules.view(s, D).roundResults.details[0];
    expect(row).toMatchObject({ name: 'R1 · ♥ · Opponent', mePoints: 1, opponentPoints: 14, totalMe: 1, totalOpponent: 14, rawMe: 10, rawOpponent: 143 });
  });

  it('Example B — trump ♠, Without, the taker goes inside: D 98 vs E 100 → D 0, E 198 → 20', () => {
    // The page's numbers cannot all come from one legal play if E holds only A-K-Q♦ as a sequence: D's
    // J♠ 9♠ 10♠ (44) each take a trick, so D's 48 leaves E's three cards on them 4 points, which leaves
    // D's other four cards more points than four cards have. With A♠ in E's hand too (a second tierce,
    // Q-K-A♠, which changes nothing as D's fifty wins), the page's every number comes out.
    const eHand = ['A♦', 'K♦', 'Q♦', 'K♠', 'Q♠', 'A♠', 'J♥', '8♣'];
    const dHand = ['8♠', '9♠', '10♠', 'J♠', 'A♥', '10♥', 'A♣', 'K♥'];
    let s = gameWith(deck(eHand.slice(0, 5), dHand.slice(0, 5), '10♦', [...eHand.slice(5), ...dHand.slice(5)]));
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: false }, tick());
    s = rules.apply(s, D, { type: 'trump-decision', takeCard: false }, tick());
    expect(s.phase).toBe('trump-selection');
    s = rules.apply(s, E, { type: 'trump-selection', suit: 'pass' }, tick());
    s = rules.apply(s, D, { type: 'trump-selection', suit: 'spades' }, tick());
    expect(s.phase).toBe('trump-final-selection');
    s = rules.apply(s, D, { type: 'final-trump-decision', withCard: false }, tick());
    expect(s.round.faceUpTakenBy).toBeNull();
    expect(names(s.round.hands[E] ?? [])).toEqual(names(eHand.map((n) => card(n))));
    expect(names(s.round.hands[D] ?? [])).toEqual(names(dHand.map((n) => card(n))));
    expect(s.round.stock.map((c) => c._id)).not.toContain(card('10♦')._id);
    expect(s.round.combinations[D]?.map((c) => c.kind)).toEqual(['fifty']);
    expect(s.round.blotHolder).toBe(E);

    s = playTricks(
      s,
      [
        [E, 'K♦', '9♠'],
        [D, '8♠', 'Q♠'],
        [E, 'K♠', 'J♠'],
        [D, 'K♥', 'J♥'],
        [D, '10♠', 'A♠'],
        [E, 'A♦', 'A♥'],
        [E, 'Q♦', 'A♣'],
        [E, '8♣', '10♥'],
      ],
      { [E]: 'announce', [D]: 'announce' },
    );
    expect(s.round.combinationWinner).toBe(D);
    const [result] = s.results;
    expect(result?.breakdown[D]).toEqual({ cards: 48, lastTrick: 0, combinations: 50, blot: 0, kaput: 0, total: 98 });
    expect(result?.breakdown[E]).toEqual({ cards: 70, lastTrick: 10, combinations: 0, blot: 20, kaput: 0, total: 100 });
    expect(result?.made).toBe(false);
    expect(result?.raw).toEqual({ [D]: 0, [E]: 198 });
    expect(result?.table).toEqual({ [D]: 0, [E]: 20 });
    expect(rules.view(s, E).roundResults.details[0]?.name).toBe('R1 · ♠ · Opponent (inside)');
  });

  it('Example C — Anxoz, With Card, a 52–52 tie counts as failure: E 0, D 104 → 10', () => {
    const eHand = ['7♠', '8♠', '9♠', 'J♦', '7♥', '8♥', '9♦'];
    const dHand = ['10♦', '9♥', 'A♦', 'A♥', 'A♠', '8♣', 'K♦', 'J♣'];
    let s = gameWith(deck(eHand.slice(0, 5), dHand.slice(0, 5), 'A♣', [...eHand.slice(5), ...dHand.slice(5)]));
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: false }, tick());
    s = rules.apply(s, D, { type: 'trump-decision', takeCard: false }, tick());
    s = rules.apply(s, E, { type: 'trump-selection', suit: 'anxoz' }, tick());
    s = rules.apply(s, E, { type: 'final-trump-decision', withCard: true }, tick());
    expect(s.round.faceUpTakenBy).toBe(E);
    expect(names(s.round.hands[E] ?? [])).toEqual(names([...eHand, 'A♣'].map((n) => card(n))));
    expect(s.round.combinations[E]?.map((c) => c.kind)).toEqual(['tierce']);
    expect(s.round.combinations[D]).toEqual([]);
    expect(s.round.blotHolder).toBeNull();

    s = playTricks(
      s,
      [
        [E, '7♠', 'A♠'],
        [D, '9♥', '7♥'],
        [D, '8♣', 'A♣'],
        [E, '8♠', '10♦'],
        [E, '9♠', 'A♥'],
        [E, '8♥', 'K♦'],
        [E, 'J♦', 'A♦'],
        [D, 'J♣', '9♦'],
      ],
      { [E]: 'cancel' },
    );
    expect(s.round.combinationWinner).toBeNull();
    const [result] = s.results;
    expect(result?.breakdown[E]).toEqual({ cards: 52, lastTrick: 0, combinations: 0, blot: 0, kaput: 0, total: 52 });
    expect(result?.breakdown[D]).toEqual({ cards: 42, lastTrick: 10, combinations: 0, blot: 0, kaput: 0, total: 52 });
    expect(result?.raw).toEqual({ [E]: 0, [D]: 104 });
    expect(result?.table).toEqual({ [E]: 0, [D]: 10 });
  });

  it('Example D — trump ♣, kaput by the taker, the defender keeps a declaration: D 171 → 17, E 20 → 2', () => {
    const eHand = ['7♥', '8♥', '9♥', '7♠', '8♠', '10♠', 'Q♠', 'K♠'];
    const dHand = ['K♣', 'Q♣', '10♣', 'A♥', 'A♦', 'A♠', '10♥'];
    let s = gameWith(deck(eHand.slice(0, 5), dHand.slice(0, 5), '9♣', [...eHand.slice(5), ...dHand.slice(5)]));
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: false }, tick());
    s = rules.apply(s, D, { type: 'trump-decision', takeCard: true }, tick());
    expect(s.round.contract).toBe('clubs');
    expect(s.round.combinations[D]).toEqual([]);
    expect(s.round.blotHolder).toBe(D);
    expect(rules.view(s, D).combinationDecisionRequired).toBe(false);

    s = playTricks(
      s,
      [
        [E, '7♥', 'A♥'],
        [D, 'A♠', '7♠'],
        [D, 'A♦', '8♠'],
        [D, '10♥', '8♥'],
        [D, '10♣', '9♥'],
        [D, 'Q♣', '10♠'],
        [D, 'K♣', 'Q♠'],
        [D, '9♣', 'K♠'],
      ],
      { [E]: 'announce' },
    );
    expect(s.round.combinationWinner).toBe(E);
    const [result] = s.results;
    expect(result?.breakdown[D]).toEqual({ cards: 91, lastTrick: 10, combinations: 0, blot: 20, kaput: 50, total: 171 });
    expect(result?.breakdown[E]).toEqual({ cards: 0, lastTrick: 0, combinations: 20, blot: 0, kaput: 0, total: 20 });
    expect(result?.table).toEqual({ [D]: 17, [E]: 2 });
  });

  const exampleATricks: [string, string, string][] = [
    [E, 'J♥', '7♥'],
    [E, '9♥', 'A♥'],
    [E, 'A♠', '7♠'],
    [E, '10♠', 'Q♠'],
    [E, 'K♠', '8♣'],
    [E, '9♣', '10♣'],
    [D, 'A♦', 'Q♥'],
    [E, 'K♥', 'J♦'],
  ];
  const exampleADeck = () => deck(['A♠', '10♠', 'K♥', 'Q♥', '9♣'], ['7♠', 'J♦', 'A♦', '8♣', '10♣'], 'J♥', ['9♥', 'K♠', 'A♥', '7♥', 'Q♠']);

  it('Example E — end of match: E 95 + 14 = 109, D 99 + 1 = 100, only E at 101: E wins', () => {
    let s = gameWith(exampleADeck(), { [E]: 95, [D]: 99 });
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: true }, tick());
    s = playTricks(s, exampleATricks, { [E]: 'announce' });
    expect(s.totals).toEqual({ [E]: 109, [D]: 100 });
    expect(s.phase).toBe('game-completed');
    expect(s.phaseEvents).toContain('round-completed');
    expect(rules.outcome(s)).toEqual({ winnerId: E, loserId: D, endReason: null, points: { [E]: 109, [D]: 100 } });
    expect(rules.deadline(s)).toBeNull();
  });

  it('Example E — both over 101 and equal (107–107): another round is dealt, by the other player', () => {
    // The page's 98 + 9 / 96 + 11 needs a 9–11 round; Example A's 14–1 from 93 / 106 ties the same way.
    let s = gameWith(exampleADeck(), { [E]: 93, [D]: 106 });
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: true }, tick());
    s = playTricks(s, exampleATricks, { [E]: 'announce' });
    expect(s.totals).toEqual({ [E]: 107, [D]: 107 });
    expect(s.phase).toBe('round-completed');
    expect(rules.outcome(s)).toBeNull();
    const next = rules.timeout(s, s.timerStartTime + BLOT_ROUND_RESULTS_MS);
    expect(next.phase).toBe('trump-decision');
    expect(next.round.dealer).toBe(E);
    expect(next.turn).toBe(D);
  });

  // The page's numbers, straight through the scoring function.
  it.each([
    ['A', E, { [E]: 93, [D]: 10 }, { [E]: 7, [D]: 1 }, E, { [E]: 20, [D]: 0 }, E, { [E]: 14, [D]: 1 }],
    ['B', D, { [D]: 48, [E]: 70 }, { [D]: 3, [E]: 5 }, E, { [D]: 50, [E]: 0 }, E, { [D]: 0, [E]: 20 }],
    ['C', E, { [E]: 52, [D]: 42 }, { [E]: 4, [D]: 4 }, D, { [E]: 0, [D]: 0 }, null, { [E]: 0, [D]: 10 }],
    ['D', D, { [D]: 91, [E]: 0 }, { [D]: 8, [E]: 0 }, D, { [D]: 0, [E]: 20 }, D, { [D]: 17, [E]: 2 }],
  ] as const)('Example %s scores as the page says', (_name, taker, cards, tricksWon, last, combinations, blotHolder, table) => {
    const score = scoreRound({ taker, defender: taker === E ? D : E, cards, tricksWon, lastTrickWinner: last, combinations, blotHolder });
    expect(score.table).toEqual(table);
  });

  it.each([
    [10, 1],
    [14, 1],
    [15, 1],
    [16, 2],
    [85, 8],
    [86, 9],
    [143, 14],
  ])('rounding checks: raw %i → table %i', (raw, table) => {
    expect(tablePoints(raw)).toBe(table);
  });

  it('rounding: every raw from 0 to 300 rounds ..5 down and ..6 up', () => {
    for (let raw = 0; raw <= 300; raw += 1) expect(tablePoints(raw)).toBe(raw % 10 <= 5 ? Math.floor(raw / 10) : Math.floor(raw / 10) + 1);
  });

  it('a completed round waits BLOT_ROUND_RESULTS_MS for the results popup, then deals again', () => {
    let s = gameWith(exampleADeck());
    s = rules.apply(s, E, { type: 'trump-decision', takeCard: true }, tick());
    s = playTricks(s, exampleATricks, { [E]: 'announce' });
    expect(rules.deadline(s)).toBe(s.timerStartTime + BLOT_ROUND_RESULTS_MS);
    expect(rules.timeout(s, s.timerStartTime + BLOT_ROUND_RESULTS_MS - 1)).toBe(s);
    expect(() => rules.apply(s, E, { type: 'trump-decision', takeCard: true }, tick())).toThrow('The next round has not started yet');
  });
});
