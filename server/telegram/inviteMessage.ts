import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { InlineQueryResultArticle } from 'grammy/types';
import { validationText } from '../../protocol/errors.ts';
import { inviteText, type InviteMessageAnswer } from '../../protocol/invite.ts';
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireUser, sessionUser } from '../http/guards.ts';
import { inviteLink } from '../users/entity.ts';
import { ANY_CHAT, playerFacingBotApi } from './botApi.ts';
import { inviteCardTextsFor } from './inviteLocales.ts';

/** Each card is one Bot API call on the bot's own quota: a player tapping Share is far below this. */
const CARDS_PER_MINUTE = 20;

/**
 * The invite as a card (issue 23 §3): the invite text in the player's language and one "Open" button
 * whose link is the player's invite link (the Mini App with startapp=<their invite code>, as GET
 * /api/invite-link answers). A url button, not a web_app one: web_app buttons only work in the bot's
 * own chat, and this card goes to the player's friends and groups.
 */
export function inviteCard(config: Config, user: Pick<UserRow, 'inviteCode' | 'language'>): InlineQueryResultArticle {
  const text = inviteCardTextsFor(user.language);
  return {
    type: 'article',
    id: `invite-${randomUUID()}`,
    title: text.title,
    description: text.description,
    input_message_content: { message_text: text.message },
    reply_markup: { inline_keyboard: [[{ text: text.openButton, url: inviteLink(config, user.inviteCode) }]] },
  };
}

/**
 * POST /api/invite-message → {id, expirationDate}: the card saved with the Bot API's
 * savePreparedInlineMessage (Bot API 8.0) for the signed-in player's Telegram account, to be sent with
 * the Mini App's shareMessage(id) to any chat the player picks. Without BOT_TOKEN it answers 503 and the
 * app shares the plain link instead.
 */
export async function inviteMessageRoutes(app: FastifyInstance): Promise<void> {
  const { config, log } = app.services;
  const api = playerFacingBotApi(config);
  const perPlayer = app.createRateLimit({
    max: CARDS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `invite-message:${request.user?.id ?? request.ip}`,
  });
  app.addHook('preHandler', requireUser);

  app.post('/invite-message', async (request): Promise<InviteMessageAnswer> => {
    const user = sessionUser(request);
    if (!api) throw new HttpError(503, inviteText.cardUnavailable);
    if (user.telegramId === null) throw new HttpError(409, inviteText.telegramAccountNeeded);
    const allowance = await perPlayer(request);
    if (!allowance.isAllowed && allowance.isExceeded) throw new HttpError(429, validationText.tooManyRequests);

    const prepared = await api
      .savePreparedInlineMessage(user.telegramId, inviteCard(config, user), ANY_CHAT)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'savePreparedInlineMessage failed');
        return null;
      });
    if (typeof prepared?.id !== 'string' || typeof prepared.expiration_date !== 'number') {
      if (prepared) log.warn({ answer: prepared }, 'savePreparedInlineMessage answered no prepared message');
      throw new HttpError(502, inviteText.telegramFailed);
    }
    return { id: prepared.id, expirationDate: prepared.expiration_date };
  });
}
