import wallet from './en/wallet.ts';
import social from './en/social.ts';
import auth from './en/auth.ts';
import records from './en/records.ts';
import table from './en/table.ts';
import blot from './en/blot.ts';
import backgammon from './en/backgammon.ts';
import invite from './en/invite.ts';
import challenge from './en/challenge.ts';
import errors from './en/errors.ts';

/**
 * English, the source of every key (issue 23): ru.ts and hy.ts hold exactly these keys (a missing or
 * extra one is a type error, and tests/app/locales.test.ts checks them at run time too). A plural key
 * carries every CLDR form any of our languages uses (one, few, many, other); each language's
 * Intl.PluralRules picks among them.
 */
const en = {
  common: {
    loading: 'Loading...',
    invalidDate: 'Invalid Date',
  },
  footer: {
    label: 'Main',
    games: 'GAMES',
    tasks: 'TASKS',
    friends: 'FRIENDS',
    more: 'MORE',
  },
  games: {
    rps: { name: 'Rock Paper Scissors', blurb: 'Three trophies, 15 s a move' },
    blot: { name: 'Belote', blurb: 'Armenian Belote to 101' },
    carrom: { name: 'Carrom', blurb: 'Flick the striker, pocket your coins' },
    backgammon: { name: 'Backgammon', blurb: 'Race your 15 checkers home' },
  },
  lobby: {
    openProfile: 'Open profile',
    score: 'Score',
    balance: 'Total balance (USDT)',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    history: 'History',
    games: 'Games',
    frozen: 'Your account is under review. Please contact support.',
  },
  bet: {
    freeLabel: 'Free',
    choose: 'Choose your bet',
    levels: 'Bet amount',
    free: 'Free, play for tokens',
    paid: '{{bet}}, win {{payout}}',
    freePlay: 'play',
    win: 'Win',
    scoreGate: 'Score {{score}}+',
    play: 'Play',
    cancel: 'Cancel',
    selectGameAndBet: 'Please select a game and bet amount',
    insufficientBalance: 'Insufficient balance',
    requiresScore: 'Requires score over 1000',
    startFailed: 'Failed to start game',
  },
  search: {
    title: 'Searching for an opponent',
    elapsed: 'Elapsed time',
    cancel: 'Cancel Search',
    cancelFailed: 'Failed to cancel search',
  },
  profile: {
    title: 'Profile',
    nickname: 'Nickname',
    country: 'Country',
    countryNotSet: 'Not set',
    save: 'Save',
    saved: 'Saved.',
    history: 'History',
    scoreHistory: 'Score History',
    playedGames: 'Played Games',
  },
  statistics: {
    title: 'Statistics',
    wins: 'Wins',
    losses: 'Losses',
    totalGames: 'Total games',
  },
  language: {
    title: 'Language',
    hint: 'Saved on your account: it follows you to every device you sign in on.',
    failed: 'The language could not be saved. Try again.',
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
};

export default en;
