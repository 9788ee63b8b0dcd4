import { sql } from 'drizzle-orm';
import type { RiskSignal } from '../../protocol/integrity.ts';
import { arrayLiteral } from '../db/arrays.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * What ties two accounts to one person: a device (any session start kept), an IP both used in the last
 * 24 h, a withdrawal address (saved or withdrawn to), or one invited the other. An IP alone ties only
 * within a day: mobile carriers put many strangers behind one address.
 */
const addressesOf = (ids: readonly string[]) => sql`
  SELECT id AS user_id, saved_address AS address FROM users
   WHERE id = ANY(${arrayLiteral(ids)}::uuid[]) AND saved_address IS NOT NULL
  UNION
  SELECT user_id, to_address FROM withdrawals WHERE user_id = ANY(${arrayLiteral(ids)}::uuid[])`;

/** True when the two accounts share any signal: the settlement pays no referral share between them. */
export function accountsLinked(db: Queryable, a: string, b: string): Promise<boolean> {
  return linkedToAny(db, a, [b]);
}

/** True when account `a` shares any signal with one of `others` (one statement, however many). */
export async function linkedToAny(db: Queryable, a: string, others: readonly string[]): Promise<boolean> {
  if (others.length === 0) return false;
  const ids = sql`${arrayLiteral(others)}::uuid[]`;
  const [row] = await rowsOf<{ linked: boolean }>(
    db,
    sql`
    WITH addresses AS (${addressesOf([a, ...others])})
    SELECT (
      EXISTS (SELECT 1 FROM users x JOIN users y ON y.id = ANY(${ids})
               WHERE x.id = ${a}::uuid AND (x.invited_by = y.id OR y.invited_by = x.id))
      OR EXISTS (SELECT 1 FROM session_signals x JOIN session_signals y ON y.device_id = x.device_id AND y.user_id = ANY(${ids})
                  WHERE x.user_id = ${a}::uuid AND x.device_id IS NOT NULL)
      OR EXISTS (SELECT 1 FROM session_signals x JOIN session_signals y ON y.ip = x.ip AND y.user_id = ANY(${ids})
                  WHERE x.user_id = ${a}::uuid AND x.at > now() - interval '24 hours' AND y.at > now() - interval '24 hours')
      OR EXISTS (SELECT 1 FROM addresses x JOIN addresses y ON y.address = x.address AND y.user_id = ANY(${ids})
                  WHERE x.user_id = ${a}::uuid)
    ) AS linked`,
  );
  return row?.linked ?? false;
}

/**
 * True when the two accounts ever started a session from one device: one person's two accounts, as
 * surely as the app can tell. A staked challenge between them is refused (issue 36): it is the plainest
 * way to move money from one to the other by losing on purpose.
 */
export async function shareADevice(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await rowsOf<{ shared: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM session_signals x JOIN session_signals y ON y.device_id = x.device_id
                        WHERE x.user_id = ${a}::uuid AND y.user_id = ${b}::uuid AND x.device_id IS NOT NULL) AS shared`,
  );
  return row?.shared ?? false;
}

export interface LinkedAccount {
  id: string;
  nickname: string;
  signals: RiskSignal[];
}

/**
 * Every other account that shares a signal with this one, for the operator's risk view. Here an IP
 * counts over the whole retention: the operator weighs it, nothing is paid or refused on it.
 */
export async function linkedAccountsOf(db: Queryable, userId: string, limit = 100): Promise<LinkedAccount[]> {
  return rowsOf<LinkedAccount>(
    db,
    sql`
    WITH mine AS (SELECT DISTINCT ip, device_id FROM session_signals WHERE user_id = ${userId}::uuid),
    my_addresses AS (${addressesOf([userId])}),
    links AS (
      SELECT s.user_id, 'device' AS signal FROM session_signals s
        JOIN (SELECT DISTINCT device_id FROM mine WHERE device_id IS NOT NULL) m ON m.device_id = s.device_id
      UNION
      SELECT s.user_id, 'ip' FROM session_signals s JOIN (SELECT DISTINCT ip FROM mine) m ON m.ip = s.ip
      UNION
      SELECT u.id, 'address' FROM users u JOIN my_addresses m ON m.address = u.saved_address
      UNION
      SELECT w.user_id, 'address' FROM withdrawals w JOIN my_addresses m ON m.address = w.to_address
      UNION
      SELECT u.id, 'invite' FROM users u WHERE u.invited_by = ${userId}::uuid
      UNION
      SELECT u.invited_by, 'invite' FROM users u WHERE u.id = ${userId}::uuid AND u.invited_by IS NOT NULL
    )
    SELECT u.id::text AS id, u.nickname, array_to_json(array_agg(DISTINCT l.signal ORDER BY l.signal)) AS signals
      FROM links l JOIN users u ON u.id = l.user_id
     WHERE l.user_id <> ${userId}::uuid
     GROUP BY u.id, u.nickname
     ORDER BY count(DISTINCT l.signal) DESC, u.nickname
     LIMIT ${limit}`,
  );
}
