import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOT_AUTO_ACTIONS_TO_FORFEIT,
  BLOT_LAST_TRICK_BONUS,
  BLOT_TARGET,
  blotContracts,
  type BlotCard,
  type BlotContract,
  type BlotMove,
} from '../../protocol/blot.ts';
import { blotRules as rules, cardPoints, deckOf, legalCardsOf, legalCardsOfView, type BlotState } from '../../rules/blot/index.ts';
import { RuleError } from '../../rules/game.ts';
import { createRng, nextInt, shuffle } from '../../rules/random.ts';
import { chooser, legalAction } from './blotPlay.ts';

/** Properties of the Belote rules over seeded random games (fast-check drives seeds and choices). */

const A = 'player-a';
const B = 'player-b';
const T0 = 1_700_000_000_000;
const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));

const ids = (cards: readonly BlotCard[]): string[] => cards.map((c) => c._id);
const playing = (s: BlotState) => s.phase === 'in-progress' || s.phase === 'trick-in-progress';

/**
 * Every card of the deal is in exactly one place: a hand, the stock, the table, a trick, or face up.
 * Returns what is wrong ('' when nothing), so the hot loops call `expect` once.
 */
function cardsProblem(s: BlotState): string {
  const { round } = s;
  const places = [
    ...ids(round.hands[A] ?? []),
    ...ids(round.hands[B] ?? []),
    ...ids(round.stock),
    ...ids(round.trick),
    ...round.tricks.flatMap((t) => ids(t.cards)),
    ...(round.faceUpTakenBy ? [] : [round.faceUp._id]),
  ];
  const deck = new Set(ids(deckOf(round.dealNumber)));
  if (places.length !== 32 || new Set(places).size !== 32 || !places.every((id) => deck.has(id))) return `cards out of place: ${places.join(',')}`;
  if (round.contract !== null) {
    // After the full deal each player has 8 cards between hand, table and tricks.
    for (const id of [A, B]) {
      const played = [...round.trick, ...round.tricks.flatMap((t) => t.cards)].filter((c) => c.player === id).length;
      if ((round.hands[id]?.length ?? 0) + played !== 8) return `${id} does not have 8 cards`;
    }
  }
  return '';
}

const expectEveryCardOnce = (s: BlotState): void => expect(cardsProblem(s)).toBe('');

/** Every card id anywhere in a value: `_id` fields and bare id strings (legalCards). */
function cardIdsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (/^r\d+-(?:10|[789JQKA])[hdcs]$/.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) cardIdsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) cardIdsIn(item, found);
  }
  return found;
}

/**
 * What `viewer` may see of the opponent's hand: the face-up card if the opponent took it, and the
 * opponent's winning combination cards once shown. The stock never. Returns what leaked ('' if nothing).
 */
function secretsProblem(s: BlotState, seed: string): string {
  for (const [viewer, opponent] of [
    [A, B],
    [B, A],
  ] as const) {
    const view = rules.view(s, viewer);
    if (JSON.stringify(view).includes(seed)) return `${viewer} sees the seed`;
    const seen = cardIdsIn(view);
    const allowed = new Set<string>();
    if (s.round.faceUpTakenBy === opponent) allowed.add(s.round.faceUp._id);
    if (view.showCombinations && view.winnerCombinations === opponent) {
      for (const combo of s.round.combinations[opponent] ?? []) for (const c of combo.cards) allowed.add(c._id);
    }
    for (const id of ids(s.round.hands[opponent] ?? [])) if (seen.has(id) && !allowed.has(id)) return `${viewer} sees ${id} in the opponent's hand`;
    for (const id of ids(s.round.stock)) if (seen.has(id)) return `${viewer} sees ${id} in the stock`;
    if (view.handCounts[opponent] !== (s.round.hands[opponent]?.length ?? 0)) return `${viewer} has a wrong count of the opponent's cards`;
    if (view.hands[opponent] !== undefined) return `${viewer} gets the opponent's hand`;
    if (ids(legalCardsOfView(view, viewer)).join() !== view.legalCards.join()) return `${viewer}'s legal cards differ between view and server`;
    if (view.legalCards.join() !== ids(legalCardsOf(s, viewer)).join()) return `${viewer}'s legal cards are not the rules' own`;
  }
  return '';
}

