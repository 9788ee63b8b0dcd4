import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { sweepTransactions, sweeps } from '../db/schema.ts';
import type { TreasuryTxKind } from '../wallet/gateway.ts';
import { burnSun, delegationSunFor, TX_BYTES, SUN_PER_TRX } from '../wallet/tronCosts.ts';
import type { SweepRow, SweepTxRow, Treasury } from './context.ts';

/** One transaction a step wants sent: its kind in the sweep's record, the chain's kind, who signs, where it goes. */
export interface Action {
  kind: SweepTxRow['kind'];
  chainKind: TreasuryTxKind;
  signer: { address: string; key: Uint8Array };
  to: string;
  amount: bigint;
  feeLimitSun?: bigint;
}

/** TRX sent to activate an address that delegated energy will pay for: it keeps it for later bandwidth. */
const ACTIVATION_SUN = 100_000n;
/** Funding is rounded up to a tenth of a TRX. */
const FUND_STEP_SUN = 100_000n;
/** TRX left at an address after its sweep is returned to the hot wallet only past this (a transfer costs bandwidth). */
const RECLAIM_MIN_SUN = SUN_PER_TRX;
/** The most a sweep's USDT transfer may burn for energy. */
const TRANSFER_FEE_LIMIT_SUN = 30n * SUN_PER_TRX;

const roundUp = (value: bigint, step: bigint) => ((value + step - 1n) / step) * step;

/**
 * What the fund step still needs, read from the chain each time (so a treasury resuming after a crash
 * decides from what really happened): nothing once the address can pay its transfer; else activation,
 * energy delegated by the staking account, or TRX to burn when no stake can cover it.
 */
export async function fundingAction(treasury: Treasury, sweep: SweepRow): Promise<Action | null> {
  // A TRX sweep pays only bandwidth, out of what it moves.
  if (sweep.currency === 'TRX') return null;
  const { chain, keys } = treasury;
  const costs = await chain.costs();
  const account = await chain.account(sweep.address);
  const energy = await chain.usdtTransferEnergy(sweep.address, sweep.destination, sweep.amountRaw);
  const bytes = TX_BYTES.usdt;
  // An account that does not exist yet gets its free bandwidth on activation.
  const bandwidth = account.activated ? account.bandwidthAvailable : costs.freeBandwidth;
  const bandwidthBurn = burnSun(costs, { bytes, energy: 0n }, { bandwidth, energy: 0n });
  if (account.activated && account.energyAvailable >= energy && account.trxSun >= bandwidthBurn) return null;
  const hot = { address: keys.hot.address, key: keys.hot.key };
  const missingEnergy = energy - account.energyAvailable;
  const delegation = delegationSunFor(costs, missingEnergy);
  const canDelegate = keys.resource !== null && missingEnergy > 0n && (await chain.delegatableSun(keys.resource.address)) >= delegation;
  if (canDelegate && keys.resource) {
    if (!account.activated) return { kind: 'activate', chainKind: 'trx', signer: hot, to: sweep.address, amount: ACTIVATION_SUN + bandwidthBurn };
    if (account.trxSun < bandwidthBurn) return { kind: 'fund', chainKind: 'trx', signer: hot, to: sweep.address, amount: roundUp(bandwidthBurn - account.trxSun, FUND_STEP_SUN) };
    return { kind: 'delegate', chainKind: 'delegate', signer: keys.resource, to: sweep.address, amount: delegation };
  }
  const need = burnSun(costs, { bytes, energy }, { bandwidth, energy: account.energyAvailable });
  if (account.activated && account.trxSun >= need) return null;
  return { kind: account.activated ? 'fund' : 'activate', chainKind: 'trx', signer: hot, to: sweep.address, amount: roundUp(need - account.trxSun, FUND_STEP_SUN) };
}

/** The sweep's transfer itself, signed with the deposit address's own key. */
export function transferAction(treasury: Treasury, sweep: SweepRow): Action {
  const signer = { address: sweep.address, key: treasury.keys.depositKey(sweep.derivationIndex) };
  return sweep.currency === 'USDT'
    ? { kind: 'transfer', chainKind: 'usdt', signer, to: sweep.destination, amount: sweep.amountRaw, feeLimitSun: TRANSFER_FEE_LIMIT_SUN }
    : { kind: 'transfer', chainKind: 'trx', signer, to: sweep.destination, amount: sweep.amountRaw };
}

/**
 * After the transfer: the staking account takes its delegation back, and TRX left at the address (what
 * funding did not burn) goes back to the hot wallet. Null when there is nothing left to take back.
 */
export async function reclaimAction(treasury: Treasury, sweep: SweepRow): Promise<Action | null> {
  const { chain, keys } = treasury;
  if (keys.resource) {
    const delegated = await chain.delegatedSun(keys.resource.address, sweep.address);
    if (delegated > 0n) return { kind: 'undelegate', chainKind: 'undelegate', signer: keys.resource, to: sweep.address, amount: delegated };
  }
  const costs = await chain.costs();
  const account = await chain.account(sweep.address);
  const fee = burnSun(costs, { bytes: TX_BYTES.trx, energy: 0n }, { bandwidth: account.bandwidthAvailable, energy: 0n });
  const left = account.trxSun - fee;
  if (!account.activated || left < RECLAIM_MIN_SUN) return null;
  return { kind: 'reclaim', chainKind: 'trx', signer: { address: sweep.address, key: keys.depositKey(sweep.derivationIndex) }, to: keys.hot.address, amount: left };
}

