import type { Logger } from 'pino';
import type { TreasuryConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { sweeps, sweepTransactions } from '../db/schema.ts';
import type { TreasuryChain } from '../wallet/gateway.ts';
import type { TreasuryKeys } from './keys.ts';

export type SweepRow = typeof sweeps.$inferSelect;
export type SweepTxRow = typeof sweepTransactions.$inferSelect;

/** What a treasury pass works with: the database, the chain with the treasury's own calls, and its keys. */
export interface Treasury {
  db: Db;
  chain: TreasuryChain;
  keys: TreasuryKeys;
  config: Pick<TreasuryConfig, 'sweepMinMicro' | 'hotWalletTargetMicro' | 'coldAddress'>;
  /** micro-USDT per whole TRX: what a deposit address's TRX is worth, to judge it worth sweeping. */
  trxRateMicro: bigint;
  log?: Logger | undefined;
  /** How long a treasury keeps a sweep to itself; one killed meanwhile lets it go when this runs out. */
  leaseMs: number;
  /**
   * Past its expiry plus this, a signed transaction the chain does not know never will be (the node asked
   * may lag behind the one that took it): only then is its step signed anew.
   */
  expiryMarginMs: number;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_EXPIRY_MARGIN_MS = 10 * 60_000;
