import { and, eq } from 'drizzle-orm';
import { CHALLENGE_START_PREFIX, type ChallengeView } from '../../protocol/challengeConstants.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { challenges, users, type ChallengeRow, type UserRow } from '../db/schema.ts';

/** The challenge outside Telegram: this server's app with ?challenge=<code>. */
export function challengeWebLink(config: Config, code: string): string {
  return `${config.publicUrl}/?challenge=${code}`;
}

/**
 * The link a challenge is sent with: the Mini App's own (startapp=ch_<code>) when the server has a bot
 * with a Mini App, the bot's /start (which answers with the app's button carrying it) with only a bot,
 * else the web link.
 */
export function challengeLink(config: Config, code: string): string {
  const start = `${CHALLENGE_START_PREFIX}${code}`;
  if (config.botUsername && config.miniAppShortName) return `https://t.me/${config.botUsername}/${config.miniAppShortName}?startapp=${start}`;
  if (config.botUsername) return `https://t.me/${config.botUsername}?start=${start}`;
  return challengeWebLink(config, code);
}

/** A challenge as the wire shows it; one open past its time reads expired (the sweeper refunds it soon). */
export function challengeView(config: Config, row: ChallengeRow, challenger: UserRow, now = Date.now()): ChallengeView {
  const status = row.status === 'open' && row.expiresAt.getTime() <= now ? 'expired' : row.status;
  return {
    code: row.code,
    challenger: { _id: challenger.id, nickname: challenger.nickname, country: challenger.country, score: challenger.score, photoUrl: challenger.photoUrl },
    gameMode: row.gameMode,
    betAmount: microToUsdt(row.betMicro),
    payout: microToUsdt(row.payoutMicro),
    status,
    expiresAt: row.expiresAt.toISOString(),
    link: challengeLink(config, row.code),
    webLink: challengeWebLink(config, row.code),
    gameId: row.gameId,
    forFriend: row.friendId !== null,
  };
}

/** A challenge with its challenger, by code; null when there is none. */
export async function challengeWithChallenger(db: Queryable, code: string): Promise<{ row: ChallengeRow; challenger: UserRow } | null> {
  const [found] = await db.select({ row: challenges, challenger: users }).from(challenges).innerJoin(users, eq(users.id, challenges.challengerId)).where(eq(challenges.code, code)).limit(1);
  return found ?? null;
}

/** The player's open challenge, with them as its challenger; null when they have none. */
export async function openChallengeOf(db: Queryable, userId: string): Promise<{ row: ChallengeRow; challenger: UserRow } | null> {
  const [found] = await db
    .select({ row: challenges, challenger: users })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.challengerId))
    .where(and(eq(challenges.challengerId, userId), eq(challenges.status, 'open')))
    .limit(1);
  return found ?? null;
}
