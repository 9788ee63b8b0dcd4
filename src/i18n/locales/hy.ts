import type { Messages } from '../messages.ts';

/** Հայերեն՝ ինչպես խաղացողներն են խոսում, ոչ բառացի։ */
const hy = {
  common: {
    loading: 'Բեռնվում է...',
  },
  footer: {
    label: 'Գլխավոր մենյու',
    games: 'ԽԱՂԵՐ',
    tasks: 'ԽՆԴԻՐՆԵՐ',
    friends: 'ԸՆԿԵՐՆԵՐ',
    more: 'ԱՎԵԼԻՆ',
  },
  profile: {
    title: 'Պրոֆիլ',
    nickname: 'Մականուն',
    country: 'Երկիր',
    countryNotSet: 'Նշված չէ',
    save: 'Պահպանել',
    saved: 'Պահպանված է։',
    history: 'Պատմություն',
    scoreHistory: 'Միավորների պատմություն',
    playedGames: 'Խաղացած խաղեր',
  },
  statistics: {
    title: 'Վիճակագրություն',
    wins: 'Հաղթանակներ',
    losses: 'Պարտություններ',
    totalGames: 'Ընդհանուր խաղեր',
  },
  language: {
    title: 'Լեզու',
    hint: 'Պահպանվում է ձեր հաշվում և գործում է բոլոր սարքերում, որտեղ մուտք գործեք։',
    failed: 'Չհաջողվեց պահպանել լեզուն։ Փորձեք կրկին։',
  },
} satisfies Messages;

export default hy;
