import { microToUsdt } from '../../protocol/money.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { ChainGateway, TreasuryChain } from '../wallet/gateway.ts';
import { SUN_PER_TRX } from '../wallet/tronCosts.ts';

/** The staking account's energy below this (a few dozen sweeps) is a warning. */
export const LOW_STAKE_ENERGY = 1_000_000n;

export interface Owes {
  /** Players' balances. */
  balancesMicro: bigint;
  /** Referral rewards not yet claimed. */
  rewardsMicro: bigint;
  /** Bets of searches and running games. */
  escrowMicro: bigint;
  /** Withdrawals asked for and not yet final (in review, pending, on their way). */
  withdrawalsMicro: bigint;
  totalMicro: bigint;
}

/** What the house owes its players, from the ledger alone. */
export async function owes(db: Db): Promise<Owes> {
  const rows = await rowsOf<{ kind: string; micro: string }>(
    db,
    sql`SELECT kind, coalesce(sum(balance_micro), 0)::text AS micro FROM accounts
      WHERE kind IN ('user', 'rewards', 'escrow', 'withdrawal_hold') GROUP BY kind`,
  );
  const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.micro ?? '0');
  const figures = { balancesMicro: of('user'), rewardsMicro: of('rewards'), escrowMicro: of('escrow'), withdrawalsMicro: of('withdrawal_hold') };
  return { ...figures, totalMicro: figures.balancesMicro + figures.rewardsMicro + figures.escrowMicro + figures.withdrawalsMicro };
}

export interface Holds {
  hot: { address: string; usdtMicro: bigint; trxSun: bigint; energy: bigint; bandwidth: bigint };
  /** Deposit addresses' balances as last read from the chain (every address with a deposit newer than its reading is read first). */
  depositAddresses: { usdtMicro: bigint; trxSun: bigint; count: number };
  cold: { address: string; usdtMicro: bigint } | null;
  /** USDT of sweep transfers signed and not yet final: already counted where the chain shows it (address or destination). */
  inFlightMicro: bigint;
  totalMicro: bigint;
}

export async function holds(db: Db, chain: ChainGateway & Partial<TreasuryChain>, coldAddress: string | undefined): Promise<Holds> {
  const hotAddress = chain.hotWalletAddress();
  const hotFunds = await chain.balances(hotAddress);
  const hotAccount = chain.account ? await chain.account(hotAddress) : null;
  const [deposits] = await rowsOf<{ usdt: string; trx: string; count: number }>(
    db,
    sql`SELECT coalesce(sum(cb.usdt_micro), 0)::text AS usdt, coalesce(sum(cb.trx_sun), 0)::text AS trx,
        count(*) FILTER (WHERE cb.usdt_micro > 0 OR cb.trx_sun > 0)::int AS count
      FROM chain_balances cb JOIN deposit_addresses da ON da.address = cb.address`,
  );
  const cold = coldAddress ? { address: coldAddress, usdtMicro: (await chain.balances(coldAddress)).usdtMicro } : null;
  const [inFlight] = await rowsOf<{ micro: string }>(
    db,
    sql`SELECT coalesce(sum(st.amount_raw), 0)::text AS micro FROM sweep_transactions st JOIN sweeps s ON s.id = st.sweep_id
      WHERE st.kind = 'transfer' AND st.status = 'signed' AND s.currency = 'USDT'`,
  );
  const depositUsdt = BigInt(deposits?.usdt ?? '0');
  return {
    hot: { address: hotAddress, usdtMicro: hotFunds.usdtMicro, trxSun: hotFunds.trxSun, energy: hotAccount?.energyAvailable ?? 0n, bandwidth: hotAccount?.bandwidthAvailable ?? 0n },
    depositAddresses: { usdtMicro: depositUsdt, trxSun: BigInt(deposits?.trx ?? '0'), count: deposits?.count ?? 0 },
    cold,
    inFlightMicro: BigInt(inFlight?.micro ?? '0'),
    totalMicro: hotFunds.usdtMicro + depositUsdt + (cold?.usdtMicro ?? 0n),
  };
}

export interface FeeFigures {
  withdrawals: { count: number; feeSun: bigint; energy: bigint };
  sweeps: { count: number; feeSun: bigint; energy: bigint };
  /** The 1.5 USDT fees players paid on withdrawals completed in the range. */
  collectedMicro: bigint;
}

/** TRX burned and energy used by the chain transactions of withdrawals and sweeps in [from, to), against the fees collected. */
export async function fees(db: Db, from: Date, to: Date): Promise<FeeFigures> {
  const [withdrawn] = await rowsOf<{ count: number; fee: string; energy: string; collected: string }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(chain_fee_sun), 0)::text AS fee, coalesce(sum(energy_used), 0)::text AS energy,
        coalesce(sum(fee_micro), 0)::text AS collected
      FROM withdrawals WHERE status = 'completed' AND finished_at >= ${from.toISOString()}::timestamptz AND finished_at < ${to.toISOString()}::timestamptz`,
  );
  const [swept] = await rowsOf<{ count: number; fee: string; energy: string }>(
    db,
    sql`SELECT count(DISTINCT sweep_id)::int AS count, coalesce(sum(fee_sun), 0)::text AS fee, coalesce(sum(energy_used), 0)::text AS energy
      FROM sweep_transactions WHERE settled_at >= ${from.toISOString()}::timestamptz AND settled_at < ${to.toISOString()}::timestamptz`,
  );
  return {
    withdrawals: { count: withdrawn?.count ?? 0, feeSun: BigInt(withdrawn?.fee ?? '0'), energy: BigInt(withdrawn?.energy ?? '0') },
    sweeps: { count: swept?.count ?? 0, feeSun: BigInt(swept?.fee ?? '0'), energy: BigInt(swept?.energy ?? '0') },
    collectedMicro: BigInt(withdrawn?.collected ?? '0'),
  };
}

export type TreasuryWarning = 'coverage-low' | 'hot-wallet-short' | 'stake-energy-low' | 'records-differ';

/** What an operator must act on: the house holds less than it owes; withdrawals wait for the hot wallet; the staking account runs dry; a deposit address differs from its records. */
export function warningsFor(owed: Owes, held: Pick<Holds, 'totalMicro'>, waitingMicro: bigint, stakeEnergy: bigint | null, openFlags: number): TreasuryWarning[] {
  const warnings: TreasuryWarning[] = [];
  if (held.totalMicro < owed.totalMicro) warnings.push('coverage-low');
  // A withdrawal waits only because the hot wallet could not cover it.
  if (waitingMicro > 0n) warnings.push('hot-wallet-short');
  if (stakeEnergy !== null && stakeEnergy < LOW_STAKE_ENERGY) warnings.push('stake-energy-low');
  if (openFlags > 0) warnings.push('records-differ');
  return warnings;
}

export const sunToTrx = (sun: bigint) => Number(sun) / Number(SUN_PER_TRX);

/** An on-chain amount in its currency's unit for the wire: USDT from micro-USDT, TRX from sun. */
export const chainAmount = (currency: 'USDT' | 'TRX', raw: bigint) => (currency === 'USDT' ? microToUsdt(raw) : sunToTrx(raw));
