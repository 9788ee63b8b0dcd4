import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { SUN_PER_TRX, type TronCosts } from './tronCosts.ts';

/** Where the devchain's burned fees go, as TRON's black-hole address. */
export const BLACK_HOLE = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

async function one<Row>(db: Queryable, query: ReturnType<typeof sql>): Promise<Row> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows[0] as Row;
}

/** An account's balances: what came in less what went out, fees included (burns are transfers out). */
export async function balancesOf(db: Queryable, address: string): Promise<{ usdtMicro: bigint; trxSun: bigint }> {
  const row = await one<{ usdt: string; trx: string }>(
    db,
    sql`SELECT
      coalesce(sum(CASE WHEN currency = 'USDT' THEN (CASE WHEN to_address = ${address} THEN amount_raw ELSE 0 END) - (CASE WHEN from_address = ${address} THEN amount_raw ELSE 0 END) END), 0)::text AS usdt,
      coalesce(sum(CASE WHEN currency = 'TRX' THEN (CASE WHEN to_address = ${address} THEN amount_raw ELSE 0 END) - (CASE WHEN from_address = ${address} THEN amount_raw ELSE 0 END) END), 0)::text AS trx
    FROM devchain_transfers WHERE to_address = ${address} OR from_address = ${address}`,
  );
  return { usdtMicro: BigInt(row.usdt), trxSun: BigInt(row.trx) };
}

/** TRON creates an account when TRX first reaches it; tokens alone do not. */
export async function isActivated(db: Queryable, address: string): Promise<boolean> {
  const row = await one<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM devchain_transfers WHERE to_address = ${address} AND currency = 'TRX') AS found`);
  return row.found;
}

/** Sun staked by an account (genesis stakes), delegated by it, and delegated to it, from SUCCESS transactions. */
export async function stakeOf(db: Queryable, address: string): Promise<{ stakedSun: bigint; delegatedOutSun: bigint; delegatedInSun: bigint }> {
  const row = await one<{ staked: string; out: string; in: string }>(
    db,
    sql`SELECT
      coalesce(sum(CASE WHEN kind = 'stake' AND owner_address = ${address} THEN amount_raw ELSE 0 END), 0)::text AS staked,
      coalesce(sum(CASE WHEN owner_address = ${address} AND kind = 'delegate' THEN amount_raw WHEN owner_address = ${address} AND kind = 'undelegate' THEN -amount_raw ELSE 0 END), 0)::text AS out,
      coalesce(sum(CASE WHEN to_address = ${address} AND kind = 'delegate' THEN amount_raw WHEN to_address = ${address} AND kind = 'undelegate' THEN -amount_raw ELSE 0 END), 0)::text AS in
    FROM devchain_transactions
    WHERE (owner_address = ${address} OR to_address = ${address}) AND kind IN ('stake', 'delegate', 'undelegate') AND result = 'SUCCESS'`,
  );
  return { stakedSun: BigInt(row.staked), delegatedOutSun: BigInt(row.out), delegatedInSun: BigInt(row.in) };
}

export async function delegatedBetween(db: Queryable, staker: string, receiver: string): Promise<bigint> {
  const row = await one<{ sun: string }>(
    db,
    sql`SELECT coalesce(sum(CASE WHEN kind = 'delegate' THEN amount_raw ELSE -amount_raw END), 0)::text AS sun
    FROM devchain_transactions
    WHERE owner_address = ${staker} AND to_address = ${receiver} AND kind IN ('delegate', 'undelegate') AND result = 'SUCCESS'`,
  );
  return BigInt(row.sun);
}

/**
 * Resources an account used in the last day: energy its delegations paid for, free bandwidth, and the
 * energy paid by a staker's delegations (which comes back to the staker a day later, as on TRON).
 */
export async function usedToday(db: Queryable, address: string, sinceBlock: number): Promise<{ energy: bigint; bandwidth: bigint; stakerEnergy: bigint }> {
  const row = await one<{ energy: string; bandwidth: string; staker: string }>(
    db,
    sql`SELECT
      coalesce(sum(CASE WHEN owner_address = ${address} THEN energy_usage ELSE 0 END), 0)::text AS energy,
      coalesce(sum(CASE WHEN owner_address = ${address} THEN net_usage ELSE 0 END), 0)::text AS bandwidth,
      coalesce(sum(CASE WHEN energy_staker = ${address} THEN energy_usage ELSE 0 END), 0)::text AS staker
    FROM devchain_transactions
    WHERE (owner_address = ${address} OR energy_staker = ${address}) AND block_number >= ${sinceBlock}`,
  );
  return { energy: BigInt(row.energy), bandwidth: BigInt(row.bandwidth), stakerEnergy: BigInt(row.staker) };
}

/** The staking account that delegated the most to `receiver` (whose energy the receiver spends first). */
export async function mainDelegator(db: Queryable, receiver: string): Promise<string | null> {
  const { rows } = (await db.execute(sql`
    SELECT owner_address FROM devchain_transactions
    WHERE to_address = ${receiver} AND kind IN ('delegate', 'undelegate') AND result = 'SUCCESS'
    GROUP BY owner_address
    HAVING sum(CASE WHEN kind = 'delegate' THEN amount_raw ELSE -amount_raw END) > 0
    ORDER BY sum(CASE WHEN kind = 'delegate' THEN amount_raw ELSE -amount_raw END) DESC LIMIT 1`)) as unknown as { rows: { owner_address: string }[] };
  return rows[0]?.owner_address ?? null;
}

export function energyOfSun(costs: TronCosts, sun: bigint): bigint {
  return (sun * costs.energyPerStakedTrx) / SUN_PER_TRX;
}
