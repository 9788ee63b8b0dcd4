import type { Language } from '../../protocol/languages.ts';
import { eq, or, sql } from 'drizzle-orm';
import { challengeCodeOf } from '../../protocol/challengeConstants.ts';
import { validationText } from '../../protocol/errors.ts';
import type { Queryable } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { challenges, users, type UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { newInviteCode } from '../auth/tokens.ts';
import { rowReader, rowsOf } from '../db/rows.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The inviter an invite code or user id names, or null: a bad reference is ignored, never an error. A
 * challenge's start parameter (`ch_<code>`, issue 36) names its challenger: a newcomer who arrives
 * through a challenge is their friend, under the same referral rules as one who came by invite.
 */
export async function findInviter(db: Queryable, reference: string | null | undefined): Promise<string | null> {
  const ref = reference?.trim();
  if (!ref) return null;
  const challengeCode = challengeCodeOf(ref);
  if (challengeCode) {
    const [challenge] = await db.select({ challengerId: challenges.challengerId }).from(challenges).where(eq(challenges.code, challengeCode)).limit(1);
    return challenge?.challengerId ?? null;
  }
  const match = UUID_PATTERN.test(ref) ? or(eq(users.inviteCode, ref), eq(users.id, ref)) : eq(users.inviteCode, ref);
  const rows = await db.select({ id: users.id }).from(users).where(match).limit(1);
  return rows[0]?.id ?? null;
}

export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | null> {
  const key = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return rows[0] ?? null;
}

export async function isUsernameFree(db: Queryable, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length === 0;
}

export interface NewUser {
  username: string;
  email?: string | null;
  passwordHash?: string | null;
  nickname: string;
  telegramId?: number | null;
  photoUrl?: string | null;
  invitedBy?: string | null;
  language?: Language | null;
}

const userRow = rowReader(users);

/**
 * Creates a player with balance 0 and the default score, and their ledger accounts ('user' and
 * 'rewards'), in one statement: a player never exists without accounts, and a newcomer's sign-in needs
 * no transaction of its own for it (issue 38: three round trips fewer for every player of a launch day).
 * The unique indexes decide races between two registrations of the same name; their violation becomes
 * the same 409 a pre-check would give. Another violation (a Telegram id already known) is the caller's.
 */
export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  try {
    const [raw] = await rowsOf<Record<string, unknown>>(
      db,
      sql`WITH created AS (
            INSERT INTO users (username, email, password_hash, nickname, telegram_id, photo_url, invited_by, language, invite_code)
            VALUES (${user.username}, ${user.email ?? null}, ${user.passwordHash ?? null}, ${user.nickname}, ${user.telegramId ?? null}::bigint,
                    ${user.photoUrl ?? null}, ${user.invitedBy ?? null}::uuid, ${user.language ?? null}, ${newInviteCode()})
            RETURNING *),
          opened AS (
            INSERT INTO accounts (kind, user_id) SELECT kind, created.id FROM created CROSS JOIN (VALUES ('user'), ('rewards')) AS k(kind))
          SELECT ${userRow.columns} FROM created AS users`,
    );
    if (!raw) throw new Error('insert returned no row');
    return userRow.read(raw);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_username_lower') throw new HttpError(409, validationText.usernameTaken);
    if (constraint === 'users_email_lower') throw new HttpError(409, validationText.emailTaken);
    throw error;
  }
}
