import { and, asc, gte, isNull, lte, sql } from 'drizzle-orm';
import { microToUsdt } from '../../protocol/money.ts';
import type { TreasuryDay, TreasuryFlagView } from '../../protocol/treasury.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { treasuryFlags, treasurySnapshots } from '../db/schema.ts';
import { sunToTrx } from './solvency.ts';

/** The most days a picture shows (a longer range shows its last days). */
const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The range day by day (UTC): owes and holds from each day's snapshot, and what the chain burned for the
 * day's withdrawals and sweeps against the withdrawal fees players paid.
 */
export async function treasuryDays(db: Db, from: Date, to: Date): Promise<TreasuryDay[]> {
  // The range's end is often in the future (the pickers' end of day): the days stop at today.
  const end = new Date(Math.min(to.getTime(), Date.now()));
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()));
  const first = new Date(Math.max(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()), last.getTime() - (MAX_DAYS - 1) * DAY_MS));
  const dayOf = (date: Date) => date.toISOString().slice(0, 10);
  const snapshots = await db
    .select()
    .from(treasurySnapshots)
    .where(and(gte(treasurySnapshots.day, dayOf(first)), lte(treasurySnapshots.day, dayOf(last))))
    .orderBy(asc(treasurySnapshots.day));
  const fees = await rowsOf<{ day: string; burned: string; collected: string }>(
    db,
    sql`SELECT day, sum(burned)::text AS burned, sum(collected)::text AS collected FROM (
        SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, coalesce(chain_fee_sun, 0) AS burned, fee_micro AS collected
          FROM withdrawals WHERE status = 'completed' AND finished_at >= ${first.toISOString()}::timestamptz AND finished_at < ${new Date(last.getTime() + DAY_MS).toISOString()}::timestamptz
        UNION ALL
        SELECT to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(fee_sun, 0), 0
          FROM sweep_transactions WHERE settled_at >= ${first.toISOString()}::timestamptz AND settled_at < ${new Date(last.getTime() + DAY_MS).toISOString()}::timestamptz
      ) AS costs GROUP BY day`,
  );
  const days: TreasuryDay[] = [];
  for (let at = first.getTime(); at <= last.getTime(); at += DAY_MS) {
    const day = dayOf(new Date(at));
    const snapshot = snapshots.find((row) => row.day === day);
    const cost = fees.find((row) => row.day === day);
    days.push({
      day,
      owesUsdt: snapshot ? microToUsdt(snapshot.owesMicro) : null,
      holdsUsdt: snapshot ? microToUsdt(snapshot.holdsMicro) : null,
      trxBurned: sunToTrx(BigInt(cost?.burned ?? '0')),
      collectedUsdt: microToUsdt(BigInt(cost?.collected ?? '0')),
    });
  }
  return days;
}

/** Open reconciliation flags, newest first. */
export async function openFlags(db: Db): Promise<TreasuryFlagView[]> {
  const rows = await db.select().from(treasuryFlags).where(isNull(treasuryFlags.resolvedAt)).orderBy(sql`${treasuryFlags.lastAt} DESC`).limit(200);
  const amount = (currency: 'USDT' | 'TRX', raw: bigint) => (currency === 'USDT' ? microToUsdt(raw) : sunToTrx(raw));
  return rows.map((row) => ({
    address: row.address,
    userId: row.userId,
    currency: row.currency,
    expected: amount(row.currency, row.expectedRaw),
    actual: amount(row.currency, row.actualRaw),
    firstAt: row.firstAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
  }));
}
