import { createHash, timingSafeEqual } from 'node:crypto';
import { Bot, InlineKeyboard } from 'grammy';
import { LANGUAGES } from '../../protocol/languages.ts';
import type { Config } from '../config.ts';
import { botLocales, botTextsFor } from './botLocales.ts';

/**
 * The Telegram bot that brings players in: `/start` (with an invite code from a t.me/<bot>?start=<code>
 * link) answers with a button that opens the Mini App carrying the code; `/help` says what the app is.
 * grammY speaks the Bot API; its API root is configurable so tests point it at a loopback stand-in.
 */

const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Where the button opens the app; the invite code rides along as `startapp` and `referrerId`. */
export function appUrl(config: Config, inviteCode?: string): string {
  const url = new URL(config.publicUrl + '/');
  if (inviteCode) {
    url.searchParams.set('startapp', inviteCode);
    url.searchParams.set('referrerId', inviteCode);
  }
  return url.toString();
}

/** The webhook's secret (path segment and X-Telegram-Bot-Api-Secret-Token), derived from the token. */
export function webhookSecret(botToken: string): string {
  return createHash('sha256').update(`telegram-webhook:${botToken}`).digest('hex').slice(0, 48);
}

export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

export function createBot(config: Config): Bot | null {
  if (!config.botToken) return null;
  const bot = new Bot(config.botToken, { client: { apiRoot: config.telegramApiUrl } });

  // Every answer is in the sender's Telegram language.
  bot.command('start', async (ctx) => {
    const text = botTextsFor(ctx.from?.language_code);
    const code = typeof ctx.match === 'string' && INVITE_CODE.test(ctx.match.trim()) ? ctx.match.trim() : undefined;
    const keyboard = new InlineKeyboard().webApp(text.openButton, appUrl(config, code));
    await ctx.reply(code ? `${text.greeting}\n\n${text.invited}` : text.greeting, { reply_markup: keyboard });
    // The menu button of this chat says "Play" in the player's language too (the default one set by
    // bot:setup is English: the Bot API has no per-language menu button). Best-effort: the reply is
    // sent, and a chat whose button cannot be set keeps the default one.
    await ctx.api
      .setChatMenuButton({ chat_id: ctx.chat.id, menu_button: { type: 'web_app', text: text.openButton, web_app: { url: appUrl(config) } } })
      .catch(() => undefined);
  });

  bot.command('help', async (ctx) => {
    const text = botTextsFor(ctx.from?.language_code);
    await ctx.reply(text.help, { reply_markup: new InlineKeyboard().webApp(text.openButton, appUrl(config)) });
  });

  return bot;
}

/** `npm run bot:setup`: the webhook, the menu button and the command list, once per deployment. */
export async function setUpBot(config: Config, bot: Bot): Promise<{ webhookUrl: string }> {
  if (!config.botToken) throw new Error('BOT_TOKEN is not set');
  const webhookUrl = `${config.publicUrl}/api/telegram/webhook/${webhookSecret(config.botToken)}`;
  await bot.api.setWebhook(webhookUrl, { secret_token: webhookSecret(config.botToken), allowed_updates: ['message'], drop_pending_updates: false });
  await bot.api.setChatMenuButton({ menu_button: { type: 'web_app', text: botLocales.en.openButton, web_app: { url: appUrl(config) } } });
  // The command list in each language (Telegram shows the one for the user's language_code), English
  // as the default for every other language.
  for (const language of LANGUAGES) {
    const { commands } = botLocales[language];
    const list = [
      { command: 'start', description: commands.start },
      { command: 'help', description: commands.help },
    ];
    await (language === 'en' ? bot.api.setMyCommands(list) : bot.api.setMyCommands(list, { language_code: language }));
  }
  return { webhookUrl };
}
