import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { chainState, depositAddresses, deposits } from '../db/schema.ts';
import { moneyTransaction } from '../ledger/notify.ts';
import type { ChainGateway, IncomingTransfer } from './gateway.ts';

const CURSOR = 'deposit_cursor';

/** The player's deposit address: made on first ask, the same one ever after. */
export async function depositAddressOf(db: Queryable, gateway: ChainGateway, userId: string): Promise<string> {
  const [existing] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  if (existing) return existing.address;
  const result = (await db.execute(sql`SELECT nextval('deposit_address_index')::int AS index`)) as unknown as { rows: { index: number }[] };
  const index = result.rows[0]?.index;
  if (index === undefined) throw new Error('no derivation index');
  await db
    .insert(depositAddresses)
    .values({ userId, derivationIndex: index, address: gateway.depositAddress(index) })
    .onConflictDoNothing({ target: depositAddresses.userId });
  // A concurrent first ask may have won; its address is the one.
  const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  if (!row) throw new Error('deposit address vanished');
  return row.address;
}

export interface DepositRules {
  requiredConfirmations: number;
  trxRateMicro: bigint;
  minDepositMicro: bigint;
}

export function creditFor(transfer: Pick<IncomingTransfer, 'currency' | 'amountRaw'>, rules: DepositRules): bigint {
  // TRX has 6 decimals (sun), like USDT: sun × (micro-USDT per TRX) / 10^6, rounded down.
  return transfer.currency === 'USDT' ? transfer.amountRaw : (transfer.amountRaw * rules.trxRateMicro) / 1_000_000n;
}

/**
 * Records the transfers a poll saw and credits every confirmed one exactly once: the (tx, event) row is
 * unique, the status moves pending → completed under a row condition, and the ledger transfer's
 * idempotency key is the chain transaction, so overlapping polls, two pollers and restarts are harmless.
 */
export async function applyIncoming(
  services: Pick<Services, 'db' | 'sockets'>,
  transfers: IncomingTransfer[],
  rules: DepositRules,
): Promise<number> {
  let credited = 0;
  for (const incoming of transfers) {
    const [owner] = await services.db.select().from(depositAddresses).where(eq(depositAddresses.address, incoming.to));
    if (!owner) continue;
    const credit = creditFor(incoming, rules);
    await services.db
      .insert(deposits)
      .values({
        userId: owner.userId,
        address: incoming.to,
        chainTxId: incoming.txId,
        eventIndex: incoming.eventIndex,
        currency: incoming.currency,
        amountRaw: incoming.amountRaw,
        creditMicro: credit,
        confirmations: incoming.confirmations,
        status: credit < rules.minDepositMicro ? 'below-minimum' : 'pending',
      })
      .onConflictDoUpdate({
        target: [deposits.chainTxId, deposits.eventIndex],
        set: { confirmations: sql`greatest(${deposits.confirmations}, ${incoming.confirmations})` },
      });
    if (incoming.confirmations < rules.requiredConfirmations && !incoming.final) continue;
    const didCredit = await moneyTransaction(services, async (money) => {
      const [claimed] = await money.tx
        .update(deposits)
        .set({ status: 'completed', creditedAt: new Date() })
        .where(and(eq(deposits.chainTxId, incoming.txId), eq(deposits.eventIndex, incoming.eventIndex), eq(deposits.status, 'pending')))
        .returning();
      if (!claimed) return false;
      await money.transfer({
        from: 'chain',
        to: { kind: 'user', userId: claimed.userId },
        amount: claimed.creditMicro,
        kind: 'deposit',
        idempotencyKey: `deposit:${claimed.chainTxId}:${claimed.eventIndex}`,
        ref: claimed.id,
      });
      return true;
    });
    if (didCredit) credited += 1;
  }
  return credited;
}

/** One poll of the chain for every deposit address; the cursor is stored so restarts resume. */
export async function pollDeposits(
  services: Pick<Services, 'db' | 'sockets'>,
  gateway: ChainGateway,
  rules: DepositRules,
  log?: Logger,
): Promise<number> {
  const [cursorRow] = await services.db.select().from(chainState).where(eq(chainState.name, CURSOR));
  const watched = await services.db.select({ address: depositAddresses.address, createdAt: depositAddresses.createdAt }).from(depositAddresses);
  const addresses = watched.map((r) => r.address);
  const watchedSince = watched.reduce<Date | null>((oldest, r) => (!oldest || r.createdAt < oldest ? r.createdAt : oldest), null);
  const { transfers, cursor } = await gateway.incomingTransfers(addresses, cursorRow?.value ?? null, watchedSince);
  const credited = await applyIncoming(services, transfers, rules);
  if (cursor !== null) {
    await services.db
      .insert(chainState)
      .values({ name: CURSOR, value: cursor })
      .onConflictDoUpdate({ target: chainState.name, set: { value: cursor } });
  }
  if (credited) log?.info({ credited }, 'deposits credited');
  return credited;
}
