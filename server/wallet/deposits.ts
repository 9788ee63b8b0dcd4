import { randomInt } from 'node:crypto';
import { and, eq, min, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import { arrayLiteral } from '../db/arrays.ts';
import type { Queryable } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { chainState, depositAddresses, deposits } from '../db/schema.ts';
import { SYSTEM_ACCOUNT_SHARDS } from '../ledger/ledger.ts';
import { tellBalance } from '../ledger/notify.ts';
import { creditFor, type DepositRules } from './depositRules.ts';
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

/** One row of a poll's sightings, as `recordSightings` writes it. */
interface Sighting {
  userId: string;
  incoming: IncomingTransfer;
  credit: bigint;
  status: 'pending' | 'below-minimum';
}

/**
 * Every sighting of a poll in one statement: new transfers recorded, known ones given their latest
 * confirmations (and one marked failed seen again is pending again: the chain has it after all). Arrays,
 * not a row of parameters each, so the text and its plan are the same for one sighting or a catch-up's
 * thousands. The rows go in key order, so two pollers upserting the same transfers lock them in the same
 * order and cannot deadlock on each other.
 */
const recordSightings = namedStatement<'users' | 'addresses' | 'txIds' | 'events' | 'currencies' | 'amounts' | 'credits' | 'confirmations' | 'statuses'>(
  'deposit_sightings',
  (v) => sql`INSERT INTO deposits (user_id, address, chain_tx_id, event_index, currency, amount_raw, credit_micro, confirmations, status)
             SELECT * FROM unnest(${v('users')}::uuid[], ${v('addresses')}::text[], ${v('txIds')}::text[], ${v('events')}::int[],
                                  ${v('currencies')}::text[], ${v('amounts')}::bigint[], ${v('credits')}::bigint[], ${v('confirmations')}::int[],
                                  ${v('statuses')}::text[])
             ON CONFLICT (chain_tx_id, event_index) DO UPDATE
               SET confirmations = greatest(deposits.confirmations, excluded.confirmations),
                   status = CASE WHEN deposits.status = 'failed' THEN 'pending' ELSE deposits.status END
             -- xmax = 0: this statement inserted the row (a poll sees a transfer again until it is final).
             RETURNING currency, (xmax = 0) AS first_seen`,
);

/**
 * A confirmed deposit credited in one statement, which is its own transaction: the claim moves it
 * pending → completed under a row condition, and the same statement's ledger transfer (keyed by the
 * chain transaction) moves its credit from the chain's account to the player's. Nothing comes back when
 * it was credited already. A final sighting is proof enough: the claim takes a deposit marked failed
 * too, as the drop check on another node may have marked it between the sighting and this claim, and
 * the cursor moves past this sighting.
 */
const creditDeposit = namedStatement<'txId' | 'eventIndex' | 'creditedAt' | 'shard'>(
  'credit_deposit',
  (v) => sql`WITH claimed AS (
               UPDATE deposits SET status = 'completed', credited_at = ${v('creditedAt')}::timestamptz
               WHERE chain_tx_id = ${v('txId')}::text AND event_index = ${v('eventIndex')}::int AND status IN ('pending', 'failed')
               RETURNING id, user_id, credit_micro, chain_tx_id, event_index
             )
             SELECT c.user_id::text AS user_id, t.o_applied, t.o_to_balance::text AS balance
             FROM claimed c,
             LATERAL ledger_transfers(jsonb_build_array(jsonb_build_object(
               'fromKind', 'chain', 'fromUser', NULL, 'toKind', 'user', 'toUser', c.user_id,
               'amount', c.credit_micro::text, 'kind', 'deposit',
               'key', 'deposit:' || c.chain_tx_id || ':' || c.event_index, 'ref', c.id::text,
               'shard', ${v('shard')}::int))) t`,
);

/** How many confirmed deposits one poll credits at a time: each is its own short statement, and a catch-up of thousands must not take the whole pool from the games. */
const CREDITS_AT_ONCE = 4;

/** A sighting per (transaction, event), the most confirmed one, in key order (see recordSightings). */
function oneSightingEach(sightings: Sighting[]): Sighting[] {
  const byKey = new Map<string, Sighting>();
  for (const sighting of sightings) {
    const key = `${sighting.incoming.txId}:${sighting.incoming.eventIndex}`;
    const kept = byKey.get(key);
    if (!kept) byKey.set(key, sighting);
    else {
      const confirmations = Math.max(kept.incoming.confirmations, sighting.incoming.confirmations);
      byKey.set(key, { ...kept, incoming: { ...kept.incoming, confirmations, final: kept.incoming.final || sighting.incoming.final } });
    }
  }
  return [...byKey.values()].sort((a, b) =>
    a.incoming.txId < b.incoming.txId ? -1 : a.incoming.txId > b.incoming.txId ? 1 : a.incoming.eventIndex - b.incoming.eventIndex,
  );
}

/** Credits one confirmed deposit (creditDeposit) and, once committed, tells its player the new balance; false when it was credited already. */
async function creditOne(services: Pick<Services, 'db' | 'sockets' | 'metrics'>, incoming: IncomingTransfer): Promise<boolean> {
  const [credited] = await creditDeposit<{ user_id: string; o_applied: boolean; balance: string }>(services.db, {
    txId: incoming.txId,
    eventIndex: incoming.eventIndex,
    creditedAt: new Date().toISOString(),
    // The system accounts' shard, drawn as a money transaction draws it (ledger/notify.ts).
    shard: randomInt(SYSTEM_ACCOUNT_SHARDS),
  });
  if (!credited) return false;
  if (credited.o_applied) tellBalance(services, credited.user_id, BigInt(credited.balance));
  services.metrics.depositCredited(incoming.currency);
  return true;
}

/**
 * Records the transfers a poll saw and credits every confirmed one exactly once: the (tx, event) row is
 * unique, the status moves pending → completed under a row condition, and the ledger transfer's
 * idempotency key is the chain transaction, so overlapping polls, two pollers and restarts are harmless.
 * A poll is one statement for its sightings and one per confirmed deposit, a few at a time: on launch
 * day a poll brings hundreds, and one after the other at five round trips each they were credited a
 * minute and a half late (bench/README.md).
 */
export async function applyIncoming(
  services: Pick<Services, 'db' | 'sockets' | 'metrics'>,
  transfers: IncomingTransfer[],
  rules: DepositRules,
  lookUpOwners: OwnerLookup = (addresses) => ownersOf(services.db, addresses),
): Promise<number> {
  // A transfer of nothing is nobody's deposit: zero-value Transfer events are sent to strangers' addresses
  // by the thousand (address poisoning), and one recorded would fail the row's amount check and stop
  // every poll after it.
  const moved = transfers.filter((incoming) => incoming.amountRaw > 0n);
  const settled = await settledAmong(services.db, moved);
  const fresh = moved.filter((incoming) => !settled.has(`${incoming.txId}:${incoming.eventIndex}`));
  const owners = await lookUpOwners(fresh.map((incoming) => incoming.to));
  const sightings = oneSightingEach(
    fresh.flatMap((incoming): Sighting[] => {
      const owner = owners.get(incoming.to);
      if (!owner) return [];
      const credit = creditFor(incoming, rules);
      return [{ userId: owner.userId, incoming, credit, status: credit < rules.minDepositMicro ? 'below-minimum' : 'pending' }];
    }),
  );
  if (sightings.length === 0) return 0;
  const recorded = await recordSightings<{ currency: string; first_seen: boolean }>(services.db, {
    users: arrayLiteral(sightings.map((s) => s.userId)),
    addresses: arrayLiteral(sightings.map((s) => s.incoming.to)),
    txIds: arrayLiteral(sightings.map((s) => s.incoming.txId)),
    events: arrayLiteral(sightings.map((s) => String(s.incoming.eventIndex))),
    currencies: arrayLiteral(sightings.map((s) => s.incoming.currency)),
    amounts: arrayLiteral(sightings.map((s) => s.incoming.amountRaw.toString())),
    credits: arrayLiteral(sightings.map((s) => s.credit.toString())),
    confirmations: arrayLiteral(sightings.map((s) => String(s.incoming.confirmations))),
    statuses: arrayLiteral(sightings.map((s) => s.status)),
  });
  for (const row of recorded) if (row.first_seen) services.metrics.depositSeen(row.currency);
  // The stored row's status decides, not this poll's (a deposit below the minimum is recorded so, and its
  // claim finds nothing): a row recorded under other rules keeps what it was recorded as.
  const confirmed = sightings.filter((s) => s.incoming.confirmations >= rules.requiredConfirmations || s.incoming.final);
  let credited = 0;
  let failure: unknown;
  let next = 0;
  const crediting = async () => {
    while (next < confirmed.length) {
      const sighting = confirmed[next++] as Sighting;
      try {
        if (await creditOne(services, sighting.incoming)) credited += 1;
      } catch (error) {
        // The others are still credited; the poll fails after them, and the next one tries this one again.
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREDITS_AT_ONCE, confirmed.length) }, crediting));
  if (failure !== undefined) throw failure;
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
