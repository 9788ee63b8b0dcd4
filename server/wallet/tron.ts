import { TronWeb } from 'tronweb';
import type { BroadcastResult, ChainGateway, DepositWatch, SignedWithdrawal, TransactionInfo, TransactionStatus } from './gateway.ts';
import { depositAddressFromXpub } from './tronAddress.ts';
import { TronDepositScan } from './tronDeposits.ts';
import { type Page, TronGrid } from './tronGrid.ts';

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
 * node API.
 */
export class TronGateway implements ChainGateway {
  readonly name = 'tron' as const;
  private readonly tronWeb: TronWeb;
  private readonly hotWallet: string;
  private readonly grid: TronGrid;
  private readonly deposits: TronDepositScan;

  constructor(private readonly options: TronOptions) {
    this.grid = new TronGrid(options.apiUrl, options.apiKey);
    this.tronWeb = new TronWeb({ fullHost: options.apiUrl, headers: this.grid.headers(), privateKey: options.hotWalletKey });
    const address = this.tronWeb.address.fromPrivateKey(options.hotWalletKey);
    if (!address) throw new Error('TRON_HOT_WALLET_KEY is not a valid private key');
    this.hotWallet = address;
    this.deposits = new TronDepositScan(this.grid, options.usdtContract);
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

  async signWithdrawal(to: string, amountMicro: bigint): Promise<SignedWithdrawal> {
    const { transaction } = await this.tronWeb.transactionBuilder.triggerSmartContract(
      this.options.usdtContract,
      'transfer(address,uint256)',
      { feeLimit: this.options.feeLimitSun ?? 30_000_000, txLocal: true },
      [
        { type: 'address', value: to },
        { type: 'uint256', value: amountMicro.toString() },
      ],
      this.hotWallet,
    );
    const signed = await this.tronWeb.trx.sign(transaction, this.options.hotWalletKey);
    return { txId: signed.txID, payload: JSON.stringify(signed), expiresAt: new Date(signed.raw_data.expiration) };
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

  async transactionInfo(txId: string): Promise<TransactionInfo> {
    const info = await this.grid.post<{ id?: string; fee?: number; receipt?: { result?: string; energy_usage_total?: number } }>('/walletsolidity/gettransactioninfobyid', { value: txId });
    if (info.id) {
      // A TRX transfer's receipt carries no result; a contract call's says SUCCESS or why it failed.
      const status = !info.receipt?.result || info.receipt.result === 'SUCCESS' ? 'confirmed' : 'failed';
      return { status, feeSun: BigInt(info.fee ?? 0), energyUsed: BigInt(info.receipt?.energy_usage_total ?? 0) };
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

  async balances(address: string) {
    const answer = await this.grid.get<Page<{ balance?: number; trc20?: Record<string, string>[] }>>(`/v1/accounts/${address}`, {});
    const account = answer.data[0];
    const usdt = account?.trc20?.find((entry) => this.options.usdtContract in entry)?.[this.options.usdtContract];
    return { usdtMicro: BigInt(usdt ?? '0'), trxSun: BigInt(account?.balance ?? 0) };
  }
}
