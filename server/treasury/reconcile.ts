import { sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { rowsOf } from '../db/rows.ts';
import { chainState, treasurySnapshots } from '../db/schema.ts';
import { holds, owes } from './solvency.ts';

/** Deposit addresses compared with the chain in one round (those with an open flag first). */
const ADDRESSES_PER_ROUND = 2_000;

type RoundServices = Pick<Services, 'db' | 'wallet' | 'config' | 'log'>;

export interface ReconcileOutcome {
  day: string;
  checked: number;
  /** Addresses found different from their records (open flags after the round). */
  differences: number;
}

/**
 * What each deposit address should hold by the records: the deposits seen (not dropped), less what its
 * sweeps took; for TRX also what sweeps sent it for fees, less the fees it burned. Addresses with a sweep
 * under way are left for the next round: the chain is a step ahead of the records there.
 */
function expectedBalances() {
  return sql`
    WITH addresses AS (
      SELECT da.address, da.user_id FROM deposit_addresses da
      WHERE (EXISTS (SELECT 1 FROM deposits d WHERE d.address = da.address)
             OR EXISTS (SELECT 1 FROM sweeps s WHERE s.address = da.address))
        AND NOT EXISTS (SELECT 1 FROM sweeps s WHERE s.address = da.address AND s.step NOT IN ('done', 'failed'))
      ORDER BY EXISTS (SELECT 1 FROM treasury_flags f WHERE f.address = da.address AND f.resolved_at IS NULL) DESC, da.derivation_index
      LIMIT ${ADDRESSES_PER_ROUND}
    )
    SELECT a.address, a.user_id::text AS user_id,
      ((SELECT coalesce(sum(d.amount_raw), 0) FROM deposits d WHERE d.address = a.address AND d.currency = 'USDT' AND d.status <> 'failed')
        - (SELECT coalesce(sum(st.amount_raw), 0) FROM sweep_transactions st JOIN sweeps s ON s.id = st.sweep_id
           WHERE st.from_address = a.address AND st.kind = 'transfer' AND s.currency = 'USDT' AND st.status = 'confirmed'))::text AS usdt,
      ((SELECT coalesce(sum(d.amount_raw), 0) FROM deposits d WHERE d.address = a.address AND d.currency = 'TRX' AND d.status <> 'failed')
        + (SELECT coalesce(sum(st.amount_raw), 0) FROM sweep_transactions st
           WHERE st.to_address = a.address AND st.kind IN ('activate', 'fund') AND st.status = 'confirmed')
        - (SELECT coalesce(sum(st.amount_raw), 0) FROM sweep_transactions st JOIN sweeps s ON s.id = st.sweep_id
           WHERE st.from_address = a.address AND st.status = 'confirmed' AND ((st.kind = 'transfer' AND s.currency = 'TRX') OR st.kind = 'reclaim'))
        - (SELECT coalesce(sum(st.fee_sun), 0) FROM sweep_transactions st
           WHERE st.from_address = a.address AND st.status IN ('confirmed', 'failed')))::text AS trx
    FROM addresses a`;
}

/**
 * Compares every deposit address with the chain: a difference opens (or keeps open) a flag for the
 * operators with the address, its player and both figures; an address found right again closes its flag.
 */
export async function reconcileAddresses(services: RoundServices): Promise<{ checked: number; differences: number }> {
  const { db, wallet } = services;
  const expected = await rowsOf<{ address: string; user_id: string | null; usdt: string; trx: string }>(db, expectedBalances());
  for (const row of expected) {
    const actual = await wallet.gateway.balances(row.address);
    for (const [currency, want, have] of [
      ['USDT', BigInt(row.usdt), actual.usdtMicro],
      ['TRX', BigInt(row.trx), actual.trxSun],
    ] as const) {
      if (want === have) {
        await db.execute(sql`UPDATE treasury_flags SET resolved_at = now() WHERE address = ${row.address} AND currency = ${currency} AND resolved_at IS NULL`);
        continue;
      }
      services.log.warn({ address: row.address, currency, expected: want.toString(), actual: have.toString() }, 'a deposit address differs from its records');
      await db.execute(sql`
        INSERT INTO treasury_flags (address, user_id, currency, expected_raw, actual_raw)
        VALUES (${row.address}, ${row.user_id}::uuid, ${currency}, ${want.toString()}::bigint, ${have.toString()}::bigint)
        ON CONFLICT (address, currency) WHERE resolved_at IS NULL
        DO UPDATE SET expected_raw = EXCLUDED.expected_raw, actual_raw = EXCLUDED.actual_raw, last_at = now()`);
    }
  }
  const [open] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM treasury_flags WHERE resolved_at IS NULL`);
  return { checked: expected.length, differences: open?.n ?? 0 };
}

/** Today's figures kept for the Treasury page's picture over time (once per UTC day). */
export async function takeSnapshot(services: RoundServices, day: string): Promise<void> {
  const owed = await owes(services.db);
  const held = await holds(services.db, services.wallet.gateway, services.config.wallet.treasury.coldAddress);
  await services.db
    .insert(treasurySnapshots)
    .values({
      day,
      owesMicro: owed.totalMicro,
      holdsMicro: held.totalMicro,
      hotMicro: held.hot.usdtMicro,
      depositsMicro: held.depositAddresses.usdtMicro,
      coldMicro: held.cold?.usdtMicro ?? 0n,
    })
    .onConflictDoNothing();
}

/**
 * The treasury's daily round, asked for by every node as often as it likes: the first node to claim the
 * UTC day (one conditional update of chain_state) reconciles and takes the day's snapshot; every other
 * node, and every later call that day, does nothing. Null when the day was already taken.
 */
export async function treasuryRound(services: RoundServices, now = new Date()): Promise<ReconcileOutcome | null> {
  const day = now.toISOString().slice(0, 10);
  const { db } = services;
  await db.insert(chainState).values({ name: 'treasury_round', value: '' }).onConflictDoNothing();
  const [claimed] = await rowsOf<{ previous: string }>(
    db,
    sql`UPDATE chain_state SET value = ${day} WHERE name = 'treasury_round' AND value < ${day}
      RETURNING (SELECT value FROM chain_state WHERE name = 'treasury_round') AS previous`,
  );
  if (!claimed) return null;
  try {
    const { checked, differences } = await reconcileAddresses(services);
    await takeSnapshot(services, day);
    return { day, checked, differences };
  } catch (error) {
    // Give the day back, so the next round (here or on another node) tries again.
    await db.execute(sql`UPDATE chain_state SET value = ${claimed.previous} WHERE name = 'treasury_round' AND value = ${day}`);
    throw error;
  }
}
