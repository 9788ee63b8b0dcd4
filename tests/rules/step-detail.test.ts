import { describe, expect, it } from 'vitest';
import type { BlotCard } from '../../protocol/blot.ts';
import type { GameMode } from '../../protocol/constants.ts';
import type { ProofInput } from '../../protocol/fairness.ts';
import type { RpsChoice } from '../../protocol/rps.ts';
import { backgammonRules, legalMoves, turnOfState, type BackgammonState } from '../../rules/backgammon/index.ts';
import type { BlotState } from '../../rules/blot/index.ts';
import type { CarromState } from '../../rules/carrom/index.ts';
import type { RpsState } from '../../rules/rps/index.ts';
import { stepDetailOf, type StepText } from '../../rules/stepDetail.ts';

/**
 * Issue 18, "the steps laid out (each roll or deal and what it came from)": every verified step says in
 * words what it did and what its draws produced. Checked on whole random games (tests/rules/
 * fairnessGames.ts) against the states the rules themselves reached: the dice in the state after a turn,
 * the cards of a deal, the round's auto-picks.
 */

import { modes, stepsOf, type Replayed } from './stepDetailKit.ts';

// The words a player reads, written out here from the states, not taken from the code under test.
const diceWords = ([a, b]: readonly number[]) => (a === b ? `double ${a}s` : `${a} and ${b}`);
const listWords = (names: readonly string[]) => (names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
const faces: Record<string, string> = { J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
const cardWords = (card: BlotCard) => `${faces[card.value] ?? card.value} of ${card.suit}`;
const cardsWords = (cards: readonly BlotCard[]) => listWords(cards.map(cardWords));
const choiceWords = (choice: RpsChoice) => `${choice[0]?.toUpperCase()}${choice.slice(1)}`;
/** A wire point as its mover counts it: white 24 → 1, black the mirror; the bars and trays by name. */
const pointWords = (wire: number, color: 'white' | 'black') => (wire === 25 || wire === 26 ? 'bar' : wire >= 27 ? 'off' : String(color === 'white' ? wire : 25 - wire));
const rolledLines = (drawn: readonly StepText[] | undefined) => (drawn ?? []).filter((line) => line.text.startsWith('rolled'));
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
      expect(step.move).toEqual({ text: `chose ${choiceWords(moveOf<{ choice: RpsChoice }>(input).choice)}` });
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
      expect(step.drawn).toEqual(picked.map((player) => ({ player, text: `auto-picked ${choiceWords(round.choices[player] as RpsChoice)}` })));
      expect(step.move).toEqual({ text: `round ${round.roundNumber}: time ran out` });
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
      expect(step.move).toEqual({ text: `round ${after.currentRound} began` });
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
        { player: white, text: `rolled ${decisive.white}` },
        { player: black, text: `rolled ${decisive.black}` },
        { player: after.turn, text: `moves first, with ${diceWords(after.dice)}` },
      ]);
      expect(after.dice).toEqual(decisive.white > decisive.black ? [decisive.white, decisive.black] : [decisive.black, decisive.white]);
    },
  },
  {
    says: "a turn's end names exactly the dice in the state after, for the player to move",
    when: (s) => (s.input.action === 'move' || s.input.action === 'timeout') && s.after.phase === 'move-checker' && s.after.turnNumber > s.before.turnNumber,
    holds: ({ after, step }) => {
      expect(rolledLines(step.drawn)).toEqual([{ player: after.turn, text: `rolled ${diceWords(after.dice)}` }]);
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
      const moves = record.moves.map((m) => `${pointWords(m.currentPoint, record.color)}→${pointWords(m.targetPoint, record.color)}${m.hitCheckerId ? ' (hit)' : ''}`);
      expect(step.move).toEqual({ text: `moved ${moves.join(', ')}` });
    },
  },
  {
    says: 'a turn with no legal move says it passed',
    when: (s) => s.after.moveHistory.length > (s.before?.moveHistory.length ?? 0) && s.after.moveHistory.at(-1)?.moves.length === 0,
    holds: ({ input, before, step }) => {
      expect(step.move).toEqual(input.action === 'move' ? { text: 'no legal move: passed' } : { player: before.turn, text: 'no legal move: passed' });
    },
  },
  {
    says: 'an automatic turn names whom it was played for, its checkers, and how many legal plays the seed picked it from',
    when: (s) => s.input.action === 'timeout' && s.after.moveHistory.length > s.before.moveHistory.length && (s.after.moveHistory.at(-1)?.moves.length ?? 0) > 0,
    holds: ({ before, after, step }) => {
      const record = after.moveHistory.at(-1);
      const turn = turnOfState(before);
      if (!record || !turn) throw new Error('an automatic turn without its turn');
      expect(step.move?.player).toBe(before.turn);
      expect(step.move?.text).toMatch(/^auto-played (\S+→\S+( \(hit\))?)(, \S+→\S+( \(hit\))?)*$/);
      const plays = legalMoves(turn).length;
      expect(step.drawn?.[0]).toEqual({ text: plays > 1 ? `play picked at random among ${plays} legal plays` : 'the only legal play (its draw had one outcome)' });
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
      { player: 'w', text: `rolled ${tie.white} (a tie: thrown again)` },
      { player: 'b', text: `rolled ${tie.black} (a tie: thrown again)` },
      { player: 'w', text: `rolled ${decisive.white}` },
      { player: 'b', text: `rolled ${decisive.black}` },
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
        { player: dealer, text: 'the first dealer, drawn at random' },
        { player: elder, text: `dealt ${cardsWords(initialCards[elder] ?? [])}` },
        { player: dealer, text: `dealt ${cardsWords(initialCards[dealer] ?? [])}` },
        { text: `face-up card: ${cardWords(faceUp)}` },
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
      expect(step.move?.text).toContain(`deal ${dealNumber}`);
      expect(step.drawn).toEqual([
        { player: elder, text: `dealt ${cardsWords(initialCards[elder] ?? [])}` },
        { player: dealer, text: `dealt ${cardsWords(initialCards[dealer] ?? [])}` },
        { text: `face-up card: ${cardWords(faceUp)}` },
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
        return { player, text: `dealt the rest: ${cardsWords(dealt)}` };
      });
      expect(step.drawn).toEqual(rest);
    },
  },
  {
    says: 'a card played is named',
    when: (s) => s.input.action === 'move' && moveOf<{ type: string }>(s.input).type === 'make-move',
    holds: ({ input, step }) => {
      const { card, combinationDecision } = moveOf<{ card: BlotCard; combinationDecision?: 'announce' | 'cancel' }>(input);
      const decision = combinationDecision === 'announce' ? ', announcing combinations' : combinationDecision === 'cancel' ? ', canceling combinations' : '';
      expect(step.move).toEqual({ text: `played the ${cardWords(card)}${decision}` });
    },
  },
  {
    says: 'taking the face-up card names it and the trump it makes',
    when: (s) => s.input.action === 'move' && moveOf<{ takeCard?: boolean }>(s.input).takeCard === true,
    holds: ({ before, step }) => {
      expect(step.move).toEqual({ text: `took the face-up card, ${cardWords(before.round.faceUp)}: ${before.round.faceUp.suit} as trump` });
    },
  },
  {
    says: 'a bid in the second round names the trump chosen, or the pass',
    when: (s) => s.input.action === 'move' && moveOf<{ type: string }>(s.input).type === 'trump-selection',
    holds: ({ input, step }) => {
      const { suit } = moveOf<{ suit: string }>(input);
      const words = suit === 'pass' ? 'passed' : suit === 'anxoz' ? 'chose Anxoz (no trump)' : `chose ${suit} as trump`;
      expect(step.move?.text).toMatch(new RegExp(`^${words.replace(/[()]/g, '\\$&')}`));
    },
  },
  {
    says: 'a bid the deadline made is a pass, said for the player whose time ran out',
    when: (s) => s.input.action === 'timeout' && (s.before.phase === 'trump-decision' || s.before.phase === 'trump-selection'),
    holds: ({ before, step }) => {
      expect(step.move?.player).toBe(before.turn);
      expect(step.move?.text).toMatch(/^passed \(time ran out\)/);
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
      expect(step.move?.player).toBe(player);
      expect(step.move?.text).toMatch(new RegExp(`^played the ${cardWords(played)}(, canceling combinations)? \\(time ran out\\)$`));
      const [picked] = step.drawn ?? [];
      expect(picked?.text).toMatch(/^card picked at random among the lowest legal ones: .+ and .+$/);
      expect(picked?.text).toContain(cardWords(played));
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
      expect(step.move?.text).toMatch(new RegExp(`^shot with pull ${Math.round(shot.hitStrength)} of 60: pocketed `));
      expect(step.move?.text.includes('pocketed nothing')).toBe(shot.pocketed.length === 0);
      expect(step.move?.text.includes('shoots again')).toBe(shot.turnKept);
    },
  },
  {
    says: 'a turn that ran out says whose it was',
    when: (s) => s.input.action === 'timeout',
    holds: ({ before, after, step }) =>
      expect(step.move).toEqual({
        player: before.turn,
        text: after.phase === 'game-completed' ? 'ran out of time again: forfeited the game' : 'ran out of time: the turn passed',
      }),
  },
]);

