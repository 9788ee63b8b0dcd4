import { randomUUID } from 'node:crypto';
import type { Api } from 'grammy';
import type { InlineKeyboardMarkup, InlineQueryResultArticle } from 'grammy/types';
import type { GameMode } from '../../protocol/constants.ts';
import type { Language } from '../../protocol/languages.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Logger } from 'pino';
import { ANY_CHAT } from './botApi.ts';
import { challengeCardTextsFor } from './challengeLocales.ts';

/** What a card says about a challenge. */
export interface ChallengeCardFacts {
  nickname: string;
  mode: GameMode;
  betMicro: bigint;
  payoutMicro: bigint;
  /** The challenge's link (the Mini App's startapp=ch_<code>). */
  link: string;
}

function dollars(language: Language, micro: bigint): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    microToUsdt(micro),
  );
}

function wordsFor(languageWanted: unknown, facts: ChallengeCardFacts) {
  const { language, texts } = challengeCardTextsFor(languageWanted);
  const game = texts.games[facts.mode];
  const stake = facts.betMicro > 0n ? texts.staked(dollars(language, facts.betMicro), dollars(language, facts.payoutMicro)) : texts.free;
  // A url button, not a web_app one: web_app buttons only work in the bot's own chat.
  const keyboard: InlineKeyboardMarkup = { inline_keyboard: [[{ text: texts.acceptButton, url: facts.link }]] };
  return { texts, game, stake, keyboard };
}

/** The card the challenger sends into a chat through Telegram's share dialog, in their language. */
export function challengeCard(language: unknown, facts: ChallengeCardFacts): InlineQueryResultArticle {
  const { texts, game, stake, keyboard } = wordsFor(language, facts);
  return {
    type: 'article',
    id: `challenge-${randomUUID()}`,
    title: texts.title(game),
    description: texts.description(stake),
    input_message_content: { message_text: texts.message(facts.nickname, game, stake) },
    reply_markup: keyboard,
  };
}

/** The card saved for `telegramId`'s shareMessage; null when Telegram refused or did not answer. */
export async function prepareChallengeCard(
  api: Api,
  log: Logger,
  telegramId: number,
  language: unknown,
  facts: ChallengeCardFacts,
): Promise<{ id: string; expirationDate: number } | null> {
  const prepared = await api.savePreparedInlineMessage(telegramId, challengeCard(language, facts), ANY_CHAT).catch((error: unknown) => {
    log.warn({ err: error }, 'savePreparedInlineMessage failed for a challenge');
    return null;
  });
  if (typeof prepared?.id !== 'string' || typeof prepared.expiration_date !== 'number') return null;
  return { id: prepared.id, expirationDate: prepared.expiration_date };
}

/**
 * The bot tells one friend of the challenge, in the friend's language. False when Telegram would not
 * deliver it (most often: the friend never opened the bot, so it may not write to them first).
 */
export async function sendChallengeToFriend(api: Api, log: Logger, friend: { telegramId: number; language: unknown }, facts: ChallengeCardFacts): Promise<boolean> {
  const { texts, game, stake, keyboard } = wordsFor(friend.language, facts);
  try {
    await api.sendMessage(friend.telegramId, texts.friendMessage(facts.nickname, game, stake), { reply_markup: keyboard });
    return true;
  } catch (error) {
    log.info({ err: error }, 'the bot could not send a challenge to a friend');
    return false;
  }
}
