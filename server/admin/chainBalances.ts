import { sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { chainBalances } from '../db/schema.ts';

/**
 * Refreshes the cached on-chain balances of the hot wallet, every round, and of the deposit addresses
 * that were read longest ago (never read first), a few per round, so the users page shows chain balances
 * without waiting on the chain, and the metrics (duel_hot_wallet_usdt) read the hot wallet's from the
 * database at scrape, never from the chain. The hot wallet is no deposit address: the queries over
 * deposit addresses' balances join deposit_addresses, so its row is left out of them.
 */
export async function refreshChainBalances(services: Pick<Services, 'db' | 'wallet' | 'log'>, batch = 20): Promise<number> {
  const stale = ((await services.db.execute(sql`
    SELECT da.address FROM deposit_addresses da
    LEFT JOIN chain_balances cb ON cb.address = da.address
    ORDER BY cb.refreshed_at ASC NULLS FIRST
    LIMIT ${batch}`)) as unknown as { rows: { address: string }[] }).rows;
  return refreshAddresses(services, [services.wallet.gateway.hotWalletAddress(), ...stale.map((row) => row.address)]);
}

/**
 * Reads again the addresses whose balance may have changed since it was read: a deposit newer than the
 * reading, or a sweep still open. The treasury's figures read these first, so what the house holds is
 * not short by a deposit the ledger already owes.
 */
export async function refreshChangedAddresses(services: Pick<Services, 'db' | 'wallet' | 'log'>, batch = 100): Promise<number> {
  const changed = ((await services.db.execute(sql`
    SELECT address FROM (
      SELECT DISTINCT d.address FROM deposits d LEFT JOIN chain_balances cb ON cb.address = d.address
        WHERE cb.refreshed_at IS NULL OR d.created_at >= cb.refreshed_at
      UNION SELECT address FROM sweeps WHERE step NOT IN ('done', 'failed')
    ) AS changed LIMIT ${batch}`)) as unknown as { rows: { address: string }[] }).rows;
  return refreshAddresses(services, changed.map((row) => row.address));
}

/** Keeps what the chain just said an address holds (the users page's and the Treasury page's cache). */
export async function saveChainBalance(db: Queryable, address: string, { usdtMicro, trxSun }: { usdtMicro: bigint; trxSun: bigint }): Promise<void> {
  const refreshedAt = new Date();
  await db
    .insert(chainBalances)
    .values({ address, usdtMicro, trxSun, refreshedAt })
    .onConflictDoUpdate({ target: chainBalances.address, set: { usdtMicro, trxSun, refreshedAt } });
}

async function refreshAddresses(services: Pick<Services, 'db' | 'wallet' | 'log'>, stale: string[]): Promise<number> {
  let refreshed = 0;
  for (const address of stale) {
    try {
      await saveChainBalance(services.db, address, await services.wallet.gateway.balances(address));
      refreshed += 1;
    } catch (error) {
      services.log.warn({ err: error, address }, 'chain balance refresh failed');
    }
  }
  return refreshed;
}
