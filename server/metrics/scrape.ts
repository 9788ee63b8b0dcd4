import { sql } from 'drizzle-orm';
import { gameModes } from '../../protocol/constants.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Database } from '../db/client.ts';
import type { RedisLink } from '../redis.ts';
import type { Metrics } from './metrics.ts';

/**
 * The figures read when Prometheus scrapes, not kept up on the players' paths: what the database holds
 * (running games, the queues, money waiting) in one statement per scrape, and what the process can
 * tell at once (sockets, the pool, Redis). The statement's counts go through partial indexes
 * (games_running, deposits_pending, withdrawals_open / withdrawals_status) over rows that are running
 * or waiting, so its cost follows what is in flight, not the history.
 */

export interface ScrapeSources {
  database: Database;
  /** Clients connected to this node's Socket.IO server now. */
  socketCount: () => number;
  redis: RedisLink | null;
  /** Whose cached chain balance (chain_balances) is the hot wallet's. */
  hotWalletAddress: string;
}

/** A scrape answers with what the process knows even when the database is slow: its figures wait this long. */
const DATABASE_WAIT_MS = 2_000;

const OPEN_WITHDRAWAL_STATES = ['review', 'pending', 'sending'] as const;

interface Snapshot {
  running: [string, number][] | string;
  searchers: [string, string, number][] | string;
  withdrawals: [string, number][] | string;
  oldest_deposit: number | null;
  oldest_withdrawal: number | null;
  /** [micro-USDT, sun, age in seconds] of the hot wallet's cached balance; null when never read. */
  hot: [string, string, number] | string | null;
  /** [owed micro-USDT, held micro-USDT, age in seconds] of the latest treasury snapshot; null when none. */
  treasury: [string, string, number] | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

async function readSnapshot(database: Database, hotWalletAddress: string): Promise<Snapshot> {
  const result = (await database.db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(game_mode, n)), '[]'::json)
         FROM (SELECT game_mode, count(*)::int AS n FROM games WHERE status = 'in-progress' GROUP BY game_mode) g) AS running,
      (SELECT coalesce(json_agg(json_build_array(game_mode, bet_micro::text, n)), '[]'::json)
         FROM (SELECT game_mode, bet_micro, count(*)::int AS n FROM searches WHERE rematch_of IS NULL GROUP BY game_mode, bet_micro) s) AS searchers,
      (SELECT coalesce(json_agg(json_build_array(status, n)), '[]'::json)
         FROM (SELECT status, count(*)::int AS n FROM withdrawals WHERE status IN ('review', 'pending', 'sending') GROUP BY status) w) AS withdrawals,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM deposits WHERE status = 'pending') AS oldest_deposit,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM withdrawals WHERE status IN ('review', 'pending', 'sending')) AS oldest_withdrawal,
      (SELECT json_build_array(usdt_micro::text, trx_sun::text, extract(epoch FROM now() - refreshed_at)::float8)
         FROM chain_balances WHERE address = ${hotWalletAddress}) AS hot,
      (SELECT json_build_array(owes_micro::text, holds_micro::text, extract(epoch FROM now() - taken_at)::float8)
         FROM treasury_snapshots ORDER BY day DESC LIMIT 1) AS treasury
  `)) as unknown as { rows: Snapshot[] };
  const [row] = result.rows;
  if (!row) throw new Error('the metrics snapshot returned no row');
  return row;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Sets the scrape-time gauges; a database that cannot answer leaves its gauges empty and counts a failure. */
export async function refreshScraped(metrics: Metrics, sources: ScrapeSources, warn: (error: unknown) => void): Promise<void> {
  const g = metrics.scraped;
  g.socketConnections.set(sources.socketCount());
  const pool = sources.database.pool?.();
  if (pool) {
    g.poolInUse?.set(pool.inUse);
    g.poolWaiting?.set(pool.waiting);
  }
  // No round trip: ioredis says whether its connection is up.
  if (sources.redis) g.redisUp?.set(sources.redis.client.status === 'ready' ? 1 : 0);

  // Reset first: a queue that emptied, or a state nobody is in, must not keep its last value.
  for (const gauge of [g.gamesRunning, g.searchers, g.withdrawalsOpen, g.oldestPendingDeposit, g.oldestOpenWithdrawal]) gauge.reset();
  // Unlabelled gauges read 0 after a reset; these are absent instead until read, as a 0 balance would alert.
  for (const gauge of [g.hotWalletUsdt, g.hotWalletTrx, g.hotWalletAge, g.treasuryCoverage, g.treasuryAge]) gauge.remove();
  let snapshot: Snapshot;
  try {
    snapshot = await withDeadline(readSnapshot(sources.database, sources.hotWalletAddress), DATABASE_WAIT_MS);
  } catch (error) {
    g.collectFailures.inc();
    warn(error);
    return;
  }
  // Every mode and open state is present, at 0 when idle, so "absent" only ever means "not read".
  for (const mode of gameModes) g.gamesRunning.set({ mode }, 0);
  for (const [mode, n] of json(snapshot.running)) g.gamesRunning.set({ mode }, n);
  for (const [mode, bet, n] of json(snapshot.searchers)) g.searchers.set({ mode, bet: String(microToUsdt(BigInt(bet))) }, n);
  for (const state of OPEN_WITHDRAWAL_STATES) g.withdrawalsOpen.set({ state }, 0);
  for (const [state, n] of json(snapshot.withdrawals)) g.withdrawalsOpen.set({ state }, n);
  g.oldestPendingDeposit.set(Math.max(0, snapshot.oldest_deposit ?? 0));
  g.oldestOpenWithdrawal.set(Math.max(0, snapshot.oldest_withdrawal ?? 0));
  if (snapshot.hot !== null) {
    const [usdtMicro, trxSun, age] = json(snapshot.hot);
    g.hotWalletUsdt.set(microToUsdt(BigInt(usdtMicro)));
    g.hotWalletTrx.set(Number(trxSun) / 1_000_000);
    g.hotWalletAge.set(Math.max(0, age));
  }
  if (snapshot.treasury !== null) {
    const [owesMicro, holdsMicro, age] = json(snapshot.treasury);
    if (BigInt(owesMicro) > 0n) g.treasuryCoverage.set(Number(holdsMicro) / Number(owesMicro));
    g.treasuryAge.set(Math.max(0, age));
  }
}
