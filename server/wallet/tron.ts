import { TronWeb } from 'tronweb';
import type {
  BroadcastResult,
  ChainAccount,
  ChainGateway,
  DepositWatch,
  SignedWithdrawal,
  TransactionInfo,
  TransactionStatus,
  TreasuryChain,
  TreasuryTxKind,
} from './gateway.ts';
import { depositAddressFromXpub } from './tronAddress.ts';
import { WITHDRAWAL_FEE_LIMIT_SUN, type TronCosts } from './tronCosts.ts';
import { TronDepositScan } from './tronDeposits.ts';
import { TronGrid } from './tronGrid.ts';
import { TronTreasuryCalls } from './tronTreasury.ts';

/**
 * The codes with which a java-tron node refuses a transaction before taking it in: it checked it and
 * found it wrong, or refused to look (busy, not connected). Only these are refusals; a refund rests on one.
 */
const REFUSALS = new Set([
  'SIGERROR',
  'CONTRACT_VALIDATE_ERROR',
  'BANDWITH_ERROR',
  'TAPOS_ERROR',
  'TRANSACTION_EXPIRATION_ERROR',
  'TOO_BIG_TRANSACTION_ERROR',
  'SERVER_BUSY',
  'NO_CONNECTION',
]);

/** Pages of the hot wallet's transfers read to look for one withdrawal (200 each). */
const WITHDRAWAL_INDEX_PAGES = 10;

export interface TronOptions {
  apiUrl: string;
  apiKey: string | undefined;
  usdtContract: string;
  xpub: string;
  hotWalletKey: string;
  /** Energy the hot wallet may burn per withdrawal, in sun (30 TRX covers a USDT transfer). */
  feeLimitSun?: number;
}

/**
 * TRON through TronGrid: deposits found in the USDT contract's events and the chain's blocks
 * (tronDeposits.ts), withdrawals built and signed locally with TronWeb and broadcast through the full
 * node API. It carries the treasury's calls too (tronTreasury.ts): they sign only with keys the
 * treasury hands them, so a web node, which holds none of those, never uses them.
 */
export class TronGateway implements ChainGateway, TreasuryChain {
  readonly name = 'tron' as const;
  private readonly tronWeb: TronWeb;
  private readonly hotWallet: string;
  private readonly grid: TronGrid;
  private readonly deposits: TronDepositScan;
  private readonly treasury: TronTreasuryCalls;

  constructor(private readonly options: TronOptions) {
    this.grid = new TronGrid(options.apiUrl, options.apiKey);
    this.tronWeb = new TronWeb({ fullHost: options.apiUrl, headers: this.grid.headers(), privateKey: options.hotWalletKey });
    const address = this.tronWeb.address.fromPrivateKey(options.hotWalletKey);
    if (!address) throw new Error('TRON_HOT_WALLET_KEY is not a valid private key');
    this.hotWallet = address;
    // TRX the hot wallet sends a deposit address (the treasury activating it, paying its fees) is the house's.
    this.deposits = new TronDepositScan(this.grid, options.usdtContract, address);
    this.treasury = new TronTreasuryCalls(this.grid, this.tronWeb, options.usdtContract);
  }

  depositAddress(index: number): string {
    return depositAddressFromXpub(this.options.xpub, index);
  }

  hotWalletAddress(): string {
    return this.hotWallet;
  }

  incomingTransfers(cursor: string | null, watch: DepositWatch) {
    return this.deposits.incoming(cursor, watch);
  }

  /**
   * The same USDT transfer the treasury signs, from the hot wallet: stamped with the time it is made, so
   * two withdrawals of one amount to one address signed within the same block are two transactions (with
   * TronWeb's stamp, the reference block's time, they would be one, paid once for two debits).
   */
  signWithdrawal(to: string, amountMicro: bigint): Promise<SignedWithdrawal> {
    const key = Uint8Array.from(Buffer.from(this.options.hotWalletKey.replace(/^0x/, ''), 'hex'));
    return this.treasury.sign(key, { kind: 'usdt', to, amount: amountMicro, feeLimitSun: this.options.feeLimitSun === undefined ? WITHDRAWAL_FEE_LIMIT_SUN : BigInt(this.options.feeLimitSun) });
  }

