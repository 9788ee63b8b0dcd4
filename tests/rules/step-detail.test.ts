import { describe, expect, it } from 'vitest';
import type { BlotCard } from '../../protocol/blot.ts';
import type { GameMode } from '../../protocol/constants.ts';
import type { BlotCardName, ProofInput } from '../../protocol/fairness.ts';
import type { RpsChoice } from '../../protocol/rps.ts';
import { backgammonRules, legalMoves, turnOfState, type BackgammonState } from '../../rules/backgammon/index.ts';
import type { BlotState } from '../../rules/blot/index.ts';
import type { CarromState } from '../../rules/carrom/index.ts';
import type { RpsState } from '../../rules/rps/index.ts';
import { stepDetailOf, type StepLine } from '../../rules/stepDetail.ts';

/**
 * Issue 18, "the steps laid out (each roll or deal and what it came from)": every verified step tells
 * what it did and what its draws produced, as facts the Verify page words in the player's language
 * (tests/app/step-words.test.ts holds the words). Checked on whole random games (tests/rules/
 * fairnessGames.ts) against the states the rules themselves reached: the dice in the state after a turn,
 * the cards of a deal, the round's auto-picks.
 */

import { modes, stepsOf, type Replayed } from './stepDetailKit.ts';

// The facts a player reads, written out here from the states, not taken from the code under test.
const cardName = ({ value, suit }: BlotCard): BlotCardName => ({ value, suit });
const cardNames = (cards: readonly BlotCard[]) => cards.map(cardName);
/** A wire point as its mover counts it: white 24 → 1, black the mirror; the bars and trays by name. */
const pointName = (wire: number, color: 'white' | 'black') => (wire === 25 || wire === 26 ? 'bar' : wire >= 27 ? 'off' : color === 'white' ? wire : 25 - wire);
const rolledLines = (drawn: readonly StepLine[] | undefined) => (drawn ?? []).filter((line) => line.say === 'backgammon-rolled');
const moveOf = <M>(input: ProofInput) => input.move as M;

interface Case<S> {
  says: string;
  when: (s: Replayed<S>) => boolean;
  holds: (s: Replayed<S>) => void;
}

function table<S>(mode: GameMode, cases: Case<S>[]) {
  describe(`${mode}: each step in words`, () => {
    it.each(cases)('$says', ({ when, holds }) => {
      const matching = stepsOf<S>(mode).filter(when);
      // A row that never applies would pass without checking anything.
      expect(matching.length).toBeGreaterThan(0);
      for (const s of matching) holds(s);
    });
  });
}

table<RpsState>('rps', [
  {
    says: 'a choice says what the player chose, and draws nothing',
    when: (s) => s.input.action === 'move',
    holds: ({ input, step }) => {
      expect(step.move).toEqual({ say: 'rps-chose', choice: moveOf<{ choice: RpsChoice }>(input).choice });
      expect(step.drawn).toBeUndefined();
    },
  },
  {
    says: 'a round that runs out names each auto-pick and for whom, as the round result records it',
    when: (s) => s.input.action === 'timeout' && s.before.phase === 'choose',
    holds: ({ after, step }) => {
      const round = after.roundResults.at(-1);
      if (!round) throw new Error('a round ran out without a result');
      const picked = after.players.filter((id) => round.autoPicked[id]);
      expect(picked.length).toBeGreaterThan(0);
      expect(step.drawn).toEqual(picked.map((player) => ({ player, say: 'rps-auto-picked', choice: round.choices[player] })));
      expect(step.move).toEqual({ say: 'rps-round-ran-out', round: round.roundNumber });
      expect(step.draws).toBeGreaterThanOrEqual(picked.length);
    },
  },
  {
    says: 'a player who chose in time is not said to be auto-picked',
    when: (s) => s.input.action === 'timeout' && s.before.phase === 'choose' && Object.values(s.before.choices).some(Boolean),
    holds: ({ before, step }) => {
      const chose = before.players.filter((id) => before.choices[id]);
      expect(step.drawn?.map((line) => line.player)).toEqual(before.players.filter((id) => !chose.includes(id)));
    },
  },
  {
    says: 'the next round starting says so, and draws nothing',
    when: (s) => s.input.action === 'timeout' && s.before.phase === 'round-completed',
    holds: ({ after, step }) => {
      expect(step.move).toEqual({ say: 'rps-round-began', round: after.currentRound });
      expect(step.drawn).toBeUndefined();
      expect(step.draws).toBe(0);
    },
  },
]);