describe('carrom: the third timed-out turn in a row', () => {
  it('says the game was forfeited, not that the turn passed', () => {
    const before = { players: ['w', 'b'], shotCount: 4, turn: 'w', phase: 'playing' };
    const after = { ...before, turn: null, phase: 'game-completed' };
    expect(stepDetailOf('carrom', before, after, { actor: 'timeout', action: 'timeout' }).move).toEqual({ player: 'w', text: 'ran out of time again: forfeited the game' });
    expect(stepDetailOf('carrom', before, { ...before, turn: 'b' }, { actor: 'timeout', action: 'timeout' }).move).toEqual({
      player: 'w',
      text: 'ran out of time: the turn passed',
    });
  });
});

describe('carrom: a shot that pockets', () => {
  it.each([
    [['w3', 'queen'], { queenCovered: true, turnKept: true }, 'pocketed 1 white coin and the queen; the queen covered; shoots again'],
    [['b1', 'b4', 'striker'], { fouls: ['striker-fell'], returned: ['w2'] }, 'pocketed 2 black coins and the striker; foul: the striker fell; 1 piece put back'],
  ])('%j reads: %s', (pocketed, facts, words) => {
    const before = { players: ['w', 'b'], shotCount: 4, turn: 'w' };
    const lastMove = { shotNumber: 5, hitStrength: 41.6, pocketed, fouls: [], returned: [], queenCovered: false, turnKept: false, ...facts };
    const { move } = stepDetailOf('carrom', before, { ...before, lastMove }, { actor: 'w', action: 'move' });
    expect(move).toEqual({ text: `shot with pull 42 of 60: ${words}` });
  });
});
