/**
 * Everything the product needs from a blockchain, behind one interface (DESIGN.md §4). Two
 * implementations: the devchain (embedded default, simulated TRON) and tron (TronGrid).
 */
import type { TronCosts } from './tronCosts.ts';

export type ChainCurrency = 'USDT' | 'TRX';

export interface IncomingTransfer {
  txId: string;
  /** Position of this transfer among the events of its transaction (a contract call may carry several). */
  eventIndex: number;
  to: string;
  currency: ChainCurrency;
  /** In the currency's smallest unit: micro-USDT for USDT, sun for TRX (both 6 decimals). */
  amountRaw: bigint;
  confirmations: number;
  /** True once the chain can no longer drop it (TRON's solidified blocks). */
  final: boolean;
}

/**
 * What a gateway asks about the product's deposit addresses. It is asked about the addresses the chain
 * shows it, never handed them all, so a poll costs the same with ten players or a hundred thousand.
 */
export interface DepositWatch {
  /** Which of these addresses are deposit addresses of ours. */
  ours(addresses: string[]): Promise<Set<string>>;
  /** When the first deposit address was handed out (where a gateway without a cursor starts); null while there is none. */
  since(): Promise<Date | null>;
}

export interface SignedWithdrawal {
  txId: string;
  /** The signed transaction as the chain takes it; broadcasting it again is the same transaction. */
  payload: string;
  /** After this the chain refuses the transaction, so one not on chain by then never will be. */
  expiresAt: Date;
}

export type BroadcastResult = { accepted: true } | { accepted: false; reason: string };
/**
 * What the chain says of one transaction: `unknown` it has none by that id (never sent, expired, or
 * left out by a fork), `pending` in a block not yet final, `confirmed` final and succeeded, `failed`
 * final and reverted.
 */
export type TransactionStatus = 'unknown' | 'pending' | 'confirmed' | 'failed';

export interface ChainGateway {
  readonly name: 'devchain' | 'tron';
  depositAddress(index: number): string;
  /**
   * Incoming transfers to deposit addresses of ours since `cursor`, unconfirmed ones included, and the
   * cursor to pass next time. The cursor never passes a transfer that is not yet final, so every
   * transfer is seen until it can be credited. `lagBlocks`: how many blocks the returned cursor stands
   * behind the chain's head as this poll saw it (the metrics' duel_deposit_cursor_lag_blocks), when the
   * poll read the head.
   */
  incomingTransfers(cursor: string | null, watch: DepositWatch): Promise<{ transfers: IncomingTransfer[]; cursor: string | null; lagBlocks?: number }>;
  /** Builds and signs (does not send) a USDT transfer of `amountMicro` to `to`. */
  signWithdrawal(to: string, amountMicro: bigint): Promise<SignedWithdrawal>;
  /** Sends a signed withdrawal. Throws when the outcome is unknown (network trouble): retry later. */
  broadcast(withdrawal: SignedWithdrawal): Promise<BroadcastResult>;
  /** The chain's word on a transaction: a withdrawal we sent, or a deposit that is taking long. */
  transactionStatus(txId: string): Promise<TransactionStatus>;
  /** The same with what it cost (TRX burned, energy), once final. */
  transactionInfo(txId: string): Promise<TransactionInfo>;
  /**
   * Whether a second source (not the node transactionStatus asked) shows this withdrawal's transfer
   * out of the hot wallet between `from` and `to`. A refund rests on both saying no.
   */
  withdrawalSeen(txId: string, from: Date, to: Date): Promise<boolean>;
  /** The address withdrawals are paid from. */
  hotWalletAddress(): string;
  /** On-chain balances of an address: micro-USDT and sun. */
  balances(address: string): Promise<{ usdtMicro: bigint; trxSun: bigint }>;
}

/** An address as the treasury needs to see it before a transfer out of it. */
export interface ChainAccount {
  /** TRON creates an account when it first receives TRX; until then it cannot send anything. */
  activated: boolean;
  usdtMicro: bigint;
  trxSun: bigint;
  /** Energy it can spend now (delegated to it, less what it used in the last day). */
  energyAvailable: bigint;
  /** Free bandwidth left today. */
  bandwidthAvailable: bigint;
}

/** A transaction's receipt: the chain's word, and what it charged. */
export interface TransactionInfo {
  status: TransactionStatus;
  /** TRX burned, in sun (energy and bandwidth not covered, account creation). */
  feeSun: bigint;
  /** Energy it took, delegated or burned. */
  energyUsed: bigint;
}

export type TreasuryTxKind = 'trx' | 'usdt' | 'delegate' | 'undelegate';

/**
 * What the treasury (server/treasury) needs beyond a web node's gateway: to read accounts' resources,
 * and to sign transfers and Stake 2.0 delegations with keys only the treasury holds.
 */
export interface TreasuryChain {
  readonly name: 'devchain' | 'tron';
  costs(): Promise<TronCosts>;
  account(address: string): Promise<ChainAccount>;
  /** Sun of staked TRX a staking account can still delegate. */
  delegatableSun(staker: string): Promise<bigint>;
  /**
   * The energy a USDT transfer of `amountMicro` from `from` to `to` will take, as the chain estimates it
   * now (on TRON the USDT contract's dynamic energy penalty roughly doubles the base cost, and changes).
   */
  usdtTransferEnergy(from: string, to: string, amountMicro: bigint): Promise<bigint>;
  /** Sun a staking account has delegated to `receiver` right now. */
  delegatedSun(staker: string, receiver: string): Promise<bigint>;
  /** Builds and signs (does not send); amount in sun, or micro-USDT for usdt. */
  sign(key: Uint8Array, tx: { kind: TreasuryTxKind; to: string; amount: bigint; feeLimitSun?: bigint }): Promise<SignedWithdrawal>;
  broadcast(tx: SignedWithdrawal): Promise<BroadcastResult>;
  transactionInfo(txId: string): Promise<TransactionInfo>;
  balances(address: string): Promise<{ usdtMicro: bigint; trxSun: bigint }>;
}