/**
 * Signs an action and stores it before anything is sent: from then on this transaction (one id) is the
 * step's until the chain settles it, however often the treasury stops and starts.
 */
export async function signAndStore(treasury: Treasury, sweep: SweepRow, action: Action): Promise<SweepTxRow> {
  const signed = await treasury.chain.sign(action.signer.key, { kind: action.chainKind, to: action.to, amount: action.amount, ...(action.feeLimitSun ? { feeLimitSun: action.feeLimitSun } : {}) });
  const [row] = await treasury.db
    .insert(sweepTransactions)
    .values({
      sweepId: sweep.id,
      kind: action.kind,
      fromAddress: action.signer.address,
      toAddress: action.to,
      amountRaw: action.amount,
      txId: signed.txId,
      signedTx: signed.payload,
      expiresAt: signed.expiresAt,
    })
    .returning();
  if (!row) throw new Error('sweep transaction insert returned nothing');
  return row;
}

/**
 * Sends a stored transaction (again). Counted before it leaves, so a send whose answer never comes still
 * counts. A refusal settles it as failed only on its first send: once a copy may have reached a node, only
 * the chain's own word settles it.
 */
export async function send(treasury: Treasury, row: SweepTxRow): Promise<void> {
  const [counted] = await treasury.db
    .update(sweepTransactions)
    .set({ broadcasts: sql`${sweepTransactions.broadcasts} + 1` })
    .where(and(eq(sweepTransactions.id, row.id), eq(sweepTransactions.status, 'signed')))
    .returning({ broadcasts: sweepTransactions.broadcasts });
  if (!counted) return;
  try {
    const result = await treasury.chain.broadcast({ txId: row.txId, payload: row.signedTx, expiresAt: row.expiresAt });
    if (!result.accepted && counted.broadcasts === 1) {
      await treasury.db
        .update(sweepTransactions)
        .set({ status: 'failed', feeSun: 0n, energyUsed: 0n, settledAt: new Date() })
        .where(and(eq(sweepTransactions.id, row.id), eq(sweepTransactions.status, 'signed'), eq(sweepTransactions.broadcasts, 1)));
      treasury.log?.warn({ sweepId: row.sweepId, kind: row.kind, reason: result.reason }, 'sweep transaction refused by the chain');
    }
  } catch (error) {
    treasury.log?.warn({ sweepId: row.sweepId, kind: row.kind, err: error }, 'sweep transaction sent; outcome unknown');
  }
}

/**
 * The chain's word on a stored transaction: settled (confirmed or failed, with what it cost), still on
 * its way (sent again while it can still be mined), or expired for good.
 */
export async function settle(treasury: Treasury, row: SweepTxRow, now: Date): Promise<'pending' | 'confirmed' | 'failed' | 'expired'> {
  if (row.broadcasts === 0) {
    await send(treasury, row);
    return 'pending';
  }
  const info = await treasury.chain.transactionInfo(row.txId);
  if (info.status === 'confirmed' || info.status === 'failed') {
    await treasury.db
      .update(sweepTransactions)
      .set({ status: info.status, feeSun: info.feeSun, energyUsed: info.energyUsed, settledAt: new Date() })
      .where(and(eq(sweepTransactions.id, row.id), eq(sweepTransactions.status, 'signed')));
    return info.status;
  }
  if (info.status === 'pending') return 'pending';
  if (row.expiresAt.getTime() + treasury.expiryMarginMs >= now.getTime()) {
    if (row.expiresAt.getTime() >= now.getTime()) await send(treasury, row);
    return 'pending';
  }
  await treasury.db
    .update(sweepTransactions)
    .set({ status: 'expired', feeSun: 0n, energyUsed: 0n, settledAt: new Date() })
    .where(and(eq(sweepTransactions.id, row.id), eq(sweepTransactions.status, 'signed')));
  return 'expired';
}

export async function openTransaction(treasury: Treasury, sweepId: string): Promise<SweepTxRow | undefined> {
  const [row] = await treasury.db
    .select()
    .from(sweepTransactions)
    .where(and(eq(sweepTransactions.sweepId, sweepId), eq(sweepTransactions.status, 'signed')))
    .orderBy(asc(sweepTransactions.createdAt))
    .limit(1);
  return row;
}

export async function transactionsOf(treasury: Treasury, sweepId: string): Promise<SweepTxRow[]> {
  return treasury.db.select().from(sweepTransactions).where(eq(sweepTransactions.sweepId, sweepId)).orderBy(desc(sweepTransactions.createdAt));
}

export async function setStep(treasury: Treasury, sweep: SweepRow, step: SweepRow['step'], error?: string): Promise<SweepRow> {
  const finished = step === 'done' || step === 'failed';
  const [row] = await treasury.db
    .update(sweeps)
    .set({ step, ...(error ? { error } : {}), ...(finished ? { finishedAt: new Date(), leasedUntil: null } : {}) })
    .where(eq(sweeps.id, sweep.id))
    .returning();
  return row ?? sweep;
}
