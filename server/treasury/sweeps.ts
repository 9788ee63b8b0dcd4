import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { saveChainBalance } from '../admin/chainBalances.ts';
import { sweeps, withdrawals } from '../db/schema.ts';
import { rowsOf } from '../db/rows.ts';
import { SUN_PER_TRX, TX_BYTES, burnSun } from '../wallet/tronCosts.ts';
import type { SweepRow, Treasury } from './context.ts';
import { fundingAction, openTransaction, reclaimAction, send, setStep, settle, signAndStore, transferAction, transactionsOf } from './steps.ts';

/** How long an address whose sweep failed waits before another. */
const FAILED_SWEEP_BACKOFF = sql`interval '1 hour'`;
/** Addresses looked at in one pass (the rest wait for the next). */
const CANDIDATES_PER_PASS = 200;
/** Failed transactions a sweep tolerates before it gives up (after taking back what it lent). */
const MAX_FAILED_TRANSACTIONS = 3;
/** Steps one sweep may take in one visit before it waits for the chain. */
const STEPS_PER_VISIT = 8;

export interface SweepReport {
  id: string;
  address: string;
  currency: 'USDT' | 'TRX';
  amountRaw: bigint;
  destinationKind: 'hot' | 'cold';
  step: SweepRow['step'];
  transactions: number;
  feeSun: bigint;
  energyUsed: bigint;
  error: string | null;
}

/**
 * Deposit addresses with deposits since their last finished sweep (or never swept), and no sweep open;
 * one whose sweep failed in the last hour waits (a failure an operator must look at is not retried
 * every pass, each paying fees). Those read from the chain longest ago come first, so addresses holding
 * less than the minimum (dust, on purpose or not) never keep the others from being looked at.
 */
async function candidates(treasury: Treasury): Promise<{ address: string; index: number }[]> {
  return rowsOf<{ address: string; index: number }>(
    treasury.db,
    sql`SELECT da.address, da.derivation_index AS index FROM deposit_addresses da
      LEFT JOIN chain_balances cb ON cb.address = da.address
      WHERE EXISTS (
        SELECT 1 FROM deposits d WHERE d.address = da.address
          AND d.created_at > coalesce((SELECT max(s.created_at) FROM sweeps s WHERE s.address = da.address AND s.step = 'done'), '-infinity'::timestamptz))
        AND NOT EXISTS (SELECT 1 FROM sweeps s WHERE s.address = da.address AND s.step NOT IN ('done', 'failed'))
        AND NOT EXISTS (SELECT 1 FROM sweeps s WHERE s.address = da.address AND s.step = 'failed' AND s.finished_at > now() - ${FAILED_SWEEP_BACKOFF})
      ORDER BY cb.refreshed_at ASC NULLS FIRST, da.derivation_index
      LIMIT ${CANDIDATES_PER_PASS}`,
  );
}

/** micro-USDT the hot wallet should receive: up to its target, plus what waiting withdrawals need, less what open sweeps bring. */
async function hotWalletShortfall(treasury: Treasury): Promise<bigint> {
  const [waiting] = await rowsOf<{ micro: string }>(
    treasury.db,
    sql`SELECT coalesce(sum(amount_micro - fee_micro), 0)::text AS micro FROM withdrawals WHERE status = 'pending'`,
  );
  const [coming] = await rowsOf<{ micro: string }>(
    treasury.db,
    sql`SELECT coalesce(sum(amount_raw), 0)::text AS micro FROM sweeps WHERE destination_kind = 'hot' AND currency = 'USDT' AND step IN ('fund', 'transfer')`,
  );
  const hot = await treasury.chain.balances(treasury.keys.hot.address);
  return treasury.config.hotWalletTargetMicro + BigInt(waiting?.micro ?? '0') - hot.usdtMicro - BigInt(coming?.micro ?? '0');
}

/**
 * Opens sweeps for the addresses worth it: USDT of at least SWEEP_MIN_USDT (to the hot wallet while it
 * is below its target and waiting withdrawals are not covered, largest first; then to the cold address
 * when there is one), or TRX worth that much (to the hot wallet, which pays the fees). An address already
 * being swept is skipped by the unique index, so two treasuries never open two sweeps of one address.
 */
