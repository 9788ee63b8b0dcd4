import type { Messages } from '../messages.ts';
import wallet from './hy/wallet.ts';
import social from './hy/social.ts';
import auth from './hy/auth.ts';
import records from './hy/records.ts';
import table from './hy/table.ts';
import blot from './hy/blot.ts';
import backgammon from './hy/backgammon.ts';
import invite from './hy/invite.ts';
import challenge from './hy/challenge.ts';
import errors from './hy/errors.ts';

/** Հայերեն՝ ինչպես խաղացողներն են խոսում, ոչ բառացի։ */
const hy = {
  common: {
    loading: 'Բեռնվում է...',
    invalidDate: 'Անվավեր ամսաթիվ',
  },
  footer: {
    label: 'Գլխավոր մենյու',
    games: 'ԽԱՂԵՐ',
    tasks: 'ԽՆԴԻՐՆԵՐ',
    friends: 'ԸՆԿԵՐՆԵՐ',
    more: 'ԱՎԵԼԻՆ',
  },
  games: {
    rps: { name: 'Քար, թուղթ, մկրատ', blurb: 'Մինչև երեք հաղթանակ, 15 վայրկյան՝ քայլին' },
    blot: { name: 'Բլոտ', blurb: 'Հայկական բլոտ՝ մինչև 101' },
    carrom: { name: 'Կարոմ', blurb: 'Հարվածեք բիտայով, գցեք խաղաքարերը անցքերը' },
    backgammon: { name: 'Նարդի', blurb: 'Առաջինը տուն հասցրեք 15 քարերը' },
  },
  lobby: {
    openProfile: 'Բացել պրոֆիլը',
    score: 'Միավոր',
    balance: 'Ընդհանուր մնացորդ (USDT)',
    deposit: 'Լիցքավորել',
    withdraw: 'Դուրս բերել',
    history: 'Պատմություն',
    games: 'Խաղեր',
    frozen: 'Ձեր հաշիվը ստուգման մեջ է։ Խնդրում ենք կապվել աջակցման ծառայության հետ։',
  },
  bet: {
    freeLabel: 'Անվճար',
    choose: 'Ընտրեք խաղադրույքը',
    levels: 'Խաղադրույքի չափը',
    free: 'Անվճար, խաղ ժետոնների համար',
    paid: '{{bet}}, շահում՝ {{payout}}',
    freePlay: 'խաղ',
    win: 'Շահում',
    scoreGate: 'Միավոր {{score}}+',
    play: 'Խաղալ',
    cancel: 'Չեղարկել',
    selectGameAndBet: 'Ընտրեք խաղը և խաղադրույքը',
    insufficientBalance: 'Հաշվեկշիռը բավարար չէ',
    requiresScore: 'Պահանջվում է 1000-ից բարձր միավոր',
    startFailed: 'Չհաջողվեց սկսել խաղը',
  },
  search: {
    title: 'Մրցակից ենք փնտրում',
    elapsed: 'Անցած ժամանակը',
    cancel: 'Չեղարկել որոնումը',
    cancelFailed: 'Չհաջողվեց չեղարկել որոնումը',
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
  wallet,
  social,
  auth,
  records,
  table,
  blot,
  backgammon,
  invite,
  challenge,
  errors,
} satisfies Messages;

export default hy;
