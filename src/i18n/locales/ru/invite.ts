import type { Messages } from '../../messages.ts';

export default {
  title: 'Пригласить друзей',
  earn: 'Приглашайте друзей и получайте <strong>{{percent}}%</strong> от их выигрышей.',
  copy: 'Скопировать ссылку',
  share: 'Поделиться',
  copied: 'Ссылка скопирована',
  copyFailed: 'Не удалось скопировать',
  close: 'Закрыть',
  affiliateHint: 'У вас большая аудитория?',
  affiliateLink: 'Запросите до {{percent}}%',
  // The player writes to a friend: «ты», as friends do.
  shareText: 'Сыграем в Нарды или Блот? Один на один, на реальные ставки в USDT. Жду тебя в Duel Stakes!',
} satisfies Messages['invite'];