export async function planSweeps(treasury: Treasury): Promise<number> {
  // A sweep counts as of before its balances were read: a deposit seen after that makes the address a
  // candidate again once this sweep is done (it moves only what was read).
  const readAt = new Date();
  const found = await candidates(treasury);
  if (found.length === 0) return 0;
  const costs = await treasury.chain.costs();
  const seen: { address: string; index: number; usdtMicro: bigint; trxSun: bigint }[] = [];
  for (const candidate of found) {
    const balances = await treasury.chain.balances(candidate.address);
    seen.push({ ...candidate, ...balances });
    await saveChainBalance(treasury.db, candidate.address, balances);
  }
  let shortfall = await hotWalletShortfall(treasury);
  const { sweepMinMicro, coldAddress } = treasury.config;
  const hot = treasury.keys.hot.address;
  const planned: (typeof sweeps.$inferInsert)[] = [];
  for (const address of seen.filter((a) => a.usdtMicro >= sweepMinMicro).sort((a, b) => (b.usdtMicro > a.usdtMicro ? 1 : -1))) {
    const toHot = !coldAddress || shortfall > 0n;
    if (toHot) shortfall -= address.usdtMicro;
    planned.push({
      address: address.address,
      derivationIndex: address.index,
      currency: 'USDT',
      amountRaw: address.usdtMicro,
      destination: toHot ? hot : (coldAddress as string),
      destinationKind: toHot ? 'hot' : 'cold',
    });
  }
  for (const address of seen.filter((a) => a.usdtMicro < sweepMinMicro)) {
    // A TRX deposit, worth the minimum at the rate it was credited: all of it but the transfer's bandwidth.
    const fee = burnSun(costs, { bytes: TX_BYTES.trx, energy: 0n }, { bandwidth: 0n, energy: 0n });
    const amount = address.trxSun - fee;
    if (amount <= 0n || (amount * treasury.trxRateMicro) / SUN_PER_TRX < sweepMinMicro) continue;
    planned.push({ address: address.address, derivationIndex: address.index, currency: 'TRX', amountRaw: amount, destination: hot, destinationKind: 'hot' });
  }
  let opened = 0;
  for (const values of planned) {
    const inserted = await rowsOf<{ id: string }>(
      treasury.db,
      sql`INSERT INTO sweeps (address, derivation_index, currency, amount_raw, destination, destination_kind, created_at)
        VALUES (${values.address}, ${values.derivationIndex}, ${values.currency}, ${(values.amountRaw as bigint).toString()}::bigint, ${values.destination}, ${values.destinationKind}, ${readAt.toISOString()}::timestamptz)
        ON CONFLICT (address) WHERE step NOT IN ('done', 'failed') DO NOTHING
        RETURNING id`,
    );
    opened += inserted.length;
  }
  return opened;
}

/** Held leases, by sweep: the value each treasury last wrote, which only it can renew or clear. */
const heldLeases = new WeakMap<Treasury, Map<string, Date>>();
const leasesOf = (treasury: Treasury) => {
  let held = heldLeases.get(treasury);
  if (!held) heldLeases.set(treasury, (held = new Map()));
  return held;
};

/** Extends this treasury's lease on a sweep; false when it is no longer this treasury's (it ran out and another took it). */
async function renewLease(treasury: Treasury, sweep: SweepRow): Promise<boolean> {
  const held = leasesOf(treasury).get(sweep.id);
  if (!held) return false;
  const next = new Date(Math.max(Date.now() + treasury.leaseMs, held.getTime() + 1));
  const [renewed] = await treasury.db
    .update(sweeps)
    .set({ leasedUntil: next })
    .where(and(eq(sweeps.id, sweep.id), eq(sweeps.leasedUntil, held)))
    .returning({ id: sweeps.id });
  if (!renewed) {
    leasesOf(treasury).delete(sweep.id);
    return false;
  }
  leasesOf(treasury).set(sweep.id, next);
  return true;
}

/** Lets a sweep go at once after a visit, if the lease is still this treasury's. */
async function releaseLease(treasury: Treasury, sweepId: string): Promise<void> {
  const held = leasesOf(treasury).get(sweepId);
  leasesOf(treasury).delete(sweepId);
  if (held) await treasury.db.update(sweeps).set({ leasedUntil: null }).where(and(eq(sweeps.id, sweepId), eq(sweeps.leasedUntil, held)));
}

