import type { Messages } from '../../messages.ts';

/** Նարդի՝ ինչպես ասում են խաղացողները. քարեր, զառեր, քարը «հանել» տախտակից: */
export default {
  freeGame: 'Անվճար խաղ',
  bet: 'Խաղադրույք {{bet}}',
  opponent: 'Մրցակից',
  pips: 'Քայլ',
  off: 'Դուրս',
  bar: 'Բար',
  bearOff: 'Հանել',
  point: 'Դաշտ {{number}}',
  void: 'Չեղարկել',
  confirm: 'Հաստատել',
  myDice: 'Ձեր զառերը',
  opponentDice: 'Մրցակցի զառերը',
  usedDie: '{{value}}, խաղացված',
  status: {
    opening: 'Զառ ենք գցում՝ ով է սկսում...',
    playedForMe: 'Ձեր փոխարեն քայլն արվեց',
    theirMove: 'Քայլում է {{name}}',
    rolling: 'Զառերը գլորվում են...',
    theyStart: 'Սկսում է {{name}}',
    theirTurn: 'Խաղում է {{name}}',
    noLegalMove: 'Քայլ չկա',
    sending: 'Ուղարկում ենք...',
    confirmOrVoid: 'Հաստատեք քայլը կամ չեղարկեք',
    tapTarget: 'Սեղմեք լուսավորված դաշտին',
    tapNext: 'Սեղմեք քարին՝ շարունակելու համար',
    iStart: 'Դուք եք սկսում՝ սեղմեք քարին',
    myMove: 'Ձեր քայլն է՝ սեղմեք քարին',
  },
} satisfies Messages['backgammon'];
