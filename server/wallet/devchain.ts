import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { chainState, devchainTransfers } from '../db/schema.ts';
import type { BroadcastResult, ChainCurrency, ChainGateway, DepositWatch, IncomingTransfer, SignedWithdrawal, TransactionStatus } from './gateway.ts';
import { accountXpubFromSeed, depositAddressFromXpub } from './tronAddress.ts';

// A fixed, public seed: devchain addresses are real-looking TRON addresses that hold nothing real.
const DEV_SEED = createHash('sha256').update('duel-stakes devchain seed').digest();
const DEV_XPUB = accountXpubFromSeed(DEV_SEED);
/** Where the devchain's withdrawals come from, and its "outside world" sender of deposits. */
export const DEVCHAIN_HOT_WALLET = depositAddressFromXpub(DEV_XPUB, 2 ** 31 - 1);
const OUTSIDE_SENDER = depositAddressFromXpub(DEV_XPUB, 2 ** 31 - 2);
const SIGNATURE_LIFETIME_MS = 60_000;
const WITHDRAWAL_CONFIRMATIONS = 2;

export interface DevchainOptions {
  blockMs: number;
  hotWalletMicro: bigint;
  now?: () => number;
}

/**
 * A simulated TRON kept in the database, so it survives restarts and every node sees one chain.
 * Block height follows the clock (one block every `blockMs` from a genesis time stored once), so
 * confirmations grow with no process having to mine.
 */
export class Devchain implements ChainGateway {
  readonly name = 'devchain' as const;
  private genesis: number | undefined;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    private readonly options: DevchainOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  depositAddress(index: number): string {
    return depositAddressFromXpub(DEV_XPUB, index);
  }

  async height(): Promise<number> {
    if (this.genesis === undefined) {
      await this.db
        .insert(chainState)
        .values({ name: 'devchain_genesis', value: String(this.now()) })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(chainState).where(eq(chainState.name, 'devchain_genesis'));
      this.genesis = Number(row?.value);
    }
    return Math.floor((this.now() - this.genesis) / this.options.blockMs);
  }

  /** The dev-only way money arrives: a transfer from outside to `to`, included in the current block. */
  async simulateIncoming(to: string, currency: ChainCurrency, amountRaw: bigint, txId?: string): Promise<string> {
    const id = txId ?? randomBytes(32).toString('hex');
    await this.db
      .insert(devchainTransfers)
      .values({ txId: id, eventIndex: 0, currency, fromAddress: OUTSIDE_SENDER, toAddress: to, amountRaw, blockNumber: await this.height() })
      .onConflictDoNothing();
    return id;
  }

  async incomingTransfers(cursor: string | null, watch: DepositWatch) {
    const height = await this.height();
    const fromBlock = cursor === null ? 0 : Number(cursor);
    const recent = await this.db.select().from(devchainTransfers).where(gte(devchainTransfers.blockNumber, fromBlock));
    const ours = await watch.ours(recent.map((row) => row.toAddress));
    const rows = recent.filter((row) => ours.has(row.toAddress));
    const transfers: IncomingTransfer[] = rows.map((row) => ({
      txId: row.txId,
      eventIndex: row.eventIndex,
      to: row.toAddress,
      currency: row.currency,
      amountRaw: row.amountRaw,
      confirmations: Math.max(0, height - row.blockNumber),
      final: height - row.blockNumber >= 19,
    }));
    // Keep looking back far enough that nothing unconfirmed is skipped.
    const next = Math.max(fromBlock, height - 20);
    return { transfers, cursor: String(next) };
  }

  async signWithdrawal(to: string, amountMicro: bigint): Promise<SignedWithdrawal> {
    const expiresAt = new Date(this.now() + SIGNATURE_LIFETIME_MS);
    const body = JSON.stringify({ to, amountMicro: amountMicro.toString(), expiresAt: expiresAt.toISOString(), nonce: randomBytes(8).toString('hex') });
    return { txId: createHash('sha256').update(body).digest('hex'), payload: body, expiresAt };
  }

  async broadcast(withdrawal: SignedWithdrawal): Promise<BroadcastResult> {
    const body = JSON.parse(withdrawal.payload) as { to: string; amountMicro: string; expiresAt: string };
    if (createHash('sha256').update(withdrawal.payload).digest('hex') !== withdrawal.txId) {
      return { accepted: false, reason: 'signature does not match' };
    }
    const [existing] = await this.db.select().from(devchainTransfers).where(eq(devchainTransfers.txId, withdrawal.txId));
    if (existing) return { accepted: true };
    if (Date.parse(body.expiresAt) < this.now()) return { accepted: false, reason: 'transaction expired' };
    const amount = BigInt(body.amountMicro);
    const [sent] = (await this.db
      .select({ total: sql<string>`coalesce(sum(${devchainTransfers.amountRaw}), 0)::text` })
      .from(devchainTransfers)
      .where(and(eq(devchainTransfers.fromAddress, DEVCHAIN_HOT_WALLET), eq(devchainTransfers.currency, 'USDT')))) as { total: string }[];
    if (BigInt(sent?.total ?? '0') + amount > this.options.hotWalletMicro) {
      return { accepted: false, reason: 'hot wallet balance is not enough' };
    }
    await this.db
      .insert(devchainTransfers)
      .values({ txId: withdrawal.txId, currency: 'USDT', fromAddress: DEVCHAIN_HOT_WALLET, toAddress: body.to, amountRaw: amount, blockNumber: await this.height() })
      .onConflictDoNothing();
    return { accepted: true };
  }

  async transactionStatus(txId: string): Promise<TransactionStatus> {
    const [row] = await this.db.select().from(devchainTransfers).where(eq(devchainTransfers.txId, txId));
    if (!row) return 'unknown';
    return (await this.height()) - row.blockNumber >= WITHDRAWAL_CONFIRMATIONS ? 'confirmed' : 'pending';
  }

  /** The devchain is one database: its transfers are the only source. */
  async withdrawalSeen(txId: string): Promise<boolean> {
    return (await this.transactionStatus(txId)) !== 'unknown';
  }

  async balances(address: string) {
    const rows = (await this.db
      .select({
        currency: devchainTransfers.currency,
        incoming: sql<string>`coalesce(sum(case when ${devchainTransfers.toAddress} = ${address} then ${devchainTransfers.amountRaw} else 0 end), 0)::text`,
        outgoing: sql<string>`coalesce(sum(case when ${devchainTransfers.fromAddress} = ${address} then ${devchainTransfers.amountRaw} else 0 end), 0)::text`,
      })
      .from(devchainTransfers)
      .where(or(eq(devchainTransfers.toAddress, address), eq(devchainTransfers.fromAddress, address)))
      .groupBy(devchainTransfers.currency)) as { currency: ChainCurrency; incoming: string; outgoing: string }[];
    const net = (currency: ChainCurrency) => {
      const row = rows.find((r) => r.currency === currency);
      return row ? BigInt(row.incoming) - BigInt(row.outgoing) : 0n;
    };
    return { usdtMicro: net('USDT'), trxSun: net('TRX') };
  }
}
