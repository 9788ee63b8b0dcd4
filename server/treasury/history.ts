import { and, asc, gte, isNull, lte, sql } from 'drizzle-orm';
import { microToUsdt } from '../../protocol/money.ts';
import type { TreasuryDay, TreasuryFlagView } from '../../protocol/treasury.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { treasuryFlags, treasurySnapshots } from '../db/schema.ts';
import { utcDaysOf } from '../admin/range.ts';
import { chainAmount, sunToTrx } from './solvency.ts';

/**
 * The range day by day (UTC): owes and holds from each day's snapshot, and what the chain burned for the
 * day's withdrawals and sweeps against the withdrawal fees players paid.
 */
export async function treasuryDays(db: Db, from: Date, to: Date): Promise<TreasuryDay[]> {
  const range = utcDaysOf(from, to);
  const firstDay = range.days[0] ?? '';
  const lastDay = range.days.at(-1) ?? '';
  const snapshots = await db
    .select()
    .from(treasurySnapshots)
    .where(and(gte(treasurySnapshots.day, firstDay), lte(treasurySnapshots.day, lastDay)))
    .orderBy(asc(treasurySnapshots.day));
  const fees = await rowsOf<{ day: string; burned: string; collected: string }>(
    db,
    sql`SELECT day, sum(burned)::text AS burned, sum(collected)::text AS collected FROM (
        SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, coalesce(chain_fee_sun, 0) AS burned, fee_micro AS collected
          FROM withdrawals WHERE status = 'completed' AND finished_at >= ${range.start.toISOString()}::timestamptz AND finished_at < ${range.end.toISOString()}::timestamptz
        UNION ALL
        SELECT to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(fee_sun, 0), 0
          FROM sweep_transactions WHERE settled_at >= ${range.start.toISOString()}::timestamptz AND settled_at < ${range.end.toISOString()}::timestamptz
      ) AS costs GROUP BY day`,
  );
  return range.days.map((day): TreasuryDay => {
    const snapshot = snapshots.find((row) => row.day === day);
    const cost = fees.find((row) => row.day === day);
    return {
      day,
      owesUsdt: snapshot ? microToUsdt(snapshot.owesMicro) : null,
      holdsUsdt: snapshot ? microToUsdt(snapshot.holdsMicro) : null,
      trxBurned: sunToTrx(BigInt(cost?.burned ?? '0')),
      collectedUsdt: microToUsdt(BigInt(cost?.collected ?? '0')),
    };
  });
}

/** Open reconciliation flags, newest first. */
export async function openFlags(db: Db): Promise<TreasuryFlagView[]> {
  const rows = await db.select().from(treasuryFlags).where(isNull(treasuryFlags.resolvedAt)).orderBy(sql`${treasuryFlags.lastAt} DESC`).limit(200);
  return rows.map((row) => ({
    address: row.address,
    userId: row.userId,
    currency: row.currency,
    expected: chainAmount(row.currency, row.expectedRaw),
    actual: chainAmount(row.currency, row.actualRaw),
    firstAt: row.firstAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
  }));
}