/** Takes the next open sweep no other treasury holds (sweeps to the hot wallet first), for leaseMs. */
async function leaseNext(treasury: Treasury, exclude: string[]): Promise<SweepRow | null> {
  return treasury.db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(sweeps)
      .where(
        and(
          inArray(sweeps.step, ['fund', 'transfer', 'reclaim']),
          or(isNull(sweeps.leasedUntil), lt(sweeps.leasedUntil, new Date())),
          exclude.length ? sql`${sweeps.id} NOT IN (${sql.join(exclude.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
        ),
      )
      .orderBy(sql`${sweeps.destinationKind} = 'hot' DESC`, asc(sweeps.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const until = new Date(Date.now() + treasury.leaseMs);
    const [leased] = await tx.update(sweeps).set({ leasedUntil: until }).where(eq(sweeps.id, next.id)).returning();
    if (leased) leasesOf(treasury).set(leased.id, until);
    return leased ?? null;
  });
}

/**
 * Moves one sweep on as far as the chain allows now: settles its open transaction, then decides the
 * next one from the chain's state (never from memory of what was meant), signs and stores it, and sends
 * it. Returns when it must wait for a block, or when the sweep is finished.
 */
export async function advanceSweep(treasury: Treasury, leased: SweepRow, now = new Date()): Promise<SweepRow> {
  let sweep = leased;
  for (let visit = 0; visit < STEPS_PER_VISIT; visit += 1) {
    // Each step under a lease still ours: a visit slower than the lease stops, and never overlaps another treasury's.
    if (!(await renewLease(treasury, sweep))) return sweep;
    const open = await openTransaction(treasury, sweep.id);
    if (open) {
      const outcome = await settle(treasury, open, now);
      if (outcome === 'pending') return sweep;
      if (outcome === 'failed' && open.kind === 'transfer') {
        sweep = await setStep(treasury, sweep, 'reclaim', 'the transfer failed on chain');
      }
      continue;
    }
    const failures = (await transactionsOf(treasury, sweep.id)).filter((tx) => tx.status === 'failed').length;
    if (failures >= MAX_FAILED_TRANSACTIONS && sweep.step !== 'reclaim') {
      sweep = await setStep(treasury, sweep, 'reclaim', `gave up after ${failures} failed transactions`);
      continue;
    }
    if (sweep.step === 'fund') {
      const action = await fundingAction(treasury, sweep);
      if (!action) {
        sweep = await setStep(treasury, sweep, 'transfer');
        continue;
      }
      await send(treasury, await signAndStore(treasury, sweep, action));
      continue;
    }
    if (sweep.step === 'transfer') {
      const done = (await transactionsOf(treasury, sweep.id)).some((tx) => tx.kind === 'transfer' && tx.status === 'confirmed');
      if (done) {
        sweep = await setStep(treasury, sweep, 'reclaim');
        continue;
      }
      await send(treasury, await signAndStore(treasury, sweep, transferAction(treasury, sweep)));
      continue;
    }
    if (sweep.step === 'reclaim') {
      const action = failures >= MAX_FAILED_TRANSACTIONS * 2 ? null : await reclaimAction(treasury, sweep);
      if (action) {
        await send(treasury, await signAndStore(treasury, sweep, action));
        continue;
      }
      sweep = await setStep(treasury, sweep, sweep.error ? 'failed' : 'done');
      await saveChainBalance(treasury.db, sweep.address, await treasury.chain.balances(sweep.address));
      treasury.log?.info({ sweepId: sweep.id, address: sweep.address, step: sweep.step }, 'sweep finished');
      return sweep;
    }
    return sweep;
  }
  return sweep;
}

async function report(treasury: Treasury, sweep: SweepRow): Promise<SweepReport> {
  const txs = await transactionsOf(treasury, sweep.id);
  return {
    id: sweep.id,
    address: sweep.address,
    currency: sweep.currency,
    amountRaw: sweep.amountRaw,
    destinationKind: sweep.destinationKind,
    step: sweep.step,
    transactions: txs.length,
    feeSun: txs.reduce((sum, tx) => sum + (tx.feeSun ?? 0n), 0n),
    energyUsed: txs.reduce((sum, tx) => sum + (tx.energyUsed ?? 0n), 0n),
    error: sweep.error,
  };
}

/**
 * One treasury pass: opens the sweeps worth making (unless `plan` is false: then it only finishes what
 * is open), then moves every open sweep (its own and ones a stopped treasury left) as far as the chain
 * allows now, each under a lease so two treasuries never work on one sweep at once. What it touched, for
 * the operator.
 */
export async function sweepPass(treasury: Treasury, { plan = true, now = new Date() }: { plan?: boolean; now?: Date } = {}): Promise<SweepReport[]> {
  if (plan) await planSweeps(treasury);
  const touched: SweepReport[] = [];
  const visited: string[] = [];
  for (;;) {
    const sweep = await leaseNext(treasury, visited);
    if (!sweep) break;
    visited.push(sweep.id);
    try {
      const after = await advanceSweep(treasury, sweep, now);
      touched.push(await report(treasury, after));
      await releaseLease(treasury, sweep.id);
    } catch (error) {
      // The chain erred (or this process is going down): the lease stays until it runs out, so this sweep
      // is tried again then, and the pass goes on with the others.
      leasesOf(treasury).delete(sweep.id);
      treasury.log?.warn({ err: error, sweepId: sweep.id }, 'sweep step failed; it waits for its lease to run out');
    }
  }
  return touched;
}

/** Withdrawals waiting for the hot wallet to be funded (operators see them as "waiting for funds"). */
export async function waitingWithdrawals(treasury: Pick<Treasury, 'db'>): Promise<{ count: number; micro: bigint }> {
  const [row] = await treasury.db
    .select({ count: sql<number>`count(*)::int`, micro: sql<string>`coalesce(sum(${withdrawals.amountMicro} - ${withdrawals.feeMicro}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'pending'), sql`${withdrawals.waitingFundsSince} IS NOT NULL`));
  return { count: row?.count ?? 0, micro: BigInt(row?.micro ?? '0') };
}