  async broadcast(withdrawal: SignedWithdrawal): Promise<BroadcastResult> {
    const answer = (await this.tronWeb.trx.sendRawTransaction(JSON.parse(withdrawal.payload))) as {
      result?: boolean;
      code?: string;
      message?: string;
    };
    if (answer.result) return { accepted: true };
    // Already on its way: the same signed transaction was accepted before.
    if (answer.code === 'DUP_TRANSACTION_ERROR') return { accepted: true };
    if (!answer.code) throw new Error('broadcast answered without a result or a code');
    const reason = answer.message ? Buffer.from(answer.message, 'hex').toString('utf8') : answer.code;
    // Any other code may come after the node took the transaction in (OTHER_ERROR, the catch-all;
    // NOT_ENOUGH_EFFECTIVE_CONNECTION once its pool has it but no peer took it): it may yet be mined.
    if (!REFUSALS.has(answer.code)) throw new Error(`broadcast outcome unknown: ${answer.code}: ${reason}`);
    return { accepted: false, reason: `${answer.code}: ${reason}` };
  }

  /**
   * From the solidified receipt. `fee` is all the TRX it burned (bandwidth, energy, an account it
   * created), absent when it burned none; a system contract's receipt (TRX transfer, delegation) carries
   * no result, a contract call's says SUCCESS or why it failed.
   */
  async transactionInfo(txId: string): Promise<TransactionInfo> {
    const info = await this.grid.post<{ id?: string; fee?: number; result?: string; receipt?: { result?: string; energy_usage_total?: number } }>(
      '/walletsolidity/gettransactioninfobyid',
      { value: txId },
    );
    if (info.id) {
      const failed = info.result === 'FAILED' || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS');
      return { status: failed ? 'failed' : 'confirmed', feeSun: BigInt(info.fee ?? 0), energyUsed: BigInt(info.receipt?.energy_usage_total ?? 0) };
    }
    const pending = await this.grid.post<{ txID?: string }>('/wallet/gettransactionbyid', { value: txId });
    return { status: pending.txID ? 'pending' : 'unknown', feeSun: 0n, energyUsed: 0n };
  }

  async transactionStatus(txId: string): Promise<TransactionStatus> {
    return (await this.transactionInfo(txId)).status;
  }

  /**
   * TronGrid's index of the hot wallet's TRC20 transfers, which is not the node: a node that lags says
   * it has no such transaction, the index may already show it. The window is bounded by the
   * transaction's own life, so a few pages cover it however busy the hot wallet is.
   */
  async withdrawalSeen(txId: string, from: Date, to: Date): Promise<boolean> {
    const list = await this.grid.pages<{ transaction_id: string }>(
      `/v1/accounts/${this.hotWallet}/transactions/trc20`,
      { contract_address: this.options.usdtContract, min_timestamp: from.getTime(), max_timestamp: to.getTime(), order_by: 'block_timestamp,asc' },
      WITHDRAWAL_INDEX_PAGES,
    );
    if (list.items.some((item) => item.transaction_id === txId)) return true;
    // A list it could not read to the end cannot say the transfer is not there.
    return !list.complete;
  }

  /** Read from the node and the USDT contract: TronGrid's v1 account index shows nothing for an address never activated. */
  balances(address: string): Promise<{ usdtMicro: bigint; trxSun: bigint }> {
    return this.treasury.balances(address);
  }

  costs(): Promise<TronCosts> {
    return this.treasury.costs();
  }

  account(address: string): Promise<ChainAccount> {
    return this.treasury.account(address);
  }

  delegatableSun(staker: string): Promise<bigint> {
    return this.treasury.delegatableSun(staker);
  }

  usdtTransferEnergy(from: string, to: string, amountMicro: bigint): Promise<bigint> {
    return this.treasury.usdtTransferEnergy(from, to, amountMicro);
  }

  delegatedSun(staker: string, receiver: string): Promise<bigint> {
    return this.treasury.delegatedSun(staker, receiver);
  }

  sign(key: Uint8Array, tx: { kind: TreasuryTxKind; to: string; amount: bigint; feeLimitSun?: bigint }): Promise<SignedWithdrawal> {
    return this.treasury.sign(key, tx);
  }
}