/** Moves that must be refused in `s`: junk shapes, the wrong player, cards not in the hand, wrong phases. */
function junkFor(s: BlotState, pick: (n: number) => number, anything: unknown[]): [string, unknown] {
  const player = s.turn ?? A;
  const other = player === A ? B : A;
  const opponentCard = s.round.hands[other]?.[0];
  const options: [string, unknown][] = [
    [player, anything.length ? anything[pick(anything.length)] : null],
    [player, { type: 'make-move', card: { _id: 'r0-7h', value: '7', suit: 'hearts' } }],
    [player, { type: 'trump-selection', suit: 'stars' }],
    [player, { type: 'make-move', card: s.round.faceUp, combinationDecision: 'maybe' }],
    ['carol', { type: 'trump-decision', takeCard: true }],
    [other, { type: 'trump-decision', takeCard: true }],
    [other, { type: 'make-move', card: opponentCard ?? s.round.faceUp }],
  ];
  if (opponentCard) options.push([player, { type: 'make-move', card: opponentCard, combinationDecision: 'announce' }]);
  if (s.phase !== 'trump-decision') options.push([player, { type: 'trump-decision', takeCard: false }]);
  if (s.phase !== 'trump-final-selection') options.push([player, { type: 'final-trump-decision', withCard: true }]);
  if (playing(s)) {
    const legal = new Set(ids(legalCardsOf(s, player)));
    const illegal = (s.round.hands[player] ?? []).find((c) => !legal.has(c._id));
    const decision = rules.view(s, player).combinationDecisionRequired ? 'cancel' : undefined;
    if (illegal) options.push([player, { type: 'make-move', card: illegal, combinationDecision: decision }]);
  }
  return options[pick(options.length)] as [string, unknown];
}

