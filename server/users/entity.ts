import { count, eq, sql } from 'drizzle-orm';
import type { PublicUser, Statistics, User } from '../../protocol/user.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { playedGames, type UserRow } from '../db/schema.ts';
import { balanceOf } from '../ledger/ledger.ts';

/** The invite link of spec §3: the bot's deep link when a bot is configured, else the register page. */
export function inviteLink(config: Config, inviteCode: string): string {
  if (config.botUsername && config.miniAppShortName) return `https://t.me/${config.botUsername}/${config.miniAppShortName}?startapp=${inviteCode}`;
  if (config.botUsername) return `https://t.me/${config.botUsername}?start=${inviteCode}`;
  return `${config.publicUrl}/register?invitedBy=${inviteCode}`;
}

export async function statisticsOf(db: Queryable, userId: string): Promise<Statistics> {
  const rows = await db
    .select({ result: playedGames.result, total: count() })
    .from(playedGames)
    .where(eq(playedGames.userId, userId))
    .groupBy(playedGames.result);
  const wins = rows.find((r) => r.result === 'win')?.total ?? 0;
  const losses = rows.find((r) => r.result === 'lose')?.total ?? 0;
  return { wins, losses, totalGames: wins + losses };
}

/** The full User entity for its owner (spec §3). Never any password material. */
export async function userEntity(db: Queryable, config: Config, row: UserRow): Promise<User> {
  // Its balance, wins and invited friends in one statement (every app start and sign-in asks for the
  // entity: ~25,000 times in the launch spike, issue 24). Planned at each call, not prepared: a plan
  // cached while played_games was still empty (a launch's first minutes) counted the wins by a scan of
  // the whole table once it had grown (1 ms a call in the spike; planned now, it is an index lookup).
  const [extras] = await rowsOf<{ balance: string; wins: number; friends: string[] }>(
    db,
    sql`SELECT coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = ${row.id}::uuid), 0)::text AS balance,
               (SELECT count(*) FROM played_games p WHERE p.user_id = ${row.id}::uuid AND p.result = 'win')::int AS wins,
               coalesce((SELECT array_agg(u.id::text) FROM users u WHERE u.invited_by = ${row.id}::uuid), '{}') AS friends`,
  );
  return {
    _id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    balance: microToUsdt(BigInt(extras?.balance ?? '0')),
    score: row.score,
    country: row.country,
    savedAddress: row.savedAddress,
    isAffiliate: row.isAffiliate,
    affiliatePercentage: Number(row.affiliatePercentage),
    invitedFriends: extras?.friends ?? [],
    wins: extras?.wins ?? 0,
    photoUrl: row.photoUrl,
    avatarUrl: row.photoUrl,
    inviteLink: inviteLink(config, row.inviteCode),
    frozen: row.frozenAt !== null,
    language: row.language,
  };
}

export async function publicUser(db: Queryable, row: UserRow, viewerId: string): Promise<PublicUser> {
  return {
    _id: row.id,
    username: row.username,
    nickname: row.nickname,
    // Another player's money is nobody else's business.
    balance: row.id === viewerId ? microToUsdt(await balanceOf(db, row.id)) : null,
    score: row.score,
    country: row.country,
    photoUrl: row.photoUrl,
  };
}
