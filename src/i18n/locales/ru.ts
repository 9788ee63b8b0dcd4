import type { Messages } from '../messages.ts';
import wallet from './ru/wallet.ts';
import social from './ru/social.ts';
import auth from './ru/auth.ts';
import records from './ru/records.ts';
import table from './ru/table.ts';
import blot from './ru/blot.ts';
import backgammon from './ru/backgammon.ts';
import invite from './ru/invite.ts';
import challenge from './ru/challenge.ts';
import errors from './ru/errors.ts';

/** Русский: как говорят игроки, не дословно. */
const ru = {
  common: {
    loading: 'Загрузка...',
    invalidDate: 'Неверная дата',
  },
  footer: {
    label: 'Главное меню',
    games: 'ИГРЫ',
    tasks: 'ЗАДАНИЯ',
    friends: 'ДРУЗЬЯ',
    more: 'ЕЩЁ',
  },
  games: {
    rps: { name: 'Камень, ножницы, бумага', blurb: 'До трёх побед, 15 секунд на ход' },
    blot: { name: 'Блот', blurb: 'Армянский блот до 101' },
    carrom: { name: 'Карром', blurb: 'Бей битой и загоняй фишки в лузы' },
    backgammon: { name: 'Нарды', blurb: 'Первым приведи домой все 15 шашек' },
  },
  lobby: {
    openProfile: 'Открыть профиль',
    score: 'Рейтинг',
    balance: 'Общий баланс (USDT)',
    deposit: 'Пополнить',
    withdraw: 'Вывести',
    history: 'История',
    games: 'Игры',
    frozen: 'Ваш аккаунт на проверке. Пожалуйста, напишите в поддержку.',
  },
  bet: {
    freeLabel: 'Бесплатно',
    choose: 'Выберите ставку',
    levels: 'Размер ставки',
    free: 'Бесплатно, игра на жетоны',
    paid: '{{bet}}, выигрыш {{payout}}',
    freePlay: 'игра',
    win: 'Выигрыш',
    scoreGate: 'Рейтинг {{score}}+',
    play: 'Играть',
    cancel: 'Отмена',
    selectGameAndBet: 'Выберите игру и ставку',
    insufficientBalance: 'Недостаточно средств на балансе',
    requiresScore: 'Нужен рейтинг выше 1000',
    startFailed: 'Не удалось начать игру',
  },
  search: {
    title: 'Ищем соперника',
    elapsed: 'Прошло времени',
    cancel: 'Отменить поиск',
    cancelFailed: 'Не удалось отменить поиск',
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

export default ru;
