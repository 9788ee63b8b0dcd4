import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { rowReader } from '../db/rows.ts';
import { admins, sessions, users, type UserRow } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';
import type { OperatorRole } from '../../protocol/operators.ts';

export interface SessionOperator {
  id: string;
  username: string;
  role: OperatorRole;
  /** Their second factor is on. */
  secondFactor: boolean;
}

export const PLAYER_COOKIE = 'sid';
export const ADMIN_COOKIE = 'admin_sid';

export type SessionOwner = { userId: string } | { adminId: string };

/** Opens a session and returns the only copy of its token; the database keeps its hash. */
export async function openSession(db: Queryable, owner: SessionOwner, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: 'userId' in owner ? owner.userId : null,
    adminId: 'adminId' in owner ? owner.adminId : null,
    expiresAt,
  });
  return { token, expiresAt };
}

const userRow = rowReader(users);

/** A player's open session: its user, and when it ends. */
export interface PlayerSession {
  user: UserRow;
  expiresAt: Date;
}

async function findSessionUser(db: Queryable, token: string | undefined): Promise<PlayerSession | null> {
  if (!token) return null;
  const [raw] = await sessionUser<Record<string, unknown>>(db, { tokenHash: hashToken(token) });
  return raw ? { user: userRow.read(raw), expiresAt: new Date(raw.sessionExpiresAt as string | Date) } : null;
}

/** Every player request a node has no trusted session for: a prepared statement, planned once per connection. */
const sessionUser = namedStatement<'tokenHash'>(
  'session_user_until',
  (v) => sql`SELECT ${userRow.columns}, sessions.expires_at AS "sessionExpiresAt" FROM sessions JOIN users ON users.id = sessions.user_id
             WHERE sessions.token_hash = ${v('tokenHash')} AND sessions.expires_at > now()
             LIMIT 1`,
);

/**
 * What a player request carries: the session token in `Authorization: Bearer` (the Mini App inside
 * Telegram, where a cross-site frame gets no cookies) and/or the HttpOnly session cookie (the web app).
 * `header` is '' when an Authorization header came that is not a Bearer token: a credential, but a bad one.
 */
export interface PlayerCredentials {
  header: string | undefined;
  cookie: string | undefined;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match?.[1] ?? '';
}

/**
 * The player of a request. A header credential decides alone when present: a bad one is refused (null),
 * never made up for by a cookie; and a cookie of another player beside it refuses the request too, so
 * one request never mixes two accounts. An expired or unknown cookie beside a good header is ignored.
 */
export async function findPlayerSession(db: Queryable, { header, cookie }: PlayerCredentials): Promise<PlayerSession | null> {
  if (header === undefined) return findSessionUser(db, cookie);
  const session = await findSessionUser(db, header);
  if (!session || !cookie || cookie === header) return session;
  const cookieSession = await findSessionUser(db, cookie);
  return cookieSession && cookieSession.user.id !== session.user.id ? null : session;
}

/** The player of a request (findPlayerSession), without the session's end. */
export async function findPlayer(db: Queryable, credentials: PlayerCredentials): Promise<UserRow | null> {
  return (await findPlayerSession(db, credentials))?.user ?? null;
}

/** The operator of a session, while it lasts and while an owner has not disabled them, with their role. */
export async function findSessionAdmin(db: Queryable, token: string | undefined): Promise<SessionOperator | null> {
  if (!token) return null;
  const rows = await db
    .select({ id: admins.id, username: admins.username, role: admins.role, secondFactor: sql<boolean>`${admins.totpEnabledAt} IS NOT NULL` })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), isNotNull(sessions.adminId), isNull(admins.disabledAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ends a session; the hashes of what it ended (none when the token was unknown). */
export async function closeSession(db: Queryable, token: string | undefined): Promise<string[]> {
  if (!token) return [];
  const ended = await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).returning({ tokenHash: sessions.tokenHash });
  return ended.map((row) => row.tokenHash);
}

/**
 * Logout: every session the request carries ends, the header's and the cookie's. Returns their hashes,
 * for knownSessions.ts endSessions once this has committed.
 */
export async function closePlayerSessions(db: Queryable, { header, cookie }: PlayerCredentials): Promise<string[]> {
  return [...(await closeSession(db, header)), ...(await closeSession(db, cookie))];
}

/** After a password change every other session of that user ends; their hashes, as closePlayerSessions. */
export async function closeUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<string[]> {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  const ended = await db.delete(sessions).where(and(eq(sessions.userId, userId), keep)).returning({ tokenHash: sessions.tokenHash });
  return ended.map((row) => row.tokenHash);
}

export function setSessionCookie(reply: FastifyReply, config: Config, name: string, token: string): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.nodeEnv === 'production',
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config, name: string): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.nodeEnv === 'production' });
}
