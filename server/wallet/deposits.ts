import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
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

/** At most this many transfers in one statement (a real chain's poll can return a long page). */
const RECORD_BATCH = 500;

/**
 * Records the transfers a poll saw and credits every confirmed one exactly once: the (tx, event) row is
 * unique, the status moves pending → completed under a row condition, and the ledger transfer's
 * idempotency key is the chain transaction, so overlapping polls, two pollers and restarts are harmless.
 *
 * A poll sees each transfer again until it is final (the devchain looks 20 blocks back), so the
 * sightings are recorded in one statement per batch and only a deposit still pending and now confirmed
 * gets its own credit transaction: recorded one by one (an owner read, an upsert and a claim
 * transaction each), a launch's deposits made a poll take longer than the blocks it waited for, and
 * the credits fell a minute behind (bench/README.md, issue 24).
 */
export async function applyIncoming(
  services: Pick<Services, 'db' | 'sockets'>,
  transfers: IncomingTransfer[],
  rules: DepositRules,
): Promise<number> {
  const seen = new Map<string, IncomingTransfer>();
  for (const incoming of transfers) {
    const key = `${incoming.txId}:${incoming.eventIndex}`;
    const before = seen.get(key);
    // One sighting per (tx, event): an upsert may not touch a row twice in one statement.
    const latest = before && before.confirmations > incoming.confirmations ? before : incoming;
    seen.set(key, { ...latest, final: incoming.final || Boolean(before?.final) });
  }
  const all = [...seen.values()];
  let credited = 0;
  for (let at = 0; at < all.length; at += RECORD_BATCH) {
    const batch = all.slice(at, at + RECORD_BATCH);
    const pending = await recordSightings(services.db, batch, rules);
    for (const incoming of batch) {
      if (!pending.has(`${incoming.txId}:${incoming.eventIndex}`)) continue;
      if (incoming.confirmations < rules.requiredConfirmations && !incoming.final) continue;
      if (await creditDeposit(services, incoming)) credited += 1;
    }
  }
  return credited;
}

/** The batch's transfers to a deposit address, recorded or their confirmations raised; the keys of those still pending. */
async function recordSightings(db: Queryable, batch: IncomingTransfer[], rules: DepositRules): Promise<Set<string>> {
  const sightings = batch.map((incoming) => {
    const credit = creditFor(incoming, rules);
    return {
      tx_id: incoming.txId,
      event_index: incoming.eventIndex,
      address: incoming.to,
      currency: incoming.currency,
      amount_raw: incoming.amountRaw.toString(),
      credit_micro: credit.toString(),
      confirmations: incoming.confirmations,
      status: credit < rules.minDepositMicro ? 'below-minimum' : 'pending',
    };
  });
  const recorded = await rowsOf<{ txId: string; eventIndex: number }>(
    db,
    sql`WITH seen AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(sightings)}::json) AS s(
            tx_id text, event_index integer, address text, currency text, amount_raw bigint,
            credit_micro bigint, confirmations integer, status text)
        ), upserted AS (
          -- A transfer to an address that is not a deposit address is nobody's deposit.
          INSERT INTO deposits (user_id, address, chain_tx_id, event_index, currency, amount_raw, credit_micro, confirmations, status)
          SELECT a.user_id, s.address, s.tx_id, s.event_index, s.currency, s.amount_raw, s.credit_micro, s.confirmations, s.status
          FROM seen s JOIN deposit_addresses a ON a.address = s.address
          -- Rows taken in one order by every poller, so two nodes polling at once cannot deadlock.
          ORDER BY s.tx_id, s.event_index
          ON CONFLICT (chain_tx_id, event_index) DO UPDATE SET confirmations = greatest(deposits.confirmations, excluded.confirmations)
          RETURNING chain_tx_id, event_index, status
        )
        SELECT chain_tx_id AS "txId", event_index AS "eventIndex" FROM upserted WHERE status = 'pending'`,
  );
  return new Set(recorded.map((row) => `${row.txId}:${row.eventIndex}`));
}

/** Moves a confirmed deposit from pending to completed and credits it, in one transaction; false when another poll already did. */
async function creditDeposit(services: Pick<Services, 'db' | 'sockets'>, incoming: IncomingTransfer): Promise<boolean> {
  return moneyTransaction(services, async (money) => {
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
}

/** One poll of the chain for every deposit address; the cursor is stored so restarts resume. */
export async function pollDeposits(
  services: Pick<Services, 'db' | 'sockets'>,
  gateway: ChainGateway,
  rules: DepositRules,
  log?: Logger,
): Promise<number> {
  const [cursorRow] = await services.db.select().from(chainState).where(eq(chainState.name, CURSOR));
  const addresses = (await services.db.select({ address: depositAddresses.address }).from(depositAddresses)).map((r) => r.address);
  const { transfers, cursor } = await gateway.incomingTransfers(addresses, cursorRow?.value ?? null);
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