table<BackgammonState>('backgammon', [
  {
    says: 'the creation names the opening roll, die by die, and who moves first with which dice',
    when: (s) => s.input.action === 'create',
    holds: ({ after, step }) => {
      const [white, black] = after.players;
      const decisive = after.openingRolls.at(-1);
      if (!decisive || decisive.white === decisive.black) throw new Error('an opening roll must end untied');
      // Every throw, two lines each (a tie's are the tie test's below), then who moves first.
      expect(step.drawn).toHaveLength(2 * after.openingRolls.length + 1);
      expect(step.drawn?.slice(-3)).toEqual([
        { player: white, say: 'backgammon-opening-die', die: decisive.white, tie: false },
        { player: black, say: 'backgammon-opening-die', die: decisive.black, tie: false },
        { player: after.turn, say: 'backgammon-moves-first', dice: after.dice },
      ]);
      expect(after.dice).toEqual(decisive.white > decisive.black ? [decisive.white, decisive.black] : [decisive.black, decisive.white]);
    },
  },
  {
    says: "a turn's end names exactly the dice in the state after, for the player to move",
    when: (s) => (s.input.action === 'move' || s.input.action === 'timeout') && s.after.phase === 'move-checker' && s.after.turnNumber > s.before.turnNumber,
    holds: ({ after, step }) => {
      expect(rolledLines(step.drawn)).toEqual([{ player: after.turn, say: 'backgammon-rolled', dice: after.dice }]);
      expect(step.draws).toBeGreaterThanOrEqual(2);
    },
  },
  {
    says: 'a turn that ends the game rolls nothing',
    when: (s) => (s.input.action === 'move' || s.input.action === 'timeout') && s.after.phase === 'game-completed',
    holds: ({ step }) => expect(rolledLines(step.drawn)).toEqual([]),
  },
  {
    says: 'a move names every checker moved, from the mover’s side, and the hits',
    when: (s) => s.input.action === 'move' && s.after.moveHistory.length > s.before.moveHistory.length && (s.after.moveHistory.at(-1)?.moves.length ?? 0) > 0,
    holds: ({ after, step }) => {
      const record = after.moveHistory.at(-1);
      if (!record) throw new Error('a move without its record');
      const moves = record.moves.map((m) => ({ from: pointName(m.currentPoint, record.color), to: pointName(m.targetPoint, record.color), hit: Boolean(m.hitCheckerId) }));
      expect(step.move).toEqual({ say: 'backgammon-moved', auto: false, moves });
    },
  },
  {
    says: 'a turn with no legal move says it passed',
    when: (s) => s.after.moveHistory.length > (s.before?.moveHistory.length ?? 0) && s.after.moveHistory.at(-1)?.moves.length === 0,
    holds: ({ input, before, step }) => {
      expect(step.move).toEqual(input.action === 'move' ? { say: 'backgammon-passed' } : { player: before.turn, say: 'backgammon-passed' });
    },
  },
  {
    says: 'an automatic turn names whom it was played for, its checkers, and how many legal plays the seed picked it from',
    when: (s) => s.input.action === 'timeout' && s.after.moveHistory.length > s.before.moveHistory.length && (s.after.moveHistory.at(-1)?.moves.length ?? 0) > 0,
    holds: ({ before, after, step }) => {
      const record = after.moveHistory.at(-1);
      const turn = turnOfState(before);
      if (!record || !turn) throw new Error('an automatic turn without its turn');
      const moves = record.moves.map((m) => ({ from: pointName(m.currentPoint, record.color), to: pointName(m.targetPoint, record.color), hit: Boolean(m.hitCheckerId) }));
      expect(step.move).toEqual({ player: before.turn, say: 'backgammon-moved', auto: true, moves });
      expect(step.drawn?.[0]).toEqual({ say: 'backgammon-play-picked', plays: legalMoves(turn).length });
    },
  },
]);

describe('backgammon: an opening roll with a tie', () => {
  it('names both throws and says the tie was thrown again', () => {
    const state = Array.from({ length: 100 }, (_, n) => backgammonRules.create(['w', 'b'], n.toString(16).padStart(64, '0'), 0)).find((s) => s.openingRolls.length > 1);
    if (!state) throw new Error('no opening tie in 100 seeds');
    const [tie, decisive] = state.openingRolls as [{ white: number; black: number }, { white: number; black: number }];
    const { drawn } = stepDetailOf('backgammon', null, JSON.parse(JSON.stringify(state)), { actor: 'server', action: 'create' });
    expect(drawn?.slice(0, 4)).toEqual([
      { player: 'w', say: 'backgammon-opening-die', die: tie.white, tie: true },
      { player: 'b', say: 'backgammon-opening-die', die: tie.black, tie: true },
      { player: 'w', say: 'backgammon-opening-die', die: decisive.white, tie: false },
      { player: 'b', say: 'backgammon-opening-die', die: decisive.black, tie: false },
    ]);
  });
});

