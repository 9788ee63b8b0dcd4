import type { Messages } from '../../messages.ts';

/** Нарды, как говорят игроки: шашки, кубики, лунки, «выбросить» шашку с доски. */
export default {
  freeGame: 'Бесплатная игра',
  bet: 'Ставка {{bet}}',
  opponent: 'Соперник',
  pips: 'Очки',
  off: 'Выброс',
  bar: 'Бар',
  bearOff: 'Выбросить',
  point: 'Лунка {{number}}',
  void: 'Отменить',
  confirm: 'Подтвердить',
  myDice: 'Ваши кубики',
  opponentDice: 'Кубики соперника',
  usedDie: '{{value}}, сыгран',
  status: {
    opening: 'Бросаем, кто начинает...',
    playedForMe: 'Ход сделан за вас',
    theirMove: '{{name}} ходит',
    rolling: 'Бросок...',
    theyStart: '{{name}} начинает',
    theirTurn: 'Ходит {{name}}',
    noLegalMove: 'Ходов нет',
    sending: 'Отправляем...',
    confirmOrVoid: 'Подтвердите ход или отмените',
    tapTarget: 'Нажмите на подсвеченную лунку',
    tapNext: 'Нажмите на шашку, чтобы ходить дальше',
    iStart: 'Вы начинаете: нажмите на шашку',
    myMove: 'Ваш ход: нажмите на шашку',
  },
} satisfies Messages['backgammon'];
