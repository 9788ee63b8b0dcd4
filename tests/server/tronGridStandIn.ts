import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { tronAddressFromHex, tronAddressOf, tronAddressToHex } from '../../server/wallet/tronAddress.ts';

/**
 * A loopback stand-in for TronGrid (TronGrid's v1 account API and the full/solidity node HTTP API), for
 * the paths the gateway uses, answering with the response shapes of TronGrid's documentation. It checks
 * what it is sent like a node would: the transaction id is the hash of the raw data, and the signature
 * recovers to the sender.
 */
export interface StandInTransfer {
  txId: string;
  /** Position of the Transfer event in its transaction (USDT). */
  eventIndex?: number;
  to: string;
  from?: string;
  currency: 'USDT' | 'TRX';
  amountRaw: bigint;
  timestamp: number;
  confirmed: boolean;
}

interface Broadcast {
  txId: string;
  transaction: { raw_data: { contract: { parameter: { value: { data: string; owner_address: string } } }[] } };
  confirmed: boolean;
  result: 'SUCCESS' | 'REVERT';
}

export class TronGridStandIn {
  readonly usdtContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  transfers: StandInTransfer[] = [];
  broadcasts = new Map<string, Broadcast>();
  broadcastCalls: string[] = [];
  /** When set, the next broadcasts are refused with this TRON error code. */
  refuseBroadcastsWith: string | null = null;
  /** When set, the server drops the connection on broadcast (an outcome the client cannot know). */
  dropBroadcasts = false;
  requests: string[] = [];
  blockNumber = 60_000_000;
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

  addTransfer(transfer: Omit<StandInTransfer, 'txId' | 'timestamp'> & { txId?: string; timestamp?: number }): string {
    const txId = transfer.txId ?? randomBytes(32).toString('hex');
    this.transfers.push({ ...transfer, txId, timestamp: transfer.timestamp ?? Date.now() });
    return txId;
  }

