import type { IncomingTransfer } from './gateway.ts';

/** What a deposit needs to be credited, and at what rate (config.ts: DEPOSIT_CONFIRMATIONS, TRX_USDT_RATE, MIN_DEPOSIT). */
export interface DepositRules {
  requiredConfirmations: number;
  trxRateMicro: bigint;
  minDepositMicro: bigint;
}

/** What a transfer credits, in micro-USDT. */
export function creditFor(transfer: Pick<IncomingTransfer, 'currency' | 'amountRaw'>, rules: DepositRules): bigint {
  // TRX has 6 decimals (sun), like USDT: sun × (micro-USDT per TRX) / 10^6, rounded down.
  return transfer.currency === 'USDT' ? transfer.amountRaw : (transfer.amountRaw * rules.trxRateMicro) / 1_000_000n;
}
