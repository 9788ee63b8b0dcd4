import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * What the housekeeping round deletes (issue 37): rows that no read will ever accept again, and nothing
 * an audit, a security check or the money relies on. Every reader of these tables asks for
 * `expires_at > now()` (sessions.ts, games/store.ts's session checks, the reset route), so an expired row
 * answers exactly as a missing one does and needs no grace period.
 *
 * Kept on purpose, though they look alike: used operator recovery codes (at most ten per operator,
 * replaced at the next setup, and the record that a code was spent), searches (the game sweeper expires
 * them, refunding the bet in escrow), ended challenges, withdrawals' and sweeps' chain expiries (money
 * history), session_signals (the risk round drops them past their 90 days). Sign-in limits have no table:
 * their counts live in memory or in Redis with a TTL (http/attemptCounts.ts).
 *
 * Each batch is one statement, so its own short transaction: it locks at most `batch` rows, all of them
 * already dead, and skips any row another transaction holds (a logout, a password change) rather than
 * wait for it. Two nodes purging at once take disjoint rows. The rows are named by key through an array
 * (`= ANY (ARRAY(…))`): written `IN (SELECT … LIMIT n)`, PostgreSQL hash-joins the batch against a scan of
 * the whole table, every batch (43 ms against 4 ms a batch of 1,000 in 200,000 sessions). Sessions are
 * taken oldest first along sessions_expiry, so a batch reads only the rows it deletes.
 */
export const purges = {
  sessions: (batch: number) => sql`
    WITH gone AS (
      DELETE FROM sessions WHERE token_hash = ANY (ARRAY(
        SELECT token_hash FROM sessions WHERE expires_at <= now()
         ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED))
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  // A used token can never be used again (the reset route wants used_at IS NULL); deleting it at once
  // changes no answer. The table is small (one row per reset mail): no index is needed to find them.
  passwordResetTokens: (batch: number) => sql`
    WITH gone AS (
      DELETE FROM password_reset_tokens WHERE token_hash = ANY (ARRAY(
        SELECT token_hash FROM password_reset_tokens WHERE used_at IS NOT NULL OR expires_at <= now()
         LIMIT ${batch} FOR UPDATE SKIP LOCKED))
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
} satisfies Record<string, (batch: number) => SQL>;

export type PurgeKind = keyof typeof purges;
export const purgeKinds = Object.keys(purges) as PurgeKind[];

/** One batch: how many rows it deleted (fewer than `batch` means the table had no more). */
export async function purgeBatch(db: Queryable, kind: PurgeKind, batch: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, purges[kind](batch));
  return row?.n ?? 0;
}

export interface PurgeCount {
  deleted: number;
  batches: number;
}

/**
 * Batches until one deletes fewer than `batch` rows, or until `goOn` says stop (the node is closing:
 * what is left waits for the next round). Between batches nothing is held.
 */
export async function purgeAll(db: Queryable, kind: PurgeKind, batch: number, goOn: () => boolean = () => true): Promise<PurgeCount> {
  const count: PurgeCount = { deleted: 0, batches: 0 };
  while (goOn()) {
    const deleted = await purgeBatch(db, kind, batch);
    count.deleted += deleted;
    count.batches += 1;
    if (deleted < batch) break;
    // Back to the event loop between batches: an embedded PGlite answers in microtasks, so a loop of
    // awaited batches would otherwise keep every request of this node waiting until the round ended.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return count;
}

const LEASE = 'housekeeping_lease';

/**
 * The turn: one conditional upsert of a lease in chain_state (epoch milliseconds it runs until). The
 * node whose statement finds no lease, or a lapsed one, has the turn; a concurrent claim waits only for
 * that one statement's row lock, then sees the new lease and skips. Nothing is held while the batches
 * run, and a node killed mid-round leaves a lease that lapses by itself. Answers the lease, or null.
 */
async function claimTurn(db: Queryable, leaseMs: number): Promise<string | null> {
  const [claimed] = await rowsOf<{ value: string }>(
    db,
    sql`INSERT INTO chain_state (name, value)
        VALUES (${LEASE}, (floor(extract(epoch FROM clock_timestamp()) * 1000) + ${leaseMs})::bigint::text)
        ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value
         WHERE chain_state.value::bigint < floor(extract(epoch FROM clock_timestamp()) * 1000)
        RETURNING value`,
  );
  return claimed?.value ?? null;
}

/** Gives the turn back, if it is still this node's (a lapsed lease may have been claimed since). */
async function releaseTurn(db: Queryable, lease: string): Promise<void> {
  await db.execute(sql`UPDATE chain_state SET value = '0' WHERE name = ${LEASE} AND value = ${lease}`);
}

export type HousekeepingReport = Record<PurgeKind, PurgeCount>;

export interface RoundOptions {
  /** Rows per DELETE. */
  batch: number;
  /** How long the turn is this node's if it never gives it back (a round should end well within). */
  leaseMs: number;
  /** Checked between batches: false stops the round early. */
  goOn?: () => boolean;
}

/**
 * One housekeeping round, safe on every node at once: only the node that claims the turn purges, each
 * kind of expired row in turn, a batch at a time. Answers what it deleted, or null when another node had
 * the turn.
 */
export async function housekeepingRound(db: Queryable, { batch, leaseMs, goOn = () => true }: RoundOptions): Promise<HousekeepingReport | null> {
  const lease = await claimTurn(db, leaseMs);
  if (lease === null) return null;
  try {
    const report = {} as HousekeepingReport;
    for (const kind of purgeKinds) report[kind] = await purgeAll(db, kind, batch, goOn);
    return report;
  } finally {
    await releaseTurn(db, lease);
  }
}
