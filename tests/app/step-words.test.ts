import { t } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMode } from '../../protocol/constants.ts';
import type { BlotCardName, StepPhrase, VerifiedStep } from '../../protocol/fairness.ts';
import { LANGUAGES, type Language } from '../../protocol/languages.ts';
import { verifyProof } from '../../rules/verify.ts';
import { showLanguage } from '../../src/i18n/i18n.ts';
import { phraseText } from '../../src/pages/verify/stepWords.ts';
import { verifiedHeadline } from '../../src/pages/verify/verdictText.ts';
import { randomGameProof } from '../rules/fairnessGames.ts';

/**
 * The words of a replayed step (src/pages/verify/stepWords.ts): each fact the rules tell
 * (protocol/fairness.ts StepPhrase, checked against the states in tests/rules/step-detail.test.ts) says
 * what it said in English before the facts moved out of the rules, and reads as a native player would
 * write it in Russian and Armenian.
 */

const say = (phrase: StepPhrase) => phraseText(t, phrase);

const card = (value: BlotCardName['value'], suit: BlotCardName['suit']): BlotCardName => ({ value, suit });
const played = (deed: Extract<StepPhrase, { say: 'blot-move' }>['deed'], ranOut = false, roundCanceled = false): StepPhrase => ({ say: 'blot-move', deed, ranOut, roundCanceled });
const shot = (facts: Partial<Extract<StepPhrase, { say: 'carrom-shot' }>>): StepPhrase => ({
  say: 'carrom-shot',
  pull: 42,
  pocketed: { white: 0, black: 0, queen: false, striker: false },
  queenCovered: false,
  fouls: [],
  returned: 0,
  again: false,
  ...facts,
});

const english: [StepPhrase, string][] = [
  [{ say: 'rps-chose', choice: 'rock' }, 'chose Rock'],
  [{ say: 'rps-round-began', round: 2 }, 'round 2 began'],
  [{ say: 'rps-round-ran-out', round: 1 }, 'round 1: time ran out'],
  [{ say: 'rps-auto-picked', choice: 'scissors' }, 'auto-picked Scissors'],
  [{ say: 'backgammon-opening-die', die: 5, tie: true }, 'rolled 5 (a tie: thrown again)'],
  [{ say: 'backgammon-opening-die', die: 4, tie: false }, 'rolled 4'],
  [{ say: 'backgammon-moves-first', dice: [6, 1] }, 'moves first, with 6 and 1'],
  [{ say: 'backgammon-rolled', dice: [4, 4] }, 'rolled double 4s'],
  [{ say: 'backgammon-first-turn' }, 'the opening roll shown: the first turn began'],
  [{ say: 'backgammon-passed' }, 'no legal move: passed'],
  [
    {
      say: 'backgammon-moved',
      auto: false,
      moves: [
        { from: 24, to: 18, hit: false },
        { from: 13, to: 11, hit: true },
      ],
    },
    'moved 24→18, 13→11 (hit)',
  ],
  [
    {
      say: 'backgammon-moved',
      auto: true,
      moves: [
        { from: 'bar', to: 20, hit: false },
        { from: 3, to: 'off', hit: false },
      ],
    },
    'auto-played bar→20, 3→off',
  ],
  [{ say: 'backgammon-play-picked', plays: 3 }, 'play picked at random among 3 legal plays'],
  [{ say: 'backgammon-play-picked', plays: 1 }, 'the only legal play (its draw had one outcome)'],
  [{ say: 'blot-first-dealer' }, 'the first dealer, drawn at random'],
  [{ say: 'blot-dealt', cards: [card('J', 'spades'), card('10', 'hearts'), card('A', 'diamonds')], rest: false }, 'dealt jack of spades, 10 of hearts and ace of diamonds'],
  [{ say: 'blot-dealt', cards: [card('Q', 'clubs')], rest: true }, 'dealt the rest: queen of clubs'],
  [{ say: 'blot-face-up', card: card('K', 'hearts') }, 'face-up card: king of hearts'],
  [{ say: 'blot-next-deal', deal: 3 }, 'the next deal, by the other player (deal 3)'],
  [{ say: 'blot-auto-card', cards: [card('7', 'spades'), card('7', 'hearts')] }, 'card picked at random among the lowest legal ones: 7 of spades and 7 of hearts'],
  [played({ did: 'took', card: card('K', 'hearts') }), 'took the face-up card, king of hearts: hearts as trump'],
  [played({ did: 'passed' }, true, true), 'passed (time ran out): both passed twice, so the round is canceled'],
  [played({ did: 'chose', trump: 'spades' }), 'chose spades as trump'],
  [played({ did: 'chose', trump: 'anxoz' }), 'chose Anxoz (no trump)'],
  [played({ did: 'with-card', card: card('9', 'clubs') }), 'With Card: took the face-up card, 9 of clubs'],
  [played({ did: 'without' }), 'Without: left the face-up card'],
  [played({ did: 'played', card: card('J', 'spades'), combinations: 'announce' }), 'played the jack of spades, announcing combinations'],
  [played({ did: 'played', card: card('8', 'diamonds'), combinations: 'cancel' }, true), 'played the 8 of diamonds, canceling combinations (time ran out)'],
  [played({ did: 'played', card: card('A', 'clubs'), combinations: null }), 'played the ace of clubs'],
  [
    shot({ pocketed: { white: 1, black: 0, queen: true, striker: false }, queenCovered: true, again: true }),
    'shot with pull 42 of 60: pocketed 1 white coin and the queen; the queen covered; shoots again',
  ],
  [
    shot({ pocketed: { white: 0, black: 2, queen: false, striker: true }, fouls: ['striker-fell'], returned: 1 }),
    'shot with pull 42 of 60: pocketed 2 black coins and the striker; foul: the striker fell; 1 piece put back',
  ],
  [shot({ pull: null, fouls: ['opponent-last-coin', 'own-last-coin-before-queen'], returned: 2 }), "shot: pocketed nothing; foul: the opponent's last coin went down, the last coin went down before the queen; 2 pieces put back"],
  [{ say: 'carrom-ran-out', forfeited: false }, 'ran out of time: the turn passed'],
  [{ say: 'carrom-ran-out', forfeited: true }, 'ran out of time again: forfeited the game'],
];

