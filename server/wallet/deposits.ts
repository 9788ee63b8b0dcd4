import { and, eq, inArray, min, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import { arrayLiteral } from '../db/arrays.ts';
import type { Queryable } from '../db/client.ts';
import { chainState, depositAddresses, deposits } from '../db/schema.ts';
import { moneyTransaction } from '../ledger/notify.ts';
import type { ChainGateway, DepositWatch, IncomingTransfer } from './gateway.ts';

const CURSOR = 'deposit_cursor';

/** The players whose deposit addresses these are, by address (those that are nobody's left out). */
type OwnerLookup = (addresses: string[]) => Promise<Map<string, { userId: string }>>;

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
 * Which of these transfers are settled already (credited, or kept as below the minimum): a poll sees a
 * transfer again until it is final (the devchain for 20 blocks after it was credited at 3), and a
 * settled one changes nothing, so one read for the whole poll replaces its upsert and claim. A deposit
 * marked failed (the chain had dropped it, droppedDeposits.ts) is not settled: seen again, it is
 * pending again, and credited once final.
 */
async function settledAmong(db: Queryable, transfers: IncomingTransfer[]): Promise<Set<string>> {
  const ids = [...new Set(transfers.map((transfer) => transfer.txId))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ txId: deposits.chainTxId, eventIndex: deposits.eventIndex })
    .from(deposits)
    .where(and(sql`${deposits.chainTxId} = ANY(${arrayLiteral(ids)}::text[])`, sql`${deposits.status} IN ('completed', 'below-minimum')`));
  return new Set(rows.map((row) => `${row.txId}:${row.eventIndex}`));
}

/**
 * Records the transfers a poll saw and credits every confirmed one exactly once: the (tx, event) row is
 * unique, the status moves pending → completed under a row condition, and the ledger transfer's
 * idempotency key is the chain transaction, so overlapping polls, two pollers and restarts are harmless.
 */
export async function applyIncoming(
  services: Pick<Services, 'db' | 'sockets' | 'metrics'>,
  transfers: IncomingTransfer[],
  rules: DepositRules,
  lookUpOwners: OwnerLookup = (addresses) => ownersOf(services.db, addresses),
): Promise<number> {
  let credited = 0;
  // A transfer of nothing is nobody's deposit: zero-value Transfer events are sent to strangers' addresses
  // by the thousand (address poisoning), and one recorded would fail the row's amount check and stop
  // every poll after it.
  const moved = transfers.filter((incoming) => incoming.amountRaw > 0n);
  const settled = await settledAmong(services.db, moved);
  const fresh = moved.filter((incoming) => !settled.has(`${incoming.txId}:${incoming.eventIndex}`));
  const owners = await lookUpOwners(fresh.map((incoming) => incoming.to));
  for (const incoming of fresh) {
    const owner = owners.get(incoming.to);
    if (!owner) continue;
    const credit = creditFor(incoming, rules);
    const [sighting] = await services.db
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
        set: {
          confirmations: sql`greatest(${deposits.confirmations}, ${incoming.confirmations})`,
          // Seen again after it was marked failed: the chain has it after all.
          status: sql`CASE WHEN ${deposits.status} = 'failed' THEN 'pending' ELSE ${deposits.status} END`,
        },
      })
      // xmax = 0: this statement inserted the row (a poll sees a transfer again until it is final).
      .returning({ firstSeen: sql<boolean>`(xmax = 0)` });
    if (sighting?.firstSeen) services.metrics.depositSeen(incoming.currency);
    if (incoming.confirmations < rules.requiredConfirmations && !incoming.final) continue;
    // A final sighting is proof enough: the claim takes a deposit marked failed too, as the drop check on
    // another node may have marked it between the upsert above and this claim, and the cursor moves past
    // this sighting.
    const didCredit = await moneyTransaction(services, async (money) => {
      const [claimed] = await money.tx
        .update(deposits)
        .set({ status: 'completed', creditedAt: new Date() })
        .where(and(eq(deposits.chainTxId, incoming.txId), eq(deposits.eventIndex, incoming.eventIndex), inArray(deposits.status, ['pending', 'failed'])))
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
    if (didCredit) {
      credited += 1;
      services.metrics.depositCredited(incoming.currency);
    }
  }
  return credited;
}

/**
 * The players whose deposit addresses these are, by address, in one statement through the unique index.
 * One array parameter, however many: a poll catching up may bring tens of thousands.
 */
async function ownersOf(db: Queryable, addresses: string[]): Promise<Map<string, { userId: string }>> {
  const candidates = [...new Set(addresses)];
  if (candidates.length === 0) return new Map();
  const found = await db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(sql`${depositAddresses.address} = ANY(${arrayLiteral(candidates)}::text[])`);
  return new Map(found.map((row) => [row.address, { userId: row.userId }]));
}

/**
 * The deposit addresses as one poll's gateway asks about them, by the addresses it sees. What it learnt
 * is kept for the poll (`owners`), so crediting the transfers it returns reads no owner again.
 */
export function depositWatch(db: Queryable): DepositWatch & { owners: OwnerLookup } {
  const known = new Map<string, { userId: string } | null>();
  const owners: OwnerLookup = async (addresses) => {
    const unknown = [...new Set(addresses)].filter((address) => !known.has(address));
    if (unknown.length) {
      const found = await ownersOf(db, unknown);
      for (const address of unknown) known.set(address, found.get(address) ?? null);
    }
    const answer = new Map<string, { userId: string }>();
    for (const address of addresses) {
      const owner = known.get(address);
      if (owner) answer.set(address, owner);
    }
    return answer;
  };
  return {
    owners,
    async ours(addresses) {
      return new Set((await owners(addresses)).keys());
    },
    async since() {
      const [first] = await db.select({ at: min(depositAddresses.createdAt) }).from(depositAddresses);
      return first?.at ?? null;
    },
  };
}

/** One poll of the chain for deposits to any of our addresses; the cursor is stored so restarts resume. */
export async function pollDeposits(
  services: Pick<Services, 'db' | 'sockets' | 'metrics'>,
  gateway: ChainGateway,
  rules: DepositRules,
  log?: Logger,
): Promise<number> {
  const [cursorRow] = await services.db.select().from(chainState).where(eq(chainState.name, CURSOR));
  const watch = depositWatch(services.db);
  const { transfers, cursor, lagBlocks } = await gateway.incomingTransfers(cursorRow?.value ?? null, watch);
  const credited = await applyIncoming(services, transfers, rules, watch.owners);
  if (cursor !== null) {
    await services.db
      .insert(chainState)
      .values({ name: CURSOR, value: cursor })
      .onConflictDoUpdate({ target: chainState.name, set: { value: cursor } });
    // Once stored: a poll that fails before leaves the last stored cursor's figure.
    if (lagBlocks !== undefined) services.metrics.depositCursorLag(lagBlocks);
  }
  if (credited) log?.info({ credited }, 'deposits credited');
  return credited;
}