const isDeal = (s: Replayed<BlotState>) => s.after.phaseEvents.includes('deal-initial-cards');

table<BlotState>('blot', [
  {
    says: "the creation names the first dealer, each player's five cards (the non-dealer first) and the face-up card",
    when: (s) => s.input.action === 'create',
    holds: ({ after, step }) => {
      const { dealer, elder, initialCards, faceUp } = after.round;
      expect(step.drawn).toEqual([
        { player: dealer, say: 'blot-first-dealer' },
        { player: elder, say: 'blot-dealt', cards: cardNames(initialCards[elder] ?? []), rest: false },
        { player: dealer, say: 'blot-dealt', cards: cardNames(initialCards[dealer] ?? []), rest: false },
        { say: 'blot-face-up', card: cardName(faceUp) },
      ]);
      expect(initialCards[elder]).toHaveLength(5);
      expect(step.draws).toBeGreaterThan(0);
    },
  },
  {
    says: 'each later deal names its number and the cards dealt',
    when: (s) => s.input.action === 'timeout' && isDeal(s),
    holds: ({ after, step }) => {
      const { dealer, elder, initialCards, faceUp, dealNumber } = after.round;
      expect(step.move).toEqual({ say: 'blot-next-deal', deal: dealNumber });
      expect(step.drawn).toEqual([
        { player: elder, say: 'blot-dealt', cards: cardNames(initialCards[elder] ?? []), rest: false },
        { player: dealer, say: 'blot-dealt', cards: cardNames(initialCards[dealer] ?? []), rest: false },
        { say: 'blot-face-up', card: cardName(faceUp) },
      ]);
      expect(step.draws).toBeGreaterThan(0);
    },
  },
  {
    says: 'the contract fixed, the rest of the deal names the cards that fill each hand up to eight',
    when: (s) => s.after.phaseEvents.includes('deal-remaining-cards'),
    holds: ({ before, after, step }) => {
      const { elder, dealer, faceUp, faceUpTakenBy, hands } = after.round;
      const rest = [elder, dealer].map((player) => {
        const held = new Set((before.round.hands[player] ?? []).map((card) => card._id));
        const dealt = (hands[player] ?? []).filter((card) => !held.has(card._id) && !(faceUpTakenBy === player && card._id === faceUp._id));
        expect(held.size + dealt.length + (faceUpTakenBy === player ? 1 : 0)).toBe(8);
        return { player, say: 'blot-dealt', cards: cardNames(dealt), rest: true };
      });
      expect(step.drawn).toEqual(rest);
    },
  },
  {
    says: 'a card played is named',
    when: (s) => s.input.action === 'move' && moveOf<{ type: string }>(s.input).type === 'make-move',
    holds: ({ input, step }) => {
      const { card, combinationDecision } = moveOf<{ card: BlotCard; combinationDecision?: 'announce' | 'cancel' }>(input);
      const deed = { did: 'played', card: cardName(card), combinations: combinationDecision ?? null };
      expect(step.move).toEqual({ say: 'blot-move', deed, ranOut: false, roundCanceled: false });
    },
  },
  {
    says: 'taking the face-up card names it and the trump it makes',
    when: (s) => s.input.action === 'move' && moveOf<{ takeCard?: boolean }>(s.input).takeCard === true,
    holds: ({ before, step }) => {
      expect(step.move).toEqual({ say: 'blot-move', deed: { did: 'took', card: cardName(before.round.faceUp) }, ranOut: false, roundCanceled: false });
    },
  },
  {
    says: 'a bid in the second round names the trump chosen, or the pass',
    when: (s) => s.input.action === 'move' && moveOf<{ type: string }>(s.input).type === 'trump-selection',
    holds: ({ input, step }) => {
      const { suit } = moveOf<{ suit: string }>(input);
      expect(step.move).toMatchObject({ say: 'blot-move', deed: suit === 'pass' ? { did: 'passed' } : { did: 'chose', trump: suit }, ranOut: false });
    },
  },
  {
    says: 'a bid the deadline made is a pass, said for the player whose time ran out',
    when: (s) => s.input.action === 'timeout' && (s.before.phase === 'trump-decision' || s.before.phase === 'trump-selection'),
    holds: ({ before, step }) => {
      expect(step.move).toMatchObject({ player: before.turn, say: 'blot-move', deed: { did: 'passed' }, ranOut: true });
    },
  },
  {
    says: 'a card the deadline played is named for its player, and, drawn, the lowest legal cards the seed picked it among',
    when: (s) => s.input.action === 'timeout' && s.after.rng.counter > s.before.rng.counter && !isDeal(s),
    holds: ({ before, after, step }) => {
      const player = before.turn as string;
      const left = new Set((after.round.hands[player] ?? []).map((card) => card._id));
      const played = (before.round.hands[player] ?? []).find((card) => !left.has(card._id));
      if (!played) throw new Error('an automatic card that left no hand');
      expect(step.move).toMatchObject({ player, say: 'blot-move', deed: { did: 'played', card: cardName(played) }, ranOut: true, roundCanceled: false });
      expect(step.move?.say === 'blot-move' && step.move.deed.did === 'played' && step.move.deed.combinations !== 'announce').toBe(true);
      const [picked] = step.drawn ?? [];
      expect(picked?.say).toBe('blot-auto-card');
      const among = picked?.say === 'blot-auto-card' ? picked.cards : [];
      expect(among.length).toBeGreaterThan(1);
      expect(among).toContainEqual(cardName(played));
    },
  },
]);

