import type { TFunction } from 'i18next';
import { CARROM_MAX_PULL } from '../../../protocol/carrom.ts';
import type { BackgammonPointName, BlotCardName, BlotDeed, DicePair, StepPhrase } from '../../../protocol/fairness.ts';
import { formatNumber } from '../../i18n/format.ts';

/**
 * A replayed step's facts (protocol/fairness.ts StepPhrase, told by rules/stepDetail.ts) in the player's
 * language: "rolled 5 and 3", "выпало 5 и 3". The rules say what happened; only this file says it in words.
 */

/** "a, b and c" as the language joins a list. */
export function listText(t: TFunction, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('records.words.listLast', { head: items.slice(0, -1).join(t('records.words.listSeparator')), last: items.at(-1) });
}

const dice = (t: TFunction, [a, b]: DicePair): string =>
  a === b ? t('records.words.backgammon.double', { a: formatNumber(a) }) : t('records.words.backgammon.dice', { a: formatNumber(a), b: formatNumber(b) });

function point(t: TFunction, name: BackgammonPointName): string {
  if (name === 'bar') return t('records.words.backgammon.bar');
  if (name === 'off') return t('records.words.backgammon.off');
  return name === null ? '?' : formatNumber(name);
}

/** "jack of spades", "валет пик", "քյափի վալետ". */
export const cardText = (t: TFunction, card: BlotCardName): string =>
  t('records.words.blot.card', { rank: t(`records.words.blot.rank.${card.value}`), suit: t(`records.words.blot.suitOf.${card.suit}`) });

const cardsText = (t: TFunction, cards: readonly BlotCardName[]): string => listText(t, cards.map((card) => cardText(t, card)));

function deedText(t: TFunction, deed: BlotDeed): string {
  switch (deed.did) {
    case 'took':
      return t('records.words.blot.took', { card: cardText(t, deed.card), suit: t(`records.words.blot.suit.${deed.card.suit}`) });
    case 'passed':
      return t('records.words.blot.passed');
    case 'chose': {
      const trump = deed.trump === 'anxoz' ? t('records.words.blot.anxoz') : t('records.words.blot.trumpSuit', { suit: t(`records.words.blot.suit.${deed.trump}`) });
      return t('records.words.blot.chose', { trump });
    }
    case 'with-card':
      return t('records.words.blot.withCard', { card: cardText(t, deed.card) });
    case 'without':
      return t('records.words.blot.without');
    case 'played': {
      const card = cardText(t, deed.card);
      if (deed.combinations === 'announce') return t('records.words.blot.playedAnnouncing', { card });
      if (deed.combinations === 'cancel') return t('records.words.blot.playedCanceling', { card });
      return t('records.words.blot.played', { card });
    }
  }
}

type CarromShot = Extract<StepPhrase, { say: 'carrom-shot' }>;

/** "shot with pull 42 of 60: pocketed 1 white coin and the queen; the queen covered; shoots again". */
function shotText(t: TFunction, shot: CarromShot): string {
  const { white, black, queen, striker } = shot.pocketed;
  const pocketed = [
    ...(white > 0 ? [t('records.words.carrom.white', { count: white })] : []),
    ...(black > 0 ? [t('records.words.carrom.black', { count: black })] : []),
    ...(queen ? [t('records.words.carrom.queen')] : []),
    ...(striker ? [t('records.words.carrom.striker')] : []),
  ];
  const aimed =
    shot.pull === null
      ? t('records.words.carrom.shot')
      : t('records.words.carrom.shotPull', { pull: formatNumber(shot.pull), max: formatNumber(CARROM_MAX_PULL) });
  const parts = [t('records.words.carrom.pocketed', { shot: aimed, pocketed: pocketed.length > 0 ? listText(t, pocketed) : t('records.words.carrom.nothing') })];
  if (shot.queenCovered) parts.push(t('records.words.carrom.queenCovered'));
  if (shot.fouls.length > 0) {
    parts.push(t('records.words.carrom.foul', { fouls: shot.fouls.map((foul) => t(`records.words.carrom.fouls.${foul}`)).join(t('records.words.listSeparator')) }));
  }
  if (shot.returned > 0) parts.push(t('records.words.carrom.returned', { count: shot.returned }));
  if (shot.again) parts.push(t('records.words.carrom.again'));
  return parts.join(t('records.words.carrom.partSeparator'));
}

/** One fact of a step in words; '' for one this version of the app does not know (the page leaves it out). */
export function phraseText(t: TFunction, phrase: StepPhrase): string {
  switch (phrase.say) {
    case 'rps-chose':
      return t('records.words.rps.chose', { choice: t(`records.words.rps.choice.${phrase.choice}`) });
    case 'rps-round-began':
      return t('records.words.rps.roundBegan', { round: formatNumber(phrase.round) });
    case 'rps-round-ran-out':
      return t('records.words.rps.roundRanOut', { round: formatNumber(phrase.round) });
    case 'rps-auto-picked':
      return t('records.words.rps.autoPicked', { choice: t(`records.words.rps.choice.${phrase.choice}`) });
    case 'backgammon-opening-die':
      return t(phrase.tie ? 'records.words.backgammon.openingTie' : 'records.words.backgammon.openingDie', { die: formatNumber(phrase.die) });
    case 'backgammon-moves-first':
      return t('records.words.backgammon.movesFirst', { dice: dice(t, phrase.dice) });
    case 'backgammon-first-turn':
      return t('records.words.backgammon.firstTurn');
    case 'backgammon-passed':
      return t('records.words.backgammon.passed');
    case 'backgammon-moved': {
      // "13→7": backgammon's own notation, the same in every language; only a hit is said in words.
      const moves = phrase.moves
        .map(({ from, to, hit }) => {
          const step = `${point(t, from)}→${point(t, to)}`;
          return hit ? t('records.words.backgammon.stepHit', { step }) : step;
        })
        .join(t('records.words.listSeparator'));
      return t(phrase.auto ? 'records.words.backgammon.autoPlayed' : 'records.words.backgammon.moved', { moves });
    }
    case 'backgammon-play-picked':
      return phrase.plays > 1 ? t('records.words.backgammon.playPicked', { count: phrase.plays }) : t('records.words.backgammon.onlyPlay');
    case 'backgammon-rolled':
      return t('records.words.backgammon.rolled', { dice: dice(t, phrase.dice) });
    case 'blot-first-dealer':
      return t('records.words.blot.firstDealer');
    case 'blot-dealt':
      return t(phrase.rest ? 'records.words.blot.dealtRest' : 'records.words.blot.dealt', { cards: cardsText(t, phrase.cards) });
    case 'blot-face-up':
      return t('records.words.blot.faceUp', { card: cardText(t, phrase.card) });
    case 'blot-next-deal':
      return t('records.words.blot.nextDeal', { deal: formatNumber(phrase.deal) });
    case 'blot-move': {
      const done = deedText(t, phrase.deed);
      const timed = phrase.ranOut ? t('records.words.blot.ranOut', { text: done }) : done;
      return phrase.roundCanceled ? t('records.words.blot.roundCanceled', { text: timed }) : timed;
    }
    case 'blot-auto-card':
      return t('records.words.blot.autoCard', { cards: cardsText(t, phrase.cards) });
    case 'carrom-shot':
      return shotText(t, phrase);
    case 'carrom-ran-out':
      return t(phrase.forfeited ? 'records.words.carrom.forfeited' : 'records.words.carrom.ranOut');
    default:
      return '';
  }
}
