import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  challengeCodeParams,
  challengeText,
  createChallengeBody,
  type AcceptChallengeAnswer,
  type CancelChallengeAnswer,
  type ChallengeMessageAnswer,
  type ChallengeView,
  type CreateChallengeAnswer,
  type OwnChallengeAnswer,
} from '../../protocol/challenge.ts';
import { validationText } from '../../protocol/errors.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { OpenChallengeEntry } from '../../protocol/admin.ts';
import { rowsOf } from '../db/rows.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireAdmin, requireUser, sessionUser } from '../http/guards.ts';
import { playerFacingBotApi } from '../telegram/botApi.ts';
import { prepareChallengeCard, sendChallengeToFriend, type ChallengeCardFacts } from '../telegram/challengeCard.ts';
import { acceptChallenge, cancelChallenge, closedText, createChallenge } from './challenges.ts';
import { challengeLink, challengeView, challengeWebLink, challengeWithChallenger, openChallengeOf } from './views.ts';

/** Each card or friend message is one Bot API call on the bot's own quota: far above a player's taps. */
const BOT_CALLS_PER_MINUTE = 20;

/**
 * The challenge routes (issue 36), for a signed-in player: create, the own open one, one by its code,
 * accept, cancel, and the card for Telegram's share dialog.
 */
export async function challengeRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { config, db, log } = services;
  const api = playerFacingBotApi(config);
  const botCalls = app.createRateLimit({
    max: BOT_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `challenge-bot:${request.user?.id ?? request.ip}`,
  });
  async function spendBotCall(request: Parameters<typeof botCalls>[0]): Promise<void> {
    const allowance = await botCalls(request);
    if (!allowance.isAllowed && allowance.isExceeded) throw new HttpError(429, validationText.tooManyRequests);
  }
  app.addHook('preHandler', requireUser);

  app.post('/challenges', async (request): Promise<CreateChallengeAnswer> => {
    const body = parseInput(createChallengeBody, request.body);
    const user = sessionUser(request);
    if (body.friendId) await spendBotCall(request);
    const made = await createChallenge(services, user.id, { mode: body.gameMode, betUsdt: body.betAmount, friendId: body.friendId });
    const { row, friend } = made;
    const link = challengeLink(config, row.code);
    let sentToFriend: boolean | undefined;
    if (friend) {
      // After commit: the challenge stands whether or not Telegram delivers the message.
      const facts: ChallengeCardFacts = { nickname: user.nickname, mode: row.gameMode, betMicro: row.betMicro, payoutMicro: row.payoutMicro, link };
      sentToFriend = api !== null && friend.telegramId !== null ? await sendChallengeToFriend(api, log, { telegramId: friend.telegramId, language: friend.language }, facts) : false;
    }
    return {
      code: row.code,
      link,
      webLink: challengeWebLink(config, row.code),
      expiresAt: row.expiresAt.toISOString(),
      balance: microToUsdt(made.balance),
      ...(sentToFriend === undefined ? {} : { sentToFriend }),
    };
  });

  app.get('/challenges', async (request): Promise<OwnChallengeAnswer> => {
    const found = await openChallengeOf(db, sessionUser(request).id);
    return { challenge: found ? challengeView(config, found.row, found.challenger) : null };
  });

  app.get('/challenges/:code', async (request): Promise<ChallengeView> => {
    const { code } = parseInput(challengeCodeParams, request.params);
    const found = await challengeWithChallenger(db, code);
    if (!found) throw new HttpError(404, challengeText.notFound);
    return challengeView(config, found.row, found.challenger);
  });

  app.post('/challenges/:code/accept', async (request): Promise<AcceptChallengeAnswer> => {
    const { code } = parseInput(challengeCodeParams, request.params);
    const { gameId, balance } = await acceptChallenge(services, sessionUser(request).id, code);
    return { gameId, balance: microToUsdt(balance) };
  });

  app.post('/challenges/:code/cancel', async (request): Promise<CancelChallengeAnswer> => {
    const { code } = parseInput(challengeCodeParams, request.params);
    const { balance } = await cancelChallenge(services, sessionUser(request).id, code);
    return { balance: microToUsdt(balance) };
  });

  /** The challenger's card for Telegram's share dialog (shareMessage); 503 without a bot, as the invite card. */
  app.post('/challenges/:code/message', async (request): Promise<ChallengeMessageAnswer> => {
    const { code } = parseInput(challengeCodeParams, request.params);
    const user = sessionUser(request);
    const found = await challengeWithChallenger(db, code);
    if (!found) throw new HttpError(404, challengeText.notFound);
    if (found.row.challengerId !== user.id) throw new HttpError(403, challengeText.notChallenger);
    const view = challengeView(config, found.row, found.challenger);
    if (view.status !== 'open') throw new HttpError(409, closedText[view.status]);
    if (!api) throw new HttpError(503, challengeText.cardUnavailable);
    if (user.telegramId === null) throw new HttpError(409, challengeText.telegramAccountNeeded);
    await spendBotCall(request);
    const prepared = await prepareChallengeCard(api, log, user.telegramId, user.language, {
      nickname: user.nickname,
      mode: found.row.gameMode,
      betMicro: found.row.betMicro,
      payoutMicro: found.row.payoutMicro,
      link: view.link,
    });
    if (!prepared) throw new HttpError(502, challengeText.telegramFailed);
    return prepared;
  });
}

/** Operators (under /api/admin): the challenges open now, for the dashboard. */
export async function adminChallengeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.addHook('onRequest', requireAdmin);
  app.get('/challenges', { config: { permission: 'read' } }, async (): Promise<{ challenges: OpenChallengeEntry[] }> => {
    const rows = await rowsOf<{ code: string; nickname: string; game_mode: OpenChallengeEntry['gameMode']; bet_micro: string; created_at: string; expires_at: string; for_friend: boolean }>(
      db,
      sql`SELECT c.code, u.nickname, c.game_mode, c.bet_micro::text AS bet_micro, c.created_at, c.expires_at, c.friend_id IS NOT NULL AS for_friend
            FROM challenges c JOIN users u ON u.id = c.challenger_id
           WHERE c.status = 'open' AND c.expires_at > now()
           ORDER BY c.created_at DESC
           LIMIT 200`,
    );
    return {
      challenges: rows.map((row) => ({
        code: row.code,
        challenger: row.nickname,
        gameMode: row.game_mode,
        betAmount: microToUsdt(BigInt(row.bet_micro)),
        createdAt: new Date(row.created_at).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
        forFriend: row.for_friend,
      })),
    };
  });
}
