import { z } from 'zod';

/**
 * The treasury on the wire (issue 34): GET /api/admin/treasury, POST /api/admin/treasury/sweep. Amounts
 * are decimal USDT like every other amount; TRX in TRX; energy and bandwidth in their own units.
 */

export const SWEEP_STEPS = ['fund', 'transfer', 'reclaim', 'done', 'failed'] as const;
export const TREASURY_WARNINGS = ['coverage-low', 'hot-wallet-short', 'stake-energy-low', 'records-differ'] as const;

export const sweepTransactionView = z.object({
  kind: z.enum(['activate', 'fund', 'delegate', 'transfer', 'undelegate', 'reclaim']),
  txId: z.string(),
  from: z.string(),
  to: z.string(),
  /** TRX for activate, fund, (un)delegate and reclaim; the sweep's currency for transfer. */
  amount: z.number(),
  status: z.enum(['signed', 'confirmed', 'failed', 'expired']),
  feeTrx: z.number().nullable(),
  energyUsed: z.number().nullable(),
  createdAt: z.string(),
});

export const sweepView = z.object({
  id: z.string(),
  address: z.string(),
  currency: z.enum(['USDT', 'TRX']),
  amount: z.number(),
  destination: z.string(),
  destinationKind: z.enum(['hot', 'cold']),
  step: z.enum(SWEEP_STEPS),
  feeTrx: z.number(),
  energyUsed: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  transactions: z.array(sweepTransactionView),
});
export type SweepView = z.infer<typeof sweepView>;

const feeLine = z.object({ count: z.number(), trxBurned: z.number(), energy: z.number() });

export const treasuryFlagView = z.object({
  address: z.string(),
  userId: z.string().nullable(),
  currency: z.enum(['USDT', 'TRX']),
  /** What the records say the address should hold, and what the chain shows (USDT or TRX). */
  expected: z.number(),
  actual: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TreasuryFlagView = z.infer<typeof treasuryFlagView>;

export const treasuryDay = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  owesUsdt: z.number().nullable(),
  holdsUsdt: z.number().nullable(),
  trxBurned: z.number(),
  collectedUsdt: z.number(),
});
export type TreasuryDay = z.infer<typeof treasuryDay>;

export const treasuryAnswer = z.object({
  chain: z.enum(['devchain', 'tron']),
  /** Whether this node can sweep on the operator's word (the devchain's; a tron web node holds no deposit key). */
  canSweep: z.boolean(),
  owesUsdt: z.number(),
  owes: z.object({ balancesUsdt: z.number(), rewardsUsdt: z.number(), escrowUsdt: z.number(), withdrawalsUsdt: z.number() }),
  holdsUsdt: z.number(),
  holds: z.object({
    hotUsdt: z.number(),
    depositAddressesUsdt: z.number(),
    coldUsdt: z.number(),
    inFlightUsdt: z.number(),
  }),
  hotWallet: z.object({ address: z.string(), usdt: z.number(), trx: z.number(), energy: z.number(), bandwidth: z.number() }),
  depositAddresses: z.object({ count: z.number(), usdt: z.number(), trx: z.number() }),
  cold: z.object({ address: z.string(), usdt: z.number() }).nullable(),
  staking: z.object({ address: z.string(), delegatableTrx: z.number(), energy: z.number() }).nullable(),
  /** holds ÷ owes; null while the house owes nothing. */
  coverage: z.number().nullable(),
  differenceUsdt: z.number(),
  waitingWithdrawals: z.object({ count: z.number(), usdt: z.number() }),
  warnings: z.array(z.enum(TREASURY_WARNINGS)),
  fees: z.object({ withdrawals: feeLine, sweeps: feeLine, collectedUsdt: z.number() }),
  sweeps: z.array(sweepView),
  /** Open reconciliation flags: deposit addresses the chain and the records disagree on. */
  flags: z.array(treasuryFlagView),
  /** Per UTC day of the range: owes and holds from the daily snapshot (null before the first), fees burned and collected. */
  days: z.array(treasuryDay),
});
export type TreasuryAnswer = z.infer<typeof treasuryAnswer>;

export const sweepPassAnswer = z.object({ sweeps: z.array(sweepView) });
export type SweepPassAnswer = z.infer<typeof sweepPassAnswer>;

/** GET /api/admin/daily: the dashboard's pictures, one entry per UTC day of its range. */
export const dailyFigures = z.object({
  day: z.string(),
  /** Both players' stakes of the games started that day. */
  betsUsdt: z.number(),
  rakeUsdt: z.number(),
  depositsUsdt: z.number(),
  withdrawalsUsdt: z.number(),
  newPlayers: z.number(),
  games: z.object({ rps: z.number(), blot: z.number(), carrom: z.number(), backgammon: z.number() }),
});
export type DailyFigures = z.infer<typeof dailyFigures>;
export interface DailyAnswer {
  days: DailyFigures[];
}