describe('blot properties', () => {
  it('every card of the deck is dealt exactly once, in packets of 3 + 2, with the face-up card 11th', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const s = rules.create([A, B], seed, T0);
        expectEveryCardOnce(s);
        // Replayable from the seed alone: one draw for the dealer, then Fisher–Yates over the deck.
        const [first, afterDealer] = nextInt(createRng(seed), 2);
        const [deck] = shuffle(afterDealer, deckOf(1));
        const [dealer, elder] = first === 0 ? [A, B] : [B, A];
        expect(s.round.dealer).toBe(dealer);
        expect(s.turn).toBe(elder);
        expect(s.round.hands[elder]).toEqual([...deck.slice(0, 3), ...deck.slice(6, 8)]);
        expect(s.round.hands[dealer]).toEqual([...deck.slice(3, 6), ...deck.slice(8, 10)]);
        expect(s.round.faceUp).toEqual(deck[10]);
        expect(s.round.stock).toEqual(deck.slice(11));
      }),
      { numRuns: 100 },
    );
  });

  it('a round: trick points plus the last-trick bonus are the dealt cards’ points, per contract; a failed contract moves everything to the defender', () => {
    const contracts = new Set<string>();
    fc.assert(
      fc.property(seeds, fc.constantFrom(...blotContracts), fc.boolean(), fc.integer(), (seed, contract, withCard, choiceSeed) => {
        const pick = chooser(choiceSeed);
        let s = rules.create([A, B], seed, T0);
        let now = T0;
        const elder = s.turn as string;
        const dealer = s.round.dealer;
        const before = structuredClone(s.round);
        if (contract === s.round.faceUp.suit) {
          s = rules.apply(s, elder, { type: 'trump-decision', takeCard: true }, (now += 1));
        } else {
          s = rules.apply(s, elder, { type: 'trump-decision', takeCard: false }, (now += 1));
          s = rules.apply(s, dealer, { type: 'trump-decision', takeCard: false }, (now += 1));
          s = rules.apply(s, elder, { type: 'trump-selection', suit: contract }, (now += 1));
          s = rules.apply(s, elder, { type: 'final-trump-decision', withCard }, (now += 1));
        }
        expect(s.round.contract).toBe(contract);
        contracts.add(contract);
        // §3 step 4: the taker holds the face-up card if taken; E is served from the stock first, then D.
        const taker = s.round.taker as string;
        const took = s.round.faceUpTakenBy === taker;
        const need = (id: string) => 3 - (took && id === taker ? 1 : 0);
        expect(s.round.hands[elder]).toEqual([...(before.hands[elder] ?? []), ...(took && taker === elder ? [before.faceUp] : []), ...before.stock.slice(0, need(elder))]);
        expect(s.round.hands[dealer]).toEqual([
          ...(before.hands[dealer] ?? []),
          ...(took && taker === dealer ? [before.faceUp] : []),
          ...before.stock.slice(need(elder), need(elder) + need(dealer)),
        ]);
        expectEveryCardOnce(s);
        const dealt = [...(s.round.hands[A] ?? []), ...(s.round.hands[B] ?? [])];
        expect(dealt).toHaveLength(16);
        const dealtPoints = dealt.reduce((sum, c) => sum + cardPoints(c, contract), 0);
        while (playing(s)) {
          const [player, move] = legalAction(s, pick);
          const before = structuredClone(s);
          const next = rules.apply(s, player, move, (now += 1));
          expect(s, 'apply changed its input').toEqual(before);
          s = next;
          expectEveryCardOnce(s);
        }
        const result = s.results[0];
        if (!result) throw new Error('the round did not complete');
        const parts = [A, B].map((id) => result.breakdown[id]);
        expect((parts[0]?.cards ?? 0) + (parts[1]?.cards ?? 0) + BLOT_LAST_TRICK_BONUS).toBe(dealtPoints + BLOT_LAST_TRICK_BONUS);
        expect((parts[0]?.lastTrick ?? 0) + (parts[1]?.lastTrick ?? 0)).toBe(BLOT_LAST_TRICK_BONUS);
        expect(result.taker).toBe(taker);
        const defender = taker === A ? B : A;
        const [takerTotal, defenderTotal] = [result.breakdown[taker]?.total ?? 0, result.breakdown[defender]?.total ?? 0];
        expect(result.made).toBe(takerTotal > defenderTotal);
        if (result.made) expect(result.raw).toEqual({ [taker]: takerTotal, [defender]: defenderTotal });
        else expect(result.raw).toEqual({ [taker]: 0, [defender]: takerTotal + defenderTotal });
        for (const id of [A, B]) expect(result.table[id]).toBe(Math.floor(((result.raw[id] ?? 0) + 4) / 10));
        // Combination points only for the comparison's winner; blot only in suit contracts.
        for (const id of [A, B]) if (id !== s.round.combinationWinner) expect(result.breakdown[id]?.combinations).toBe(0);
        if (contract === 'anxoz') for (const id of [A, B]) expect(result.breakdown[id]?.blot).toBe(0);
      }),
      { numRuns: 100 },
    );
    expect(contracts.size).toBe(blotContracts.length);
  });

  it('random matches (legal moves, junk, timeouts) end with one winner; refusals change nothing; views keep every secret', () => {
    const endings = new Set<string>();
    fc.assert(
      fc.property(
        seeds,
        fc.integer(),
        fc.constantFrom(0, 0.03, 0.3),
        fc.array(fc.anything(), { maxLength: 4 }),
        (seed, choiceSeed, timeoutRate, anything) => {
          const pick = chooser(choiceSeed);
          let s = rules.create([A, B], seed, T0);
          let now = T0;
          let totalsBefore = { ...s.totals };
          for (let step = 0; step < 4000 && rules.outcome(s) === null; step += 1) {
            const deadline = rules.deadline(s) as number;
            const roll = pick(1000) / 1000;
            if (s.turn === null || roll < timeoutRate) {
              s = rules.timeout(s, (now = Math.max(now + 1, deadline)));
            } else if (roll < timeoutRate + 0.1) {
              const before = structuredClone(s);
              const [player, junk] = junkFor(s, pick, anything);
              let error: unknown = null;
              try {
                rules.apply(s, player, junk as BlotMove, now + 1);
              } catch (caught) {
                error = caught;
              }
              if (!(error instanceof RuleError)) expect.fail(`${player} ${JSON.stringify(junk)} was not refused: ${String(error)}`);
              expect(s).toEqual(before);
            } else {
              const [player, move] = legalAction(s, pick);
              s = rules.apply(s, player, move, (now += 1));
            }
            const totalsDown = [A, B].some((id) => (s.totals[id] ?? 0) < (totalsBefore[id] ?? 0));
            const problem = cardsProblem(s) || secretsProblem(s, seed) || (totalsDown ? 'totals went down' : '');
            if (problem) expect.fail(`step ${step} (${s.phase}): ${problem}`);
            totalsBefore = { ...s.totals };
          }
          const outcome = rules.outcome(s);
          if (!outcome) throw new Error('the match did not end');
          expect(new Set([outcome.winnerId, outcome.loserId])).toEqual(new Set([A, B]));
          expect(outcome.points).toEqual(s.totals);
          endings.add(String(outcome.endReason));
          if (outcome.endReason === null) {
            expect(s.totals[outcome.winnerId]).toBeGreaterThanOrEqual(BLOT_TARGET);
            expect(s.totals[outcome.winnerId]).toBeGreaterThan(s.totals[outcome.loserId] ?? 0);
          } else {
            expect(outcome.endReason).toBe('timeout');
            expect(s.autoActions[outcome.loserId]).toBeGreaterThanOrEqual(BLOT_AUTO_ACTIONS_TO_FORFEIT);
          }
          expect(rules.deadline(s)).toBeNull();
          // Plain JSON, as stored in jsonb.
          expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
        },
      ),
      { numRuns: 40 },
    );
    expect(endings).toEqual(new Set(['null', 'timeout']));
  });

  it('apply refuses any junk move without touching the state', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 0, max: 30 }), fc.anything(), fc.constantFrom(A, B, 'carol'), (seed, steps, junk, player) => {
        const pick = chooser(steps + 1);
        let s = rules.create([A, B], seed, T0);
        for (let i = 0; i < steps && s.turn !== null; i += 1) {
          const [who, move] = legalAction(s, pick);
          s = rules.apply(s, who, move, T0 + i + 1);
        }
        const before = structuredClone(s);
        expect(() => rules.apply(s, player, junk as BlotMove, T0 + 100)).toThrow(RuleError);
        expect(s).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('the same seed and the same actions replay to the same game', () => {
    fc.assert(
      fc.property(seeds, fc.integer(), (seed, choiceSeed) => {
        const run = () => {
          const pick = chooser(choiceSeed);
          let s = rules.create([A, B], seed, T0);
          let now = T0;
          for (let step = 0; step < 120 && rules.outcome(s) === null; step += 1) {
            if (s.turn === null || pick(5) === 0) s = rules.timeout(s, (now = Math.max(now + 1, rules.deadline(s) as number)));
            else {
              const [player, move] = legalAction(s, pick);
              s = rules.apply(s, player, move, (now += 1));
            }
          }
          return s;
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 20 },
    );
  });
});
