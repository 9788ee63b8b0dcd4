import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { PublicUser, Statistics, User } from '../../protocol/user.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { rowReader, rowsOf } from '../db/rows.ts';
import { playedGames, users, type UserRow } from '../db/schema.ts';
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

/** What the User entity adds to the user's row: its balance, wins and invited friends. */
interface EntityExtras {
  balance: string;
  wins: number;
  friends: string[];
}

// Its balance, wins and invited friends in one statement (every app start and sign-in asks for the
// entity: ~25,000 times in the launch spike, issue 24). Planned at each call, not prepared: a plan cached
// while played_games was still empty (a launch's first minutes) counted the wins by a scan of the whole
// table once it had grown (1 ms a call in the spike; planned now, it is an index lookup).
const extrasOf = (userId: SQL) =>
  sql`coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = ${userId}), 0)::text AS balance,
      (SELECT count(*) FROM played_games p WHERE p.user_id = ${userId} AND p.result = 'win')::int AS wins,
      coalesce((SELECT array_agg(u.id::text) FROM users u WHERE u.invited_by = ${userId}), '{}') AS friends`;

/** The full User entity for its owner (spec §3). Never any password material. */
export async function userEntity(db: Queryable, config: Config, row: UserRow): Promise<User> {
  const [extras] = await rowsOf<EntityExtras>(db, sql`SELECT ${extrasOf(sql`${row.id}::uuid`)}`);
  return entityOf(config, row, extras);
}

/**
 * The User entity of an account created in this very request: no money, no games and no friends yet, so
 * nothing to read (a launch day signs in 10,000 newcomers: a statement each, issue 38).
 */
export function newUserEntity(config: Config, row: UserRow): User {
  return entityOf(config, row, { balance: '0', wins: 0, friends: [] });
}

const userRow = rowReader(users);

/**
 * The User entity of an open session, by its token's hash, with the session's end: the session, the row
 * and the extras in one statement (GET /api/protected, the app's start: issue 38).
 */
export async function sessionUserEntity(db: Queryable, config: Config, tokenHash: string): Promise<{ user: User; userId: string; expiresAt: Date } | null> {
  const [raw] = await rowsOf<Record<string, unknown> & EntityExtras>(
    db,
    sql`SELECT ${userRow.columns}, sessions.expires_at AS "sessionExpiresAt", ${extrasOf(sql`users.id`)}
          FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = ${tokenHash} AND sessions.expires_at > now()
         LIMIT 1`,
  );
  if (!raw) return null;
  const row = userRow.read(raw);
  return { user: entityOf(config, row, raw), userId: row.id, expiresAt: new Date(raw.sessionExpiresAt as string | Date) };
}

function entityOf(config: Config, row: UserRow, extras: EntityExtras | undefined): User {
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