describe('a step in English', () => {
  it.each(english)('%j reads %s', (phrase, words) => {
    expect(say(phrase)).toBe(words);
  });
});

describe('a step as Russian and Armenian players say it', () => {
  afterAll(() => showLanguage('en'));

  it('Russian: cards by rank and suit, trump and the bids as players call them, plural counts', async () => {
    await showLanguage('ru');
    expect(say({ say: 'blot-dealt', cards: [card('J', 'spades'), card('10', 'hearts'), card('A', 'diamonds')], rest: false })).toBe('сдано: валет пик, 10 червей и туз бубен');
    expect(say(played({ did: 'took', card: card('K', 'clubs') }))).toBe('«Беру»: взята открытая карта, король треф, козырь — трефы');
    expect(say(played({ did: 'chose', trump: 'anxoz' }, true))).toBe('выбор: «Анхоз» (без козыря) (время вышло)');
    expect(say(played({ did: 'with-card', card: card('Q', 'hearts') }))).toBe('«С картой»: взята открытая карта, дама червей');
    expect(say({ say: 'backgammon-rolled', dice: [6, 6] })).toBe('бросок: дубль 6');
    expect(say({ say: 'backgammon-moved', auto: false, moves: [{ from: 13, to: 7, hit: true }] })).toBe('ход 13→7 (сбита шашка)');
    expect(say({ say: 'backgammon-play-picked', plays: 5 })).toBe('ход выбран жребием из 5 допустимых');
    expect(say({ say: 'rps-auto-picked', choice: 'paper' })).toBe('автовыбор: бумага');
    expect(say(shot({ pocketed: { white: 5, black: 2, queen: false, striker: false }, returned: 1 }))).toBe(
      'удар с силой 42 из 60: в лузе — 5 белых фишек и 2 чёрные фишки; 1 фишка возвращена на стол',
    );
  });

  it('Armenian: cards and suits as blot players say them, doubles as nardi players do', async () => {
    await showLanguage('hy');
    expect(say({ say: 'blot-face-up', card: card('J', 'spades') })).toBe('բաց կարտը՝ քյափի վալետ');
    expect(say(played({ did: 'chose', trump: 'diamonds' }))).toBe('ընտրություն՝ ղառ կոզր');
    expect(say(played({ did: 'chose', trump: 'anxoz' }))).toBe('ընտրություն՝ Անխոզ (առանց կոզրի)');
    expect(say(played({ did: 'without' }))).toBe('«Առանց»․ բաց կարտը մնաց սեղանին');
    expect(say({ say: 'backgammon-rolled', dice: [4, 4] })).toBe('զառեր՝ ջուխտ 4');
    expect(say({ say: 'blot-dealt', cards: [card('A', 'hearts'), card('7', 'clubs')], rest: true })).toBe('մնացածը բաժանվեց՝ սրտի տուզ և խաչի 7');
    expect(say({ say: 'rps-chose', choice: 'rock' })).toBe('ընտրություն՝ քար');
  });
});

