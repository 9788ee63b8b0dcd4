import { microToUsdt } from '../../protocol/money.ts';
import type { TreasuryAnswer } from '../../protocol/treasury.ts';
import { refreshChangedAddresses } from '../admin/chainBalances.ts';
import type { Services } from '../context.ts';
import type { Treasury } from './context.ts';
import { isTreasuryChain } from './service.ts';
import { openFlags, treasuryDays } from './history.ts';
import { fees, holds, owes, sunToTrx, warningsFor } from './solvency.ts';
import { waitingWithdrawals } from './sweeps.ts';
import { sweepViews } from './views.ts';

/** Sweeps listed on the Treasury page. */
const SWEEPS_SHOWN = 50;

/**
 * The Treasury page's figures: what the house owes (the ledger), what it holds (the chain), coverage and
 * the warnings an operator acts on, what the chain's fees cost over [from, to) against the fees players
 * paid, and the latest sweeps.
 */
export async function treasurySummary(services: Pick<Services, 'db' | 'wallet' | 'log' | 'config'>, treasury: Treasury | null, from: Date, to: Date): Promise<TreasuryAnswer> {
  const { db, wallet, config } = services;
  await refreshChangedAddresses(services);
  const owed = await owes(db);
  const held = await holds(db, wallet.gateway, config.wallet.treasury.coldAddress);
  const waiting = await waitingWithdrawals({ db });
  const chain = wallet.gateway;
  const resource = treasury?.keys.resource ?? null;
  let staking: TreasuryAnswer['staking'] = null;
  if (resource && isTreasuryChain(chain)) {
    const delegatable = await chain.delegatableSun(resource.address);
    const costs = await chain.costs();
    staking = { address: resource.address, delegatableTrx: sunToTrx(delegatable), energy: Number((delegatable * costs.energyPerStakedTrx) / 1_000_000n) };
  }
  const feeFigures = await fees(db, from, to);
  const flags = await openFlags(db);
  const line = (figures: { count: number; feeSun: bigint; energy: bigint }) => ({ count: figures.count, trxBurned: sunToTrx(figures.feeSun), energy: Number(figures.energy) });
  return {
    chain: chain.name,
    canSweep: treasury !== null,
    owesUsdt: microToUsdt(owed.totalMicro),
    owes: {
      balancesUsdt: microToUsdt(owed.balancesMicro),
      rewardsUsdt: microToUsdt(owed.rewardsMicro),
      escrowUsdt: microToUsdt(owed.escrowMicro),
      withdrawalsUsdt: microToUsdt(owed.withdrawalsMicro),
    },
    holdsUsdt: microToUsdt(held.totalMicro),
    holds: {
      hotUsdt: microToUsdt(held.hot.usdtMicro),
      depositAddressesUsdt: microToUsdt(held.depositAddresses.usdtMicro),
      coldUsdt: microToUsdt(held.cold?.usdtMicro ?? 0n),
      inFlightUsdt: microToUsdt(held.inFlightMicro),
    },
    hotWallet: { address: held.hot.address, usdt: microToUsdt(held.hot.usdtMicro), trx: sunToTrx(held.hot.trxSun), energy: Number(held.hot.energy), bandwidth: Number(held.hot.bandwidth) },
    depositAddresses: { count: held.depositAddresses.count, usdt: microToUsdt(held.depositAddresses.usdtMicro), trx: sunToTrx(held.depositAddresses.trxSun) },
    cold: held.cold ? { address: held.cold.address, usdt: microToUsdt(held.cold.usdtMicro) } : null,
    staking,
    coverage: owed.totalMicro === 0n ? null : Number((held.totalMicro * 10_000n) / owed.totalMicro) / 10_000,
    differenceUsdt: microToUsdt(held.totalMicro - owed.totalMicro),
    waitingWithdrawals: { count: waiting.count, usdt: microToUsdt(waiting.micro) },
    warnings: warningsFor(owed, held, waiting.micro, staking ? BigInt(staking.energy) : null, flags.length),
    fees: { withdrawals: line(feeFigures.withdrawals), sweeps: line(feeFigures.sweeps), collectedUsdt: microToUsdt(feeFigures.collectedMicro) },
    sweeps: await sweepViews(db, SWEEPS_SHOWN),
    flags,
    days: await treasuryDays(db, from, to),
  };
}
