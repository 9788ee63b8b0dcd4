import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { utils as tronUtils } from 'tronweb';
import { tronAddressFromHex, tronAddressOf, tronAddressToHex } from '../../server/wallet/tronAddress.ts';
import { type Execution, type Receipt, StandInAccounts } from './tronGridStandInAccounts.ts';
import { accountRoute, bytesOf, contractOf, type SignedTransaction, transactionInfoJson } from './tronGridStandInNode.ts';

/**
 * A loopback stand-in for TronGrid (its v1 extension API and the full/solidity node HTTP API), for the
 * paths the gateway and the treasury use, answering with the response shapes of TronGrid's
 * documentation and java-tron's servlets. It keeps a chain: every added transfer goes into a new block
 * 3 s after the last, and blocks up to just before the first unconfirmed transaction are solidified. Its
 * accounts follow TRON's rules (tronGridStandInAccounts.ts: activation, balances, bandwidth, energy,
 * Stake 2.0, fees). It checks what it is sent like a node would: the transaction id is the hash of the
 * raw data, which is what the JSON says, the reference block is one of its own, the transaction has not
 * expired, the signature recovers to the sender, and the contract is valid for the sender's account; it
 * then applies it at once (a node's pending state) and puts it in the next block it mines.
 */
export interface StandInTransfer {
  txId: string;
  /** Position of the Transfer event in its transaction (USDT). */
  eventIndex?: number;
  to: string;
  from?: string;
  currency: 'USDT' | 'TRX';
  amountRaw: bigint;
  block: number;
  timestamp: number;
  confirmed: boolean;
}

type NewTransfer = Omit<StandInTransfer, 'txId' | 'block' | 'timestamp'> & { txId?: string };

interface Broadcast {
  txId: string;
  transaction: SignedTransaction;
  /** In a block: a node finds it by id only then, not while it waits to be put in one. */
  mined: boolean;
  block?: number;
  /** The time of the block it was put in. */
  minedAt?: number;
  confirmed: boolean;
  receipt: Receipt;
  /** The USDT it moved, when it was a transfer that succeeded. */
  usdt: { from: string; to: string; amount: bigint } | null;
}

const FIRST_BLOCK = 60_000_000;
const SENDER_HEX = '418a4d6d1f47f3a5ee4a0ab8b9e8b2ee3ad3ff2b49';
const hexOf = (text: string) => Buffer.from(text).toString('hex');
const word = (hex: string) => hex.padStart(64, '0');

export class TronGridStandIn {
  readonly usdtContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  transfers: StandInTransfer[] = [];
  broadcasts = new Map<string, Broadcast>();
  broadcastCalls: string[] = [];
  /** When set, the next broadcasts are refused with this TRON error code. */
  refuseBroadcastsWith: string | null = null;
  /** When set, the server drops the connection on broadcast (an outcome the client cannot know). */
  dropBroadcasts = false;
  /** When set, a broadcast is taken in, then the connection drops before the answer. */
  loseBroadcastAnswers = false;
  requests: string[] = [];
  /** When set, requests to a matching path are refused with 429, as TronGrid does past a key's rate. */
  rateLimited: RegExp | null = null;
  /** When set, the node answers gettransaction(info)byid as one that lags: it has no such transaction. */
  forgetTransactions = false;
  /** When set, the events list leaves the fingerprint out of a full page, as TronGrid does (TRON-US/trongrid#23). */
  omitFingerprint = false;
  /** How many blocks behind the solidified head the node that answers solidity block ranges is (TronGrid balances over several). */
  solidityRangeLag = 0;
  /** The same for the node that answers block ranges on the full-node API (blocks not yet final). */
  fullRangeLag = 0;
  /** When set, requests to a matching path get a node's error: 200 with an Error field, as java-tron answers. */
  nodeErrors: RegExp | null = null;
  /** The newest block. */
  blockNumber = FIRST_BLOCK;
  private readonly genesis = Date.now();
  readonly accounts = new StandInAccounts(this.usdtContract, this.genesis);
  private server?: http.Server;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** One new block holding these transfers from the outside world; their transaction ids, in order. */
  addBlock(transfers: NewTransfer[]): string[] {
    this.blockNumber += 1;
    return transfers.map((transfer) => {
      const txId = transfer.txId ?? randomBytes(32).toString('hex');
      const timestamp = this.timeOf(this.blockNumber);
      this.transfers.push({ ...transfer, txId, block: this.blockNumber, timestamp });
      this.accounts.credit(transfer.currency, transfer.to, transfer.amountRaw, timestamp, this.blockNumber);
      return txId;
    });
  }

