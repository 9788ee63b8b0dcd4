import { sql } from 'drizzle-orm';
import type { RiskSignal } from '../../protocol/integrity.ts';
import { arrayLiteral } from '../db/arrays.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** The withdrawal addresses of these accounts: saved, or withdrawn to. */
const addressesOf = (ids: readonly string[]) => sql`
  SELECT id AS user_id, saved_address AS address FROM users
   WHERE id = ANY(${arrayLiteral(ids)}::uuid[]) AND saved_address IS NOT NULL
  UNION
  SELECT user_id, to_address FROM withdrawals WHERE user_id = ANY(${arrayLiteral(ids)}::uuid[])`;

/**
 * True when account `a` shares any signal with one of `others`: what ties two accounts to one person
 * (migration 0025 accounts_linked, which the settlement asks before paying a referral share). A device
 * (any session start kept), an IP both used in the last 24 h, a withdrawal address (saved or withdrawn
 * to), or one invited the other. An IP alone ties only within a day: mobile carriers put many strangers
 * behind one address.
 */
export async function linkedToAny(db: Queryable, a: string, others: readonly string[]): Promise<boolean> {
  if (others.length === 0) return false;
  const [row] = await rowsOf<{ linked: boolean }>(db, sql`SELECT accounts_linked(${a}::uuid, ${arrayLiteral(others)}::uuid[]) AS linked`);
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
