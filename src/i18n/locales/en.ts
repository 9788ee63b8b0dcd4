/**
 * English, the source of every key (issue 23): ru.ts and hy.ts hold exactly these keys (a missing or
 * extra one is a type error, and tests/app/locales.test.ts checks them at run time too). A plural key
 * carries every CLDR form any of our languages uses (one, few, many, other); each language's
 * Intl.PluralRules picks among them.
 */
const en = {
  common: {
    loading: 'Loading...',
  },
  footer: {
    label: 'Main',
    games: 'GAMES',
    tasks: 'TASKS',
    friends: 'FRIENDS',
    more: 'MORE',
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
};

export default en;
