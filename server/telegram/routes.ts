import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { createBot, secretMatches, webhookSecret } from './bot.ts';

const webhookParams = z.object({ secret: z.string().max(128) });

/**
 * grammY's init retries a failing getMe forever (backing off to 20 minutes): while the Bot API is
 * unreachable, every update would wait on it unanswered. Bounded, the update fails, is logged and
 * answered like any other failed update.
 */
const BOT_INIT_TIMEOUT_MS = 10_000;

/**
 * POST /api/telegram/webhook/<secret>: Telegram delivers the bot's updates here. Both the path and
 * the X-Telegram-Bot-Api-Secret-Token header must carry the secret (set by `npm run bot:setup`), so
 * nobody else can make the bot speak. Without BOT_TOKEN the route does not exist.
 */
export async function telegramBotRoutes(app: FastifyInstance): Promise<void> {
  const { config, log } = app.services;
  const bot = createBot(config);
  if (!bot || !config.botToken) return;
  const secret = webhookSecret(config.botToken);
  let ready: Promise<void> | null = null;

  // The path carries the secret: Fastify's request log lines (info) would write it to every log, so
  // this route logs from warn up only, and its own lines never name the URL.
  app.post('/telegram/webhook/:secret', { logLevel: 'warn' }, async (request) => {
    const params = webhookParams.safeParse(request.params);
    const header = request.headers['x-telegram-bot-api-secret-token'];
    if (!params.success || !secretMatches(secret, params.data.secret) || !secretMatches(secret, typeof header === 'string' ? header : undefined)) {
      throw new HttpError(401, 'Unknown webhook');
    }
    const update = request.body;
    if (!update || typeof update !== 'object' || typeof (update as { update_id?: unknown }).update_id !== 'number') {
      throw new HttpError(400, 'Not a Telegram update');
    }
    try {
      // grammY types the signal with its abort-controller shim; at run time it is the standard one.
      ready ??= bot.init(AbortSignal.timeout(BOT_INIT_TIMEOUT_MS) as unknown as Parameters<typeof bot.init>[0]).catch((error: unknown) => {
        ready = null;
        throw error;
      });
      await ready;
      await bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0]);
    } catch (error) {
      // Telegram retries an update until it gets a 2xx: a reply that failed is logged, not retried forever.
      log.error({ err: error }, 'telegram update failed');
    }
    return { ok: true };
  });
}
