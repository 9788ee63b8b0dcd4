import { createHash, timingSafeEqual } from 'node:crypto';
import { Bot, InlineKeyboard } from 'grammy';
import type { Config } from '../config.ts';

/**
 * The Telegram bot that brings players in: `/start` (with an invite code from a t.me/<bot>?start=<code>
 * link) answers with a button that opens the Mini App carrying the code; `/help` says what the app is.
 * grammY speaks the Bot API; its API root is configurable so tests point it at a loopback stand-in.
 */

const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export const botText = {
  greeting: 'Welcome to Duel Stakes! Challenge a real opponent at Rock Paper Scissors, Belote, Carrom or Backgammon, for fun or for USDT.',
  invited: 'A friend invited you. Open the app and your accounts are linked.',
  openButton: 'Play now',
  help: 'Duel Stakes is a Telegram Mini App for one-on-one games against real opponents. Pick a game and a bet (or play free), get matched, and play in real time. Deposit and withdraw USDT (TRC20) in the app. Tap the button below or the menu button to open it.',
} as const;

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

  bot.command('start', async (ctx) => {
    const code = typeof ctx.match === 'string' && INVITE_CODE.test(ctx.match.trim()) ? ctx.match.trim() : undefined;
    const keyboard = new InlineKeyboard().webApp(botText.openButton, appUrl(config, code));
    await ctx.reply(code ? `${botText.greeting}\n\n${botText.invited}` : botText.greeting, { reply_markup: keyboard });
  });

  bot.command('help', async (ctx) => {
    await ctx.reply(botText.help, { reply_markup: new InlineKeyboard().webApp(botText.openButton, appUrl(config)) });
  });

  return bot;
}

/** `npm run bot:setup`: the webhook, the menu button and the command list, once per deployment. */
export async function setUpBot(config: Config, bot: Bot): Promise<{ webhookUrl: string }> {
  if (!config.botToken) throw new Error('BOT_TOKEN is not set');
  const webhookUrl = `${config.publicUrl}/api/telegram/webhook/${webhookSecret(config.botToken)}`;
  await bot.api.setWebhook(webhookUrl, { secret_token: webhookSecret(config.botToken), allowed_updates: ['message'], drop_pending_updates: false });
  await bot.api.setChatMenuButton({ menu_button: { type: 'web_app', text: botText.openButton, web_app: { url: appUrl(config) } } });
  await bot.api.setMyCommands([
    { command: 'start', description: 'Open Duel Stakes' },
    { command: 'help', description: 'What is Duel Stakes?' },
  ]);
  return { webhookUrl };
}
