import { eq, sql } from 'drizzle-orm';
import type { Outcome } from '../../rules/game.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { gamePlayers, type GameRow, type Settlement } from '../db/schema.ts';
import { balanceOf, SYSTEM_ACCOUNT_SHARDS, type TransferRequest } from '../ledger/ledger.ts';
import { tellBalance } from '../ledger/notify.ts';
import type { GameTx } from './outbox.ts';
import { transitionRecords, type TransitionWrite } from './store.ts';
import type { Seat } from './views.ts';

/** What settle_game leaves: the end popup's balances and score changes, and the winner's payout. */
interface Settled {
  settlement: Settlement;
  /** The payout's transfer and the winner's balance after it, when it moved money (a paid game, once). */
  paid: { transferId: string; balance: string } | null;
}

const settleStatement = namedStatement<'transition' | 'state'>(
  'settle_game',
  (v) => sql`SELECT settle_game(${v('transition')}::jsonb, ${v('state')}::jsonb) AS settled`,
);

/**
 * Settles a game's end and writes it (migration 0025 settle_game), in one round trip: escrow → winner
 * (the spec §9 payout), the rest → house rake, the winner's inviter's share → their pending rewards
 * (a counting win only, never between linked accounts), ratings (Elo, K = 32), score history and
 * played-game records for both, the game's row and its log line. Every transfer is keyed by the game,
 * so it can happen only once. Null, having changed nothing, when the game is no longer at the version
 * the end was computed on (or the unread session is closed).
 */
async function settle(db: Queryable, write: TransitionWrite, outcome: Outcome, shard: number): Promise<Settled | null> {
  const { records, stateJsons } = transitionRecords([write]);
  const transition = { ...records[0], state: undefined, winner_points: outcome.points[outcome.winnerId] ?? 0, loser_points: outcome.points[outcome.loserId] ?? 0, shard };
  const [row] = await settleStatement<{ settled: Settled | null }>(db, { transition: JSON.stringify(transition), state: stateJsons[0] });
  return row?.settled ?? null;
}

/** A game's end in a transaction that holds the game locked (a leave, a timeout, a move made under the lock). */
export async function settleHeld(money: GameTx, write: TransitionWrite, outcome: Outcome): Promise<Settlement> {
  const settled = await settle(money.tx, write, outcome, money.shard);
  if (!settled) throw new Error(`game ${write.next.id}: not at version ${write.readVersion} under its own lock`);
  // Told after commit, with every other balance the transaction moved.
  if (settled.paid) money.noteTransfers([{ id: Number(settled.paid.transferId), applied: true, balances: { [outcome.winnerId]: BigInt(settled.paid.balance) } }]);
  return settled.settlement;
}

/**
 * A game's end in a statement of its own (a move computed on the game as last read): committed when it
 * returns, and the winner told their balance; null when the game had moved on and nothing was written.
 */
export async function settleAlone(services: Services, write: TransitionWrite, outcome: Outcome): Promise<Settlement | null> {
  // The system accounts' shard, one of 16 as a money transaction's (ledger/notify.ts), here from the
  // game's random id: as well spread, and no draw in the games' code beside the seed's (fairness-sources.test.ts).
  const shard = Number.parseInt(write.next.id.slice(-2), 16) % SYSTEM_ACCOUNT_SHARDS;
  const settled = await settle(services.db, write, outcome, shard);
  if (!settled) return null;
  if (settled.paid) tellBalance(services, outcome.winnerId, BigInt(settled.paid.balance));
  return settled.settlement;
}

/** A canceled game: both bets back, nobody's rating or record changes (DESIGN.md §4). */
export async function refundGame(money: GameTx, row: GameRow, seats: Seat[]): Promise<Settlement> {
  const balances: Record<string, string> = {};
  const refunds: TransferRequest[] =
    row.betMicro > 0n
      ? seats.map((seat) => ({
          from: 'escrow' as const,
          to: { kind: 'user' as const, userId: seat.userId },
          amount: row.betMicro,
          kind: 'bet-refund' as const,
          idempotencyKey: `game:${row.id}:refund:${seat.userId}`,
          ref: row.id,
        }))
      : [];
  for (const result of await money.transferMany(refunds)) {
    for (const [userId, balance] of Object.entries(result.balances)) balances[userId] = balance.toString();
  }
  for (const seat of seats) {
    balances[seat.userId] ??= (await balanceOf(money.tx, seat.userId)).toString();
  }
  await money.tx.update(gamePlayers).set({ active: false }).where(eq(gamePlayers.gameId, row.id));
  return { balances, scoreChanges: {} };
}
