import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { namedStatement } from '../db/named.ts';
import { chainState, depositAddresses } from '../db/schema.ts';
import { readTransfers, SYSTEM_ACCOUNT_SHARDS, transfersPayload, type TransferRequest, type TransferRow } from '../ledger/ledger.ts';
import { tellBalances } from '../ledger/notify.ts';
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
 * sightings are recorded in one statement per batch, and only a deposit still pending and now confirmed
 * is credited, in one statement of its own: recorded one by one (an owner read, an upsert and a claim
 * transaction of four round trips each), a launch's deposits made a poll take longer than the blocks
 * it waited for, and the credits fell more than a minute behind (bench/README.md, issue 24).
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
    const due = batch.filter((incoming) => incoming.confirmations >= rules.requiredConfirmations || incoming.final);
    const credits = due.flatMap((incoming) => pending.get(`${incoming.txId}:${incoming.eventIndex}`) ?? []);
    // A few at a time: each is one statement of its own, so one waiting on its player's account (a
    // game's settlement, a bet) does not hold up the others.
    for (let next = 0; next < credits.length; next += CREDITS_AT_ONCE) {
      const done = await Promise.all(credits.slice(next, next + CREDITS_AT_ONCE).map((deposit) => creditDeposit(services, deposit)));
      credited += done.filter(Boolean).length;
    }
  }
  return credited;
}

/** A deposit recorded as pending: what its credit needs. */
interface PendingDeposit {
  id: string;
  userId: string;
  txId: string;
  eventIndex: number;
  creditMicro: bigint;
}

/** The batch's transfers to a deposit address, recorded or their confirmations raised; those still pending, by key. */
async function recordSightings(db: Queryable, batch: IncomingTransfer[], rules: DepositRules): Promise<Map<string, PendingDeposit>> {
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
  const recorded = await rowsOf<{ id: string; userId: string; txId: string; eventIndex: number; creditMicro: string }>(
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
          RETURNING id, user_id, chain_tx_id, event_index, credit_micro, status
        )
        SELECT id::text AS "id", user_id::text AS "userId", chain_tx_id AS "txId", event_index AS "eventIndex", credit_micro::text AS "creditMicro"
        FROM upserted WHERE status = 'pending'`,
  );
  return new Map(recorded.map((row) => [`${row.txId}:${row.eventIndex}`, { ...row, creditMicro: BigInt(row.creditMicro) }]));
}

/** Confirmed deposits credited at once by one poll, each its own statement. */
const CREDITS_AT_ONCE = 4;

/**
 * Moves a confirmed deposit from pending to completed and credits it, in one statement (so the
 * player's account is locked for that statement only); false when another poll already did. Its player
 * hears the new balance after it.
 */
async function creditDeposit(services: Pick<Services, 'db' | 'sockets'>, deposit: PendingDeposit): Promise<boolean> {
  const request: TransferRequest = {
    from: 'chain',
    to: { kind: 'user', userId: deposit.userId },
    amount: deposit.creditMicro,
    kind: 'deposit',
    idempotencyKey: `deposit:${deposit.txId}:${deposit.eventIndex}`,
    ref: deposit.id,
  };
  const rows = await claimAndCredit<TransferRow>(services.db, {
    txId: deposit.txId,
    eventIndex: deposit.eventIndex,
    transfer: transfersPayload([request], randomInt(SYSTEM_ACCOUNT_SHARDS)),
  });
  if (rows.length === 0) return false;
  const [result] = readTransfers([request], rows);
  tellBalances(services, new Map(Object.entries(result?.balances ?? {})));
  return true;
}

const claimAndCredit = namedStatement<'txId' | 'eventIndex' | 'transfer'>(
  'credit_deposit',
  (v) => sql`
    WITH claimed AS (
      UPDATE deposits SET status = 'completed', credited_at = now()
      WHERE chain_tx_id = ${v('txId')} AND event_index = ${v('eventIndex')}::integer AND status = 'pending'
      RETURNING id
    )
    -- The transfer only for a deposit this statement claimed: with none, nothing moves.
    SELECT x.o_index, x.o_transfer_id::text AS o_transfer_id, x.o_applied, x.o_insufficient,
           x.o_from_balance::text AS o_from_balance, x.o_to_balance::text AS o_to_balance
    FROM claimed CROSS JOIN LATERAL ledger_transfers(${v('transfer')}::jsonb) x`,
);

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
