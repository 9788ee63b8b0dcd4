import type { Messages } from '../messages.ts';

/** Русский: как говорят игроки, не дословно. */
const ru = {
  common: {
    loading: 'Загрузка...',
  },
  footer: {
    label: 'Главное меню',
    games: 'ИГРЫ',
    tasks: 'ЗАДАНИЯ',
    friends: 'ДРУЗЬЯ',
    more: 'ЕЩЁ',
  },
  profile: {
    title: 'Профиль',
    nickname: 'Никнейм',
    country: 'Страна',
    countryNotSet: 'Не указана',
    save: 'Сохранить',
    saved: 'Сохранено.',
    history: 'История',
    scoreHistory: 'История рейтинга',
    playedGames: 'Сыгранные игры',
  },
  statistics: {
    title: 'Статистика',
    wins: 'Победы',
    losses: 'Поражения',
    totalGames: 'Всего игр',
  },
  language: {
    title: 'Язык',
    hint: 'Сохраняется в вашем аккаунте и действует на любом устройстве, где вы войдёте.',
    failed: 'Не удалось сохранить язык. Попробуйте ещё раз.',
  },
} satisfies Messages;

export default ru;