  addTransfer(transfer: NewTransfer): string {
    return this.addBlock([transfer])[0] as string;
  }

  /** A fork left this transaction out: it is in no block, and no node knows it any more. */
  drop(txId: string): void {
    for (const t of this.transfers.filter((x) => x.txId === txId)) this.accounts.uncredit(t.currency, t.to, t.amountRaw);
    this.transfers = this.transfers.filter((t) => t.txId !== txId);
  }

  confirmAll(): void {
    for (const t of this.transfers) t.confirmed = true;
    this.mineBroadcasts();
    for (const b of this.broadcasts.values()) b.confirmed = true;
  }

  /** The broadcasts not yet in a block are put in a new one, not yet final. */
  mineBroadcasts(): void {
    const waiting = [...this.broadcasts.values()].filter((b) => !b.mined);
    if (waiting.length === 0) return;
    this.blockNumber += 1;
    for (const b of waiting) {
      b.mined = true;
      b.block = this.blockNumber;
      b.minedAt = this.timeOf(this.blockNumber);
    }
  }

  /** The newest solidified block: everything before the first block still holding an unconfirmed transaction. */
  solidNumber(): number {
    const waiting = [
      ...this.transfers.filter((t) => !t.confirmed).map((t) => t.block),
      ...[...this.broadcasts.values()].filter((b) => b.mined && !b.confirmed).map((b) => b.block ?? this.blockNumber),
    ];
    return waiting.length ? Math.min(...waiting) - 1 : this.blockNumber;
  }

  /** The newest block's time: the chain's clock, which a node's expiry checks go by. */
  headTime(): number {
    return this.timeOf(this.blockNumber);
  }

  private timeOf(block: number): number {
    return this.genesis + (block - FIRST_BLOCK) * 3_000;
  }

  private blockId(number: number): string {
    return number.toString(16).padStart(16, '0') + createHash('sha256').update(String(number)).digest('hex').slice(16);
  }

  private block(number: number, detail: boolean) {
    const header = {
      raw_data: { number, timestamp: this.timeOf(number), txTrieRoot: '0'.repeat(64), parentHash: '0'.repeat(64), witness_address: '41'.padEnd(42, '0'), version: 30 },
      witness_signature: '00',
    };
    const inBlock = detail ? this.transfers.filter((t) => t.block === number) : [];
    const sent = detail ? [...this.broadcasts.values()].filter((b) => b.block === number) : [];
    // A node's JSON leaves out an empty list.
    const transactions = [
      ...[...new Set(inBlock.map((t) => t.txId))].map((txId) => this.transaction(inBlock.filter((t) => t.txId === txId))),
      ...sent.map((b) => ({ ret: [{ contractRet: b.receipt.result ?? 'SUCCESS' }], ...b.transaction })),
    ];
    const blockID = this.blockId(number);
    return transactions.length ? { blockID, block_header: header, transactions } : { blockID, block_header: header };
  }

