import { Api } from 'grammy';
import type { Config } from '../config.ts';

/** A player's share sheet should open at once or not at all: the app falls back to the plain link. */
const BOT_API_TIMEOUT_SECONDS = 10;

/**
 * The Bot API for calls made while a player waits (the invite and challenge cards, a challenge sent to a
 * friend), or null without BOT_TOKEN. Its root is configurable so tests point it at a loopback stand-in.
 */
export function playerFacingBotApi(config: Config): Api | null {
  return config.botToken ? new Api(config.botToken, { apiRoot: config.telegramApiUrl, timeoutSeconds: BOT_API_TIMEOUT_SECONDS }) : null;
}

/** Where a prepared message may be sent: any chat the player picks, channels too (an affiliate's audience). */
export const ANY_CHAT = { allow_user_chats: true, allow_group_chats: true, allow_bot_chats: true, allow_channel_chats: true } as const;
