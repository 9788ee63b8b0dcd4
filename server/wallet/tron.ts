import { TronWeb } from 'tronweb';
import type { BroadcastResult, ChainGateway, IncomingTransfer, SignedWithdrawal, WithdrawalStatus } from './gateway.ts';
import { depositAddressFromXpub, tronAddressFromHex } from './tronAddress.ts';

export interface TronOptions {
  apiUrl: string;
  apiKey: string | undefined;
  usdtContract: string;
  xpub: string;
  hotWalletKey: string;
  /** Energy the hot wallet may burn per withdrawal, in sun (30 TRX covers a USDT transfer). */
  feeLimitSun?: number;
}

/** Polls look this far behind the newest final transfer they saw, so nothing near the edge is missed. */
const CURSOR_OVERLAP_MS = 10 * 60 * 1000;
const PAGE_LIMIT = 200;
const MAX_PAGES = 10;

interface Trc20Transfer {
  transaction_id: string;
  token_info: { address: string; decimals: number; symbol: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

interface TrxTransaction {
  txID: string;
  block_timestamp: number;
  ret?: { contractRet?: string }[];
  raw_data: { contract: { type: string; parameter: { value: { amount?: number; owner_address?: string; to_address?: string } } }[] };
}

interface ContractEvent {
  transaction_id: string;
  event_index: number;
  event_name: string;
  contract_address: string;
  block_timestamp: number;
  result: { from?: string; to?: string; value?: string };
}

/** Event results carry addresses as 0x-prefixed 20-byte hex; the account API as base58. */
function asBase58(address: string): string {
  return address.startsWith('T') ? address : tronAddressFromHex(address.replace(/^0x/, '41'));
}

interface Page<T> {
  data: T[];
  success: boolean;
  meta?: { fingerprint?: string };
}

/**
 * TRON through TronGrid: deposits found with TronGrid's account history API (v1), withdrawals built and
 * signed locally with TronWeb and broadcast through the full node API.
 */
export class TronGateway implements ChainGateway {
  readonly name = 'tron' as const;
  private readonly tronWeb: TronWeb;
  private readonly hotWallet: string;

  constructor(private readonly options: TronOptions) {
    this.tronWeb = new TronWeb({
      fullHost: options.apiUrl,
      headers: options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {},
      privateKey: options.hotWalletKey,
    });
    const address = this.tronWeb.address.fromPrivateKey(options.hotWalletKey);
    if (!address) throw new Error('TRON_HOT_WALLET_KEY is not a valid private key');
    this.hotWallet = address;
  }

  depositAddress(index: number): string {
    return depositAddressFromXpub(this.options.xpub, index);
  }

  private async get<T>(path: string, query: Record<string, string | number | boolean>): Promise<T> {
    const url = new URL(`${this.options.apiUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, { headers: this.headers() });
    if (!response.ok) throw new Error(`TronGrid ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  private async post<T>(path: string, body: object): Promise<T> {
    const response = await fetch(`${this.options.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers() },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`TronGrid ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  private headers(): Record<string, string> {
    return this.options.apiKey ? { 'TRON-PRO-API-KEY': this.options.apiKey } : {};
  }

  /** Every page of one TronGrid list, following `meta.fingerprint`. */
  private async pages<T>(path: string, query: Record<string, string | number | boolean>): Promise<T[]> {
    const items: T[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await this.get<Page<T>>(path, { ...query, limit: PAGE_LIMIT, ...(fingerprint ? { fingerprint } : {}) });
      if (!answer.success) throw new Error(`TronGrid ${path} reported failure`);
      items.push(...answer.data);
      fingerprint = answer.meta?.fingerprint;
      if (!fingerprint || answer.data.length < PAGE_LIMIT) break;
    }
    return items;
  }

  async incomingTransfers(addresses: string[], cursor: string | null) {
    const since = cursor === null ? 0 : Number(cursor);
    const transfers: IncomingTransfer[] = [];
    let newestFinal = since;
    for (const address of addresses) {
      for (const final of [true, false]) {
        const flag: Record<string, boolean> = final ? { only_confirmed: true } : { only_unconfirmed: true };
        const common = { only_to: true, min_timestamp: since, order_by: 'block_timestamp,asc', ...flag };
        const tokens = await this.pages<Trc20Transfer>(`/v1/accounts/${address}/transactions/trc20`, {
          ...common,
          contract_address: this.options.usdtContract,
        });
        // The account list has no event index, so the transaction's own events give it: a transaction
        // listed twice is still one deposit, and two Transfer events in one transaction are two.
        const txIds = new Set(tokens.filter((item) => item.type === 'Transfer' && item.to === address).map((item) => item.transaction_id));
        for (const txId of txIds) {
          for (const event of await this.usdtTransfersIn(txId, final)) {
            if (event.to !== address) continue;
            transfers.push({ txId, eventIndex: event.eventIndex, to: address, currency: 'USDT', amountRaw: event.amount, confirmations: final ? 19 : 0, final });
          }
        }
        for (const item of tokens) if (final) newestFinal = Math.max(newestFinal, item.block_timestamp);
        const coins = await this.pages<TrxTransaction>(`/v1/accounts/${address}/transactions`, common);
        for (const tx of coins) {
          if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
          tx.raw_data.contract.forEach((contract, eventIndex) => {
            const value = contract.parameter.value;
            if (contract.type !== 'TransferContract' || !value.to_address || !value.amount) return;
            if (tronAddressFromHex(value.to_address) !== address) return;
            transfers.push({ txId: tx.txID, eventIndex, to: address, currency: 'TRX', amountRaw: BigInt(value.amount), confirmations: final ? 19 : 0, final });
          });
          if (final) newestFinal = Math.max(newestFinal, tx.block_timestamp);
        }
      }
    }
    return { transfers, cursor: String(Math.max(0, newestFinal - CURSOR_OVERLAP_MS)) };
  }

  private readonly eventCache = new Map<string, { to: string; amount: bigint; eventIndex: number }[]>();

  /** The USDT Transfer events of one transaction, with their event indexes. */
  private async usdtTransfersIn(txId: string, final: boolean) {
    const cached = this.eventCache.get(txId);
    if (cached) return cached;
    const answer = await this.get<Page<ContractEvent>>(`/v1/transactions/${txId}/events`, final ? { only_confirmed: true } : {});
    const events = answer.data
      .filter((e) => e.event_name === 'Transfer' && e.contract_address === this.options.usdtContract)
      .map((e) => ({ to: asBase58(e.result.to ?? ''), amount: BigInt(e.result.value ?? '0'), eventIndex: e.event_index }));
    // Only final events are kept: an unconfirmed transaction may still change.
    if (final) {
      if (this.eventCache.size > 10_000) this.eventCache.clear();
      this.eventCache.set(txId, events);
    }
    return events;
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
    return { accepted: false, reason: `${answer.code}: ${reason}` };
  }

  async withdrawalStatus(txId: string): Promise<WithdrawalStatus> {
    const info = await this.post<{ id?: string; receipt?: { result?: string } }>('/walletsolidity/gettransactioninfobyid', { value: txId });
    if (info.id) return !info.receipt?.result || info.receipt.result === 'SUCCESS' ? 'confirmed' : 'failed';
    const pending = await this.post<{ txID?: string }>('/wallet/gettransactionbyid', { value: txId });
    return pending.txID ? 'pending' : 'unknown';
  }

  async balances(address: string) {
    const answer = await this.get<Page<{ balance?: number; trc20?: Record<string, string>[] }>>(`/v1/accounts/${address}`, {});
    const account = answer.data[0];
    const usdt = account?.trc20?.find((entry) => this.options.usdtContract in entry)?.[this.options.usdtContract];
    return { usdtMicro: BigInt(usdt ?? '0'), trxSun: BigInt(account?.balance ?? 0) };
  }
}