  confirmAll(): void {
    for (const t of this.transfers) t.confirmed = true;
    for (const b of this.broadcasts.values()) b.confirmed = true;
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

    let match = /^\/v1\/accounts\/(T\w{33})\/transactions\/trc20$/.exec(url.pathname);
    if (match) {
      const address = match[1];
      const data = this.list(address, 'USDT', q).map((t) => ({
        transaction_id: t.txId,
        token_info: { symbol: 'USDT', address: this.usdtContract, decimals: 6, name: 'Tether USD' },
        block_timestamp: t.timestamp,
        from: t.from ?? 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        to: t.to,
        type: 'Transfer',
        value: t.amountRaw.toString(),
      }));
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length } });
    }
    match = /^\/v1\/transactions\/([0-9a-f]{64})\/events$/.exec(url.pathname);
    if (match) {
      const seen = new Set<number>();
      const data = this.transfers
        .filter((t) => t.txId === match?.[1] && t.currency === 'USDT')
        .filter((t) => (q.get('only_confirmed') === 'true' ? t.confirmed : true))
        .filter((t) => !seen.has(t.eventIndex ?? 0) && seen.add(t.eventIndex ?? 0))
        .map((t) => ({
          block_number: this.blockNumber,
          block_timestamp: t.timestamp,
          caller_contract_address: this.usdtContract,
          contract_address: this.usdtContract,
          event_index: t.eventIndex ?? 0,
          event_name: 'Transfer',
          result: {
            '0': '0x8a4d6d1f47f3a5ee4a0ab8b9e8b2ee3ad3ff2b49',
            '1': `0x${tronAddressToHex(t.to).slice(2)}`,
            '2': t.amountRaw.toString(),
            from: '0x8a4d6d1f47f3a5ee4a0ab8b9e8b2ee3ad3ff2b49',
            to: `0x${tronAddressToHex(t.to).slice(2)}`,
            value: t.amountRaw.toString(),
          },
          result_type: { from: 'address', to: 'address', value: 'uint256' },
          event: 'Transfer(address indexed from, address indexed to, uint256 value)',
          transaction_id: t.txId,
        }));
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length } });
    }
    match = /^\/v1\/accounts\/(T\w{33})\/transactions$/.exec(url.pathname);
    if (match) {
      const data = this.list(match[1], 'TRX', q).map((t) => ({
        ret: [{ contractRet: 'SUCCESS', fee: 0 }],
        signature: ['00'.repeat(65)],
        txID: t.txId,
        net_usage: 268,
        raw_data_hex: '0a02',
        net_fee: 0,
        energy_usage: 0,
        blockNumber: this.blockNumber,
        block_timestamp: t.timestamp,
        energy_fee: 0,
        energy_usage_total: 0,
        raw_data: {
          contract: [
            {
              parameter: {
                value: { amount: Number(t.amountRaw), owner_address: '41'.padEnd(42, '1'), to_address: tronAddressToHex(t.to) },
                type_url: 'type.googleapis.com/protocol.TransferContract',
              },
              type: 'TransferContract',
            },
          ],
          ref_block_bytes: 'abcd',
          ref_block_hash: '0123456789abcdef',
          expiration: t.timestamp + 60_000,
          timestamp: t.timestamp,
        },
        internal_transactions: [],
      }));
      return send(200, { data, success: true, meta: { at: Date.now(), page_size: data.length } });
    }
    match = /^\/v1\/accounts\/(T\w{33})$/.exec(url.pathname);
    if (match) {
      const address = match[1] as string;
      const sum = (currency: 'USDT' | 'TRX') =>
        this.transfers.filter((t) => t.to === address && t.currency === currency && t.confirmed).reduce((a, t) => a + t.amountRaw, 0n);
      return send(200, {
        data: [{ address: tronAddressToHex(address), balance: Number(sum('TRX')), trc20: [{ [this.usdtContract]: sum('USDT').toString() }] }],
        success: true,
        meta: { at: Date.now(), page_size: 1 },
      });
    }
    if (url.pathname === '/wallet/getblock' || url.pathname === '/wallet/getnowblock') {
      const blockID = this.blockNumber.toString(16).padStart(16, '0') + createHash('sha256').update(String(this.blockNumber)).digest('hex').slice(16);
      return send(200, { blockID, block_header: { raw_data: { number: this.blockNumber, timestamp: Date.now(), txTrieRoot: '0'.repeat(64), parentHash: '0'.repeat(64), witness_address: '41'.padEnd(42, '0'), version: 30 }, witness_signature: '00' } });
    }
    if (url.pathname === '/wallet/broadcasttransaction') {
      this.broadcastCalls.push(body.txID);
      if (this.dropBroadcasts) {
        req.socket.destroy();
        return;
      }
      const problem = this.verify(body);
      if (problem) return send(200, { code: 'SIGERROR', txid: body.txID, message: Buffer.from(problem).toString('hex') });
      if (this.broadcasts.has(body.txID)) return send(200, { code: 'DUP_TRANSACTION_ERROR', txid: body.txID, message: Buffer.from('dup transaction').toString('hex') });
      if (this.refuseBroadcastsWith) {
        return send(200, { code: this.refuseBroadcastsWith, txid: body.txID, message: Buffer.from('Validate TriggerSmartContract error, balance is not sufficient.').toString('hex') });
      }
      this.broadcasts.set(body.txID, { txId: body.txID, transaction: body, confirmed: false, result: 'SUCCESS' });
      return send(200, { result: true, txid: body.txID });
    }
    if (url.pathname === '/walletsolidity/gettransactioninfobyid') {
      const found = this.broadcasts.get(body.value);
      if (!found?.confirmed) return send(200, {});
      return send(200, { id: found.txId, fee: 13_844_850, blockNumber: this.blockNumber, blockTimeStamp: Date.now(), contractResult: [''], contract_address: tronAddressToHex(this.usdtContract), receipt: { energy_usage_total: 64_285, net_usage: 345, result: found.result }, log: [] });
    }
    if (url.pathname === '/wallet/gettransactionbyid') {
      const found = this.broadcasts.get(body.value);
      return send(200, found ? { ...found.transaction, ret: [{ contractRet: 'SUCCESS' }] } : {});
    }
    send(404, { Error: `stand-in has no ${url.pathname}` });
  }

  private list(address: string | undefined, currency: 'USDT' | 'TRX', q: URLSearchParams): StandInTransfer[] {
    const since = Number(q.get('min_timestamp') ?? 0);
    if (currency === 'USDT' && q.get('contract_address') !== this.usdtContract) return [];
    return this.transfers
      .filter((t) => t.to === address && t.currency === currency && t.timestamp >= since)
      .filter((t) => (q.get('only_confirmed') === 'true' ? t.confirmed : q.get('only_unconfirmed') === 'true' ? !t.confirmed : true))
      .sort((a, b) => a.timestamp - b.timestamp);
  }

  /** What a node checks first: the id is sha256 of the raw data, and the signature is the sender's. */
  private verify(tx: { txID?: string; raw_data_hex?: string; signature?: string[]; raw_data?: Broadcast['transaction']['raw_data'] }): string | null {
    if (!tx.txID || !tx.raw_data_hex || !tx.signature?.[0] || !tx.raw_data) return 'malformed transaction';
    const digest = createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest();
    if (digest.toString('hex') !== tx.txID) return 'txID does not match raw data';
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
