import { ADMIN_PAGE_SIZE } from '../../protocol/admin.ts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { integrityText, riskFlagKinds, type RiskFlag, type RiskFlagsAnswer, type riskFlagsQuery } from '../../protocol/integrity.ts';
import { audit } from '../admin/audit.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { HttpError } from '../http/errors.ts';
import { detectors } from './detectors.ts';
import { purgeOldSignals } from './signals.ts';

// Any constant will do: the same on every node, so only one node runs a round at a time. The schema is
// part of the key: two products (or test runs) in one database do not take each other's turn.
const RISK_ROUND_LOCK = 4_280_017;

/**
 * One risk round: every detector's signals upserted into risk_flags, then session starts past retention
 * dropped, a batch at a time until none are left. Safe on every node at once: a round runs only while it holds the round's advisory lock, and
 * a node that finds it taken skips (the other node's round sees the same data). Answers how many flags
 * the round wrote (raised or updated), or null when another node had the turn.
 */
export async function riskRound(services: Pick<Services, 'db'>): Promise<number | null> {
  const written = await services.db.transaction(async (tx) => {
    const [turn] = await rowsOf<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${RISK_ROUND_LOCK}, hashtext(current_schema())) AS locked`);
    if (!turn?.locked) return null;
    let count = 0;
    for (const kind of riskFlagKinds) {
      const rows = await rowsOf<{ id: string }>(tx, upsertFlags(kind));
      count += rows.length;
    }
    return count;
  });
  // Only the node that had the turn purges: nodes deleting the same rows at once would wait on each other.
  if (written !== null) {
    let deleted = await purgeOldSignals(services.db);
    while (deleted > 0) deleted = await purgeOldSignals(services.db);
  }
  return written;
}

/**
 * A flag keeps the signal at its strongest, the first and last time seen; a dismissed one opens again
 * only when the signal grows past what the operator saw when dismissing it.
 */
function upsertFlags(kind: (typeof riskFlagKinds)[number]) {
  return sql`
    INSERT INTO risk_flags (kind, subject, user_ids, count, first_at, last_at, detail)
    SELECT * FROM (${detectors[kind]}) AS found
    ON CONFLICT (kind, subject) DO UPDATE SET
      user_ids = EXCLUDED.user_ids,
      detail = CASE WHEN EXCLUDED.count >= risk_flags.count THEN EXCLUDED.detail ELSE risk_flags.detail END,
      count = greatest(risk_flags.count, EXCLUDED.count),
      first_at = least(risk_flags.first_at, EXCLUDED.first_at),
      last_at = greatest(risk_flags.last_at, EXCLUDED.last_at),
      status = CASE WHEN risk_flags.status = 'dismissed' AND EXCLUDED.count > coalesce(risk_flags.dismissed_count, 0)
                    THEN 'open' ELSE risk_flags.status END
    WHERE (risk_flags.count, risk_flags.first_at, risk_flags.last_at, risk_flags.user_ids, risk_flags.detail)
          IS DISTINCT FROM (greatest(risk_flags.count, EXCLUDED.count), least(risk_flags.first_at, EXCLUDED.first_at),
                            greatest(risk_flags.last_at, EXCLUDED.last_at), EXCLUDED.user_ids,
                            CASE WHEN EXCLUDED.count >= risk_flags.count THEN EXCLUDED.detail ELSE risk_flags.detail END)
    RETURNING id`;
}

/** Whether the account is named in a flag an operator has not dismissed. */
export async function hasOpenFlag(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await rowsOf<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM risk_flags WHERE status = 'open' AND user_ids @> ARRAY[${userId}::uuid]) AS open`,
  );
  return row?.open ?? false;
}

interface FlagRow {
  id: string;
  kind: RiskFlag['kind'];
  user_ids: string[];
  nicknames: string[];
  count: number;
  first_at: Date | string;
  last_at: Date | string;
  detail: RiskFlag['detail'];
  dismiss_note: string | null;
  status: RiskFlag['status'];
}

const flagColumns = sql`
  f.id::text AS id, f.kind, array_to_json(f.user_ids) AS user_ids,
  (SELECT json_agg(coalesce(u.nickname, '?') ORDER BY x.n)
     FROM unnest(f.user_ids) WITH ORDINALITY AS x(id, n) LEFT JOIN users u ON u.id = x.id) AS nicknames,
  f.count, f.first_at, f.last_at, f.detail, f.dismiss_note, f.status`;

function toFlag(row: FlagRow): RiskFlag {
  return {
    _id: row.id,
    kind: row.kind,
    userIds: row.user_ids,
    nicknames: row.nicknames,
    count: row.count,
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
    detail: row.dismiss_note ? { ...row.detail, dismissNote: row.dismiss_note } : row.detail,
    status: row.status,
  };
}

/** GET /api/admin/risk/flags: newest signal first, 10 a page. */
export async function listFlags(db: Queryable, query: z.output<typeof riskFlagsQuery>): Promise<RiskFlagsAnswer> {
  const where = sql`f.status = ${query.status} ${query.kind ? sql`AND f.kind = ${query.kind}` : sql``}`;
  const [rows, [total]] = await Promise.all([
    rowsOf<FlagRow>(
      db,
      sql`SELECT ${flagColumns} FROM risk_flags f WHERE ${where}
          ORDER BY f.last_at DESC, f.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
    ),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM risk_flags f WHERE ${where}`),
  ]);
  return { flags: rows.map(toFlag), totalFlags: total?.n ?? 0 };
}

/** Every flag that names the account, open first. */
export async function flagsOfUser(db: Queryable, userId: string): Promise<RiskFlag[]> {
  const rows = await rowsOf<FlagRow>(
    db,
    sql`SELECT ${flagColumns} FROM risk_flags f WHERE f.user_ids @> ARRAY[${userId}::uuid]
        ORDER BY f.status = 'open' DESC, f.last_at DESC LIMIT 100`,
  );
  return rows.map(toFlag);
}

/** An operator dismisses an open flag with a note; the audit trail keeps who and why. */
export async function dismissFlag(services: Pick<Services, 'db' | 'log'>, adminId: string, flagId: string, note: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`UPDATE risk_flags SET status = 'dismissed', dismissed_by = ${adminId}::uuid, dismissed_at = now(),
                 dismissed_count = count, dismiss_note = ${note}
           WHERE id = ${flagId}::uuid AND status = 'open' RETURNING id::text AS id`,
    );
    if (!row) {
      const [exists] = await rowsOf<{ id: string }>(tx, sql`SELECT id::text AS id FROM risk_flags WHERE id = ${flagId}::uuid`);
      throw exists ? new HttpError(409, integrityText.flagDismissed) : new HttpError(404, integrityText.unknownFlag);
    }
    await audit(tx, { adminId, action: 'dismiss-risk-flag', target: flagId, details: { note } });
  });
  services.log.warn({ adminId, flagId }, 'risk flag dismissed');
}