table<CarromState>('carrom', [
  {
    says: 'nothing is ever drawn',
    when: () => true,
    holds: ({ step }) => {
      expect(step.drawn).toBeUndefined();
      expect(step.draws).toBe(0);
    },
  },
  {
    says: 'a shot names its pull and what it pocketed',
    when: (s) => s.input.action === 'move',
    holds: ({ after, step }) => {
      const shot = after.lastMove;
      if (!shot) throw new Error('a shot without its record');
      const count = (pattern: RegExp) => shot.pocketed.filter((id) => pattern.test(id)).length;
      expect(step.move).toEqual({
        say: 'carrom-shot',
        pull: Math.round(shot.hitStrength),
        pocketed: { white: count(/^w\d+$/), black: count(/^b\d+$/), queen: shot.pocketed.includes('queen'), striker: shot.pocketed.includes('striker') },
        queenCovered: shot.queenCovered,
        fouls: shot.fouls,
        returned: shot.returned.length,
        again: shot.turnKept,
      });
    },
  },
  {
    says: 'a turn that ran out says whose it was',
    when: (s) => s.input.action === 'timeout',
    holds: ({ before, after, step }) =>
      expect(step.move).toEqual({ player: before.turn, say: 'carrom-ran-out', forfeited: after.phase === 'game-completed' }),
  },
]);

describe('carrom: the third timed-out turn in a row', () => {
  it('says the game was forfeited, not that the turn passed', () => {
    const before = { players: ['w', 'b'], shotCount: 4, turn: 'w', phase: 'playing' };
    const after = { ...before, turn: null, phase: 'game-completed' };
    expect(stepDetailOf('carrom', before, after, { actor: 'timeout', action: 'timeout' }).move).toEqual({ player: 'w', say: 'carrom-ran-out', forfeited: true });
    expect(stepDetailOf('carrom', before, { ...before, turn: 'b' }, { actor: 'timeout', action: 'timeout' }).move).toEqual({ player: 'w', say: 'carrom-ran-out', forfeited: false });
  });
});

describe('carrom: a shot that pockets', () => {
  it.each([
    [['w3', 'queen'], { queenCovered: true, turnKept: true }, { pocketed: { white: 1, black: 0, queen: true, striker: false }, queenCovered: true, fouls: [], returned: 0, again: true }],
    [
      ['b1', 'b4', 'striker'],
      { fouls: ['striker-fell', 'a foul no rule knows'], returned: ['w2'] },
      { pocketed: { white: 0, black: 2, queen: false, striker: true }, queenCovered: false, fouls: ['striker-fell'], returned: 1, again: false },
    ],
  ])('%j is told: %j', (pocketed, facts, told) => {
    const before = { players: ['w', 'b'], shotCount: 4, turn: 'w' };
    const lastMove = { shotNumber: 5, hitStrength: 41.6, pocketed, fouls: [], returned: [], queenCovered: false, turnKept: false, ...facts };
    const { move } = stepDetailOf('carrom', before, { ...before, lastMove }, { actor: 'w', action: 'move' });
    expect(move).toEqual({ say: 'carrom-shot', pull: 42, ...told });
  });
});