describe('the verdict in one sentence', () => {
  afterAll(() => showLanguage('en'));
  const steps = (count: number, draws: number): VerifiedStep[] =>
    Array.from({ length: count }, (_, index) => ({ step: index + 1, at: '', actor: 'server', action: 'move', draws: index === 0 ? draws : 0 }));

  it('counts steps and draws with the plural each language needs', async () => {
    expect(verifiedHeadline(t, 'backgammon', steps(57, 112))).toBe(
      'All 57 steps of this Backgammon game, and its 112 random draws (dice rolls), match the seeds committed before it started.',
    );
    expect(verifiedHeadline(t, 'carrom', steps(9, 0))).toBe('All 9 steps of this Carrom game match the seeds committed before it started.');
    await showLanguage('ru');
    expect(verifiedHeadline(t, 'blot', steps(21, 3))).toBe('Все 21 шаг партии «Блот» и все её 3 жребия (раздачи и автовыбор карт) совпадают с сидами, зафиксированными до её начала.');
    expect(verifiedHeadline(t, 'rps', steps(25, 0))).toBe('Все 25 шагов партии «Камень, ножницы, бумага» совпадают с сидами, зафиксированными до её начала.');
    await showLanguage('hy');
    expect(verifiedHeadline(t, 'backgammon', steps(12, 30))).toBe(
      '«Նարդի» խաղի բոլոր քայլերը (12 քայլ) և բոլոր վիճակահանությունները (30 պատահական վիճակահանություն, զառերի նետումներ) համընկնում են խաղի սկզբից առաջ ամրագրված սիդերի հետ։',
    );
  });
});

describe('every step of real games reads in every language', () => {
  const modes: GameMode[] = ['rps', 'backgammon', 'blot', 'carrom'];
  let lines: StepPhrase[] = [];
  beforeAll(() => {
    lines = modes.flatMap((mode) =>
      [1, 2].flatMap((seed) => {
        const verdict = verifyProof(randomGameProof(mode, seed));
        if (!verdict.ok) throw new Error(`${mode} ${seed}: ${verdict.reason}`);
        return verdict.steps.flatMap((step) => [...(step.move ? [step.move] : []), ...(step.drawn ?? [])]);
      }),
    );
  }, 60_000);
  afterAll(() => showLanguage('en'));

  it.each(LANGUAGES)('%s: words for every line, no key, no placeholder, no "undefined"', async (language: Language) => {
    await showLanguage(language);
    expect(new Set(lines.map((line) => line.say)).size).toBeGreaterThan(12);
    for (const line of lines) {
      const words = say(line);
      expect(words, JSON.stringify(line)).toMatch(/\p{L}/u);
      expect(words, JSON.stringify(line)).not.toMatch(/records\.|\{\{|undefined|NaN|\[object/);
    }
  });
});