  /** A transaction as a block lists it: a TRX TransferContract, or a call of the USDT contract's transfer. */
  private transaction(events: StandInTransfer[]) {
    const first = events[0] as StandInTransfer;
    const value =
      first.currency === 'TRX'
        ? { amount: Number(first.amountRaw), owner_address: SENDER_HEX, to_address: tronAddressToHex(first.to) }
        : {
            data: `a9059cbb${word(tronAddressToHex(first.to).slice(2))}${word(first.amountRaw.toString(16))}`,
            owner_address: SENDER_HEX,
            contract_address: tronAddressToHex(this.usdtContract),
          };
    const type = first.currency === 'TRX' ? 'TransferContract' : 'TriggerSmartContract';
    return {
      ret: [{ contractRet: 'SUCCESS' }],
      signature: ['00'.repeat(65)],
      txID: first.txId,
      raw_data: {
        contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }],
        ref_block_bytes: 'abcd',
        ref_block_hash: '0123456789abcdef',
        expiration: first.timestamp + 60_000,
        timestamp: first.timestamp,
      },
      raw_data_hex: '0a02',
    };
  }

  /** USDT Transfer events: the outside world's transfers, and the transfers broadcast here once mined. */
  private usdtEvents(): StandInTransfer[] {
    const sent = [...this.broadcasts.values()].flatMap((b) =>
      b.mined && b.usdt
        ? [{ txId: b.txId, eventIndex: 0, from: b.usdt.from, to: b.usdt.to, currency: 'USDT' as const, amountRaw: b.usdt.amount, block: b.block ?? 0, timestamp: b.minedAt ?? 0, confirmed: b.confirmed }]
        : [],
    );
    return [...this.transfers.filter((t) => t.currency === 'USDT'), ...sent];
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const q = url.searchParams;
    if (this.rateLimited?.test(url.pathname)) return send(429, { Error: 'request rate exceeded the allowed_rps(15), and the query server is suspended for 1s' });
    if (this.nodeErrors?.test(url.pathname)) return send(200, { Error: 'class org.tron.core.exception.StoreException : the node is catching up' });
    const page = <T>(items: T[]) => {
      const limit = Math.min(Number(q.get('limit') ?? 20), 200);
      const offset = Number(Buffer.from(q.get('fingerprint') ?? '', 'base64url').toString() || 0);
      const more = offset + limit < items.length;
      return { items: items.slice(offset, offset + limit), fingerprint: more ? Buffer.from(String(offset + limit)).toString('base64url') : undefined };
    };

    let match = /^\/v1\/contracts\/(T\w{33})\/events$/.exec(url.pathname);
    if (match) {
      const solid = this.solidNumber();
      const since = Number(q.get('min_block_timestamp') ?? 0);
      const events = this.usdtEvents()
        .filter((t) => match?.[1] === this.usdtContract && q.get('event_name') === 'Transfer' && t.timestamp >= since)
        .filter((t) => (q.get('only_confirmed') === 'true' ? t.block <= solid : q.get('only_unconfirmed') === 'true' ? t.block > solid : true))
        .sort((a, b) => a.timestamp - b.timestamp || (a.eventIndex ?? 0) - (b.eventIndex ?? 0));
      if (q.get('order_by') !== 'block_timestamp,asc') events.reverse();
      const { items, fingerprint } = page(events);
      const data = items.map((t) => {
        const from = `0x${(t.from ? tronAddressToHex(t.from) : SENDER_HEX).slice(2)}`;
        const to = `0x${tronAddressToHex(t.to).slice(2)}`;
        return {
          block_number: t.block,
          block_timestamp: t.timestamp,
          caller_contract_address: this.usdtContract,
          contract_address: this.usdtContract,
          event_index: t.eventIndex ?? 0,
          event_name: 'Transfer',
          result: { '0': from, '1': to, '2': t.amountRaw.toString(), from, to, value: t.amountRaw.toString() },
          result_type: { from: 'address', to: 'address', value: 'uint256' },
          event: 'Transfer(address indexed from, address indexed to, uint256 value)',
          transaction_id: t.txId,
          ...(t.block > solid ? { _unconfirmed: true } : {}),
        };
      });
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length, ...(fingerprint && !this.omitFingerprint ? { fingerprint } : {}) } });
    }
    match = /^\/v1\/accounts\/(T\w{33})\/transactions\/trc20$/.exec(url.pathname);
    if (match) {
      // The index of an account's TRC20 transfers: here the USDT transfers broadcast here, once mined.
      const account = match[1] as string;
      const from = Number(q.get('min_timestamp') ?? 0);
      const to = Number(q.get('max_timestamp') ?? Number.MAX_SAFE_INTEGER);
      const moved = [...this.broadcasts.values()]
        .filter((b) => b.mined && b.usdt && (b.usdt.from === account || b.usdt.to === account))
        .filter((b) => (b.minedAt ?? 0) >= from && (b.minedAt ?? 0) <= to)
        .sort((a, b) => (a.minedAt ?? 0) - (b.minedAt ?? 0));
      const { items, fingerprint } = page(moved);
      const data = items.map((b) => ({
        transaction_id: b.txId,
        token_info: { symbol: 'USDT', address: this.usdtContract, decimals: 6, name: 'Tether USD' },
        block_timestamp: b.minedAt,
        from: b.usdt?.from,
        to: b.usdt?.to,
        type: 'Transfer',
        value: b.usdt?.amount.toString(),
      }));
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length, ...(fingerprint ? { fingerprint } : {}) } });
    }
    match = /^\/v1\/accounts\/(T\w{33})$/.exec(url.pathname);
    if (match) {
      // TronGrid's index has nothing for an address TRON has no account for, whatever USDT it holds.
      const address = match[1] as string;
      const usdt = this.accounts.usdtOf(address);
      const data = this.accounts.exists(address)
        ? [{ address: tronAddressToHex(address), balance: Number(this.accounts.trxOf(address)), trc20: usdt > 0n ? [{ [this.usdtContract]: usdt.toString() }] : [] }]
        : [];
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length } });
    }
    const answer = accountRoute(this.accounts, this.usdtContract, url.pathname, body, this.blockNumber);
    if (answer !== undefined) return send(200, answer);
    if (url.pathname === '/wallet/getnowblock') return send(200, this.block(this.blockNumber, true));
    if (url.pathname === '/wallet/getblock' || url.pathname === '/walletsolidity/getblock') {
      // No id_or_num: the newest block (the newest solidified one on the solidity API); detail: with its transactions.
      const newest = url.pathname.startsWith('/walletsolidity') ? this.solidNumber() : this.blockNumber;
      const number = body.id_or_num === undefined || body.id_or_num === '' ? newest : Number(body.id_or_num);
      if (!Number.isSafeInteger(number) || number > newest) return send(200, {});
      return send(200, this.block(number, body.detail === true));
    }
    if (url.pathname === '/wallet/getblockbylimitnext' || url.pathname === '/walletsolidity/getblockbylimitnext') {
      const start = Number(body.startNum);
      const end = Number(body.endNum);
      // GetBlockByLimitNextServlet prints nothing but {} for a range it will not serve (over 100 blocks).
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end <= start || end - start > 100) return send(200, {});
      const newest = url.pathname.startsWith('/walletsolidity') ? this.solidNumber() - this.solidityRangeLag : this.blockNumber - this.fullRangeLag;
      const block = [];
      for (let number = start; number < end && number <= newest; number += 1) block.push(this.block(number, true));
      return send(200, block.length ? { block } : {});
    }
    if (url.pathname === '/wallet/broadcasttransaction') {
      this.broadcastCalls.push(body.txID);
      if (this.dropBroadcasts) {
        req.socket.destroy();
        return;
      }
      // A refusal here stands for a node behind the balancer that refuses before it looks (busy, not
      // synced, a resource it lacks), whether another node has the transaction or not.
      if (this.refuseBroadcastsWith) {
        return send(200, { code: this.refuseBroadcastsWith, txid: body.txID, message: hexOf('Validate TriggerSmartContract error, balance is not sufficient.') });
      }
      const outcome = this.take(body as SignedTransaction);
      if (!outcome.ok) return send(200, { code: outcome.code, txid: body.txID, message: hexOf(outcome.message) });
      if (this.loseBroadcastAnswers) {
        req.socket.destroy();
        return;
      }
      return send(200, { result: true, txid: body.txID });
    }
    if (this.forgetTransactions && /gettransaction(info)?byid$/.test(url.pathname)) return send(200, {});
    if (url.pathname === '/walletsolidity/gettransactioninfobyid' || url.pathname === '/wallet/gettransactioninfobyid') {
      const newest = url.pathname.startsWith('/walletsolidity') ? this.solidNumber() : this.blockNumber;
      // An outside transfer: a TRX transfer's receipt carries no result, a contract call's does.
      const transfer = this.transfers.find((t) => t.txId === body.value && t.block <= newest);
      if (transfer) {
        const receipt = transfer.currency === 'TRX' ? { net_usage: 268 } : { energy_usage_total: 64_285, net_usage: 345, result: 'SUCCESS' };
        return send(200, { id: transfer.txId, blockNumber: transfer.block, blockTimeStamp: transfer.timestamp, contractResult: [''], receipt });
      }
      const found = this.broadcasts.get(body.value);
      if (!found?.mined || found.block === undefined || found.block > newest) return send(200, {});
      const call = found.transaction.raw_data.contract[0]?.type === 'TriggerSmartContract';
      return send(200, transactionInfoJson({ ...found, block: found.block, time: found.minedAt ?? 0, call }, this.usdtContract));
    }
    if (url.pathname === '/wallet/gettransactionbyid') {
      const inBlock = this.transfers.filter((t) => t.txId === body.value);
      if (inBlock.length) return send(200, this.transaction(inBlock));
      const found = this.broadcasts.get(body.value);
      return send(200, found?.mined ? { ret: [{ contractRet: found.receipt.result ?? 'SUCCESS' }], ...found.transaction } : {});
    }
    send(404, { Error: `stand-in has no ${url.pathname}` });
  }

  /** A broadcast as a node takes it in: checked, then applied to its accounts; refused with java-tron's code and message. */
  private take(tx: SignedTransaction): Execution | { ok: false; code: string; message: string } {
    const problem = this.verify(tx);
    if (problem) return { ok: false, code: 'SIGERROR', message: `Validate signature error: ${problem}` };
    if (this.broadcasts.has(tx.txID)) return { ok: false, code: 'DUP_TRANSACTION_ERROR', message: 'Dup transaction.' };
    const raw = tx.raw_data;
    // TaPoS: the reference block is the newest block whose number ends in ref_block_bytes, by its id.
    const low = Number.parseInt(raw.ref_block_bytes, 16);
    const reference = this.blockNumber - ((this.blockNumber - low) & 0xffff);
    if (this.blockId(reference).slice(16, 32) !== raw.ref_block_hash) return { ok: false, code: 'TAPOS_ERROR', message: 'Tapos check error.' };
    if (raw.expiration <= this.timeOf(this.blockNumber)) return { ok: false, code: 'TRANSACTION_EXPIRATION_ERROR', message: 'Transaction expired' };
    const contract = contractOf(tx);
    if (!contract) return { ok: false, code: 'CONTRACT_VALIDATE_ERROR', message: `Contract validate error : the stand-in does not run ${raw.contract[0]?.type}` };
    const outcome = this.accounts.execute(contract, bytesOf(tx), this.blockNumber, this.timeOf(this.blockNumber));
    if (outcome.ok) this.broadcasts.set(tx.txID, { txId: tx.txID, transaction: tx, mined: false, confirmed: false, receipt: outcome.receipt, usdt: outcome.usdt });
    return outcome;
  }

  /** What a node checks first: the id is sha256 of the raw data, the raw data is what the JSON says, and the signature is the sender's. */
  private verify(tx: SignedTransaction): string | null {
    if (!tx.txID || !tx.raw_data_hex || !tx.signature?.[0] || !tx.raw_data?.contract) return 'malformed transaction';
    const digest = createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest();
    if (digest.toString('hex') !== tx.txID) return 'txID does not match raw data';
    // A node reads the JSON, not raw_data_hex: a JSON that says something else is another transaction.
    try {
      if (tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb(tx)).toLowerCase() !== tx.raw_data_hex.toLowerCase()) return 'raw data does not match its JSON';
    } catch {
      return 'malformed transaction';
    }
    const signature = Buffer.from(tx.signature[0], 'hex');
    const recovery = (signature[64] ?? 0) >= 27 ? (signature[64] ?? 0) - 27 : (signature[64] ?? 0);
    const recovered = Buffer.concat([Buffer.from([recovery]), signature.subarray(0, 64)]);
    const publicKey = secp256k1.recoverPublicKey(recovered, digest, { prehash: false });
    const owner = tronAddressFromHex(tx.raw_data.contract[0]?.parameter.value.owner_address ?? '');
    return tronAddressOf(publicKey) === owner ? null : 'signature is not the sender\u2019s';
  }

  /** Decodes a broadcast USDT transfer(address,uint256): recipient and amount. */
  decodeTransfer(txId: string): { to: string; amount: bigint } | null {
    const data = this.broadcasts.get(txId)?.transaction.raw_data.contract[0]?.parameter.value.data;
    if (!data?.startsWith('a9059cbb')) return null;
    const to = tronAddressFromHex(`41${data.slice(8 + 24, 8 + 64)}`);
    return { to, amount: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) };
  }
}
