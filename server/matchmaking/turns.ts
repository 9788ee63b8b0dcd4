import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GameMode } from '../../protocol/constants.ts';
import { gameText, SCORE_GATE, scoreGatedBets } from '../../protocol/game.ts';
import { challengeText } from '../../protocol/challengeConstants.ts';
import { integrityText } from '../../protocol/integrity.ts';
import type { Services } from '../context.ts';
import { namedStatement } from '../db/named.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { HttpError } from '../http/errors.ts';
import { transfersPayload, type TransferRequest } from '../ledger/ledger.ts';
import { feedQueues } from '../games/admin.ts';
import { createGames, type NewGame } from '../games/engine.ts';
import { gameTransaction } from '../games/outbox.ts';
import { nodeLocal } from '../nodeLocal.ts';

/**
 * A public queue's turns (DESIGN.md §5; migration 0013's queue_turn). Joins of one queue must take
 * turns, so that of two players arriving at once the second always finds the first. Each node keeps,
 * per queue, the joins that arrive while that queue's turn is in flight; when the turn commits, all of
 * them (up to MAX_TURN_JOINS) are the next turn: one transaction that checks every player, takes every
 * bet, pairs them in arrival order with the queue's oldest waiting players and with each other, leaves
 * the odd one waiting, and creates the games. A turn costs four round trips (BEGIN, queue_turn, the
 * games, COMMIT) whether it holds one join or hundreds, so pairings per second grow with the arrival
 * rate. Joins on other nodes meet these through the queue's table and its advisory lock, as before.
 */

/**
 * The most joins one turn takes. A turn holds its players' rows and (across nodes) the queue's lock
 * until COMMIT; a few hundred joins keep that to a few tens of milliseconds, and the joins past it
 * are the next turn.
 */
export const MAX_TURN_JOINS = 256;

/** What a join that went through is told: the spec's start-game answer, its balance in micro-USDT. */
export interface Joined {
  status: 'started' | 'searching';
  balance: bigint;
}

/** A join of a public queue, checked for its mode and bet level already. */
export interface PublicJoin {
  userId: string;
  mode: GameMode;
  betUsdt: number;
  betMicro: bigint;
  payoutMicro: bigint;
  socketId: string | null;
}

interface Arrival {
  userId: string;
  socketId: string | null;
  arrivedAt: number;
  answer(result: Joined | Error): void;
}

/** One queue (mode, bet) on this node: the joins waiting for the next turn, and whether one is in flight. */
interface Queue {
  key: string;
  mode: GameMode;
  betMicro: bigint;
  payoutMicro: bigint;
  /** The score a player needs to join (the spec's gated bets), or null. */
  minScore: number | null;
  arrivals: Arrival[];
  turning: boolean;
}

/** This node's queues. */
const queuesOf = nodeLocal(() => new Map<string, Queue>());

/**
 * When each player this node left waiting in a queue joined (user id → ms), for the search-to-game
 * metric when a later turn pairs them. A turn on another node cannot see it, so that wait goes uncounted
 * (the histogram is of the searches paired on the node they began on); entries of searches that ended
 * without a game are dropped once older than any search can be.
 */
const waitingSince = nodeLocal(() => new Map<string, number>());

/** After a turn's commit: each paired join's wait, and the wait of each opponent this node saw join. */
function noteWaits(services: Services, queue: Queue, arrivals: Arrival[], outcomes: TurnRow[], now: number): void {
  const waiting = waitingSince(services);
  const inThisTurn = new Set(arrivals.map((arrival) => arrival.userId));
  for (const row of outcomes) {
    const arrival = arrivals[row.o_index];
    if (!arrival) continue;
    // Whatever this player's earlier search was, this join replaces it.
    waiting.delete(arrival.userId);
    if (row.o_outcome === 'waiting') waiting.set(arrival.userId, arrival.arrivedAt);
    if (row.o_outcome !== 'paired') continue;
    services.metrics.searchWaited(queue.mode, (now - arrival.arrivedAt) / 1000);
    // An opponent from an earlier turn: their wait, when it began on this node.
    const opponent = row.o_seat === 1 ? row.o_opponent : null;
    const since = opponent !== null && !inThisTurn.has(opponent) ? waiting.get(opponent) : undefined;
    if (opponent !== null && since !== undefined) {
      waiting.delete(opponent);
      services.metrics.searchWaited(queue.mode, (now - since) / 1000);
    }
  }
  // Oldest first (a Map keeps insertion order): stop at the first still young enough to be waiting.
  const oldest = now - services.config.games.searchTimeoutMs - 60_000;
  for (const [userId, since] of waiting) {
    if (since >= oldest) break;
    waiting.delete(userId);
  }
}

function queueOf(services: Services, join: PublicJoin): Queue {
  const queues = queuesOf(services);
  // The key 0009's queue_join locked too: nodes of both kinds take turns on one lock during a deploy.
  const key = `queue:${join.mode}:${join.betMicro}`;
  let queue = queues.get(key);
  if (!queue) {
    const minScore = scoreGatedBets[join.mode].includes(join.betUsdt) ? SCORE_GATE : null;
    queue = { key, mode: join.mode, betMicro: join.betMicro, payoutMicro: join.payoutMicro, minScore, arrivals: [], turning: false };
    queues.set(key, queue);
  }
  return queue;
}

/**
 * Joins a public queue: the answer comes once the turn that took this join has committed (and its
 * players have been told), or is this join's own error.
 */
export function joinQueue(services: Services, join: PublicJoin): Promise<Joined> {
  const queue = queueOf(services, join);
  const joined = new Promise<Joined>((resolve, reject) => {
    queue.arrivals.push({
      userId: join.userId,
      socketId: join.socketId,
      arrivedAt: Date.now(),
      answer: (result) => (result instanceof Error ? reject(result) : resolve(result)),
    });
  });
  if (!queue.turning) void takeTurns(services, queue);
  return joined;
}

/** Turns back to back while joins keep arriving; every arrival is answered. */
async function takeTurns(services: Services, queue: Queue): Promise<void> {
  queue.turning = true;
  try {
    while (queue.arrivals.length > 0) {
      await turnOrAlone(services, queue, queue.arrivals.splice(0, MAX_TURN_JOINS));
    }
  } finally {
    queue.turning = false;
  }
}

/**
 * A turn, and each join alone if the turn as a whole failed (a deadlock with another transaction, a
 * player's row that breaks a statement): one join's trouble is then its own, as when joins were one
 * transaction each. A database that is away fails them all at once.
 */
async function turnOrAlone(services: Services, queue: Queue, arrivals: Arrival[]): Promise<void> {
  let answers: (Joined | HttpError)[];
  try {
    answers = await turn(services, queue, arrivals);
  } catch (error) {
    if (arrivals.length === 1 || databaseUnavailable(error)) {
      for (const arrival of arrivals) arrival.answer(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    services.log.warn({ err: error, queue: queue.key, joins: arrivals.length }, 'queue turn failed; taking its joins one by one');
    for (const arrival of arrivals) await turnOrAlone(services, queue, [arrival]);
    return;
  }
  arrivals.forEach((arrival, i) => arrival.answer(answers[i] ?? new Error('queue turn gave no answer')));
}

/** One row of queue_turn per join (migration 0013), ids and amounts as text. */
interface TurnRow {
  o_index: number;
  o_outcome: 'paired' | 'waiting' | 'unknown' | 'frozen' | 'score' | 'searching' | 'challenging' | 'playing' | 'insufficient';
  o_opponent: string | null;
  o_seat: number | null;
  o_transfer_id: string | null;
  o_balance: string | null;
}

/** A refused join's answer, as a single join's checks give it (queue.ts startSearch's rematch path). */
/** One pairing turn of a queue (migration 0013/0014 queue_turn), with its bets as ledger transfers. */
const queueTurnStatement = namedStatement<'key' | 'mode' | 'bet' | 'minScore' | 'joins' | 'bets'>(
  'queue_turn',
  (v) => sql`SELECT o_index, o_outcome, o_opponent::text AS o_opponent, o_seat, o_transfer_id::text AS o_transfer_id, o_balance::text AS o_balance
             FROM queue_turn(${v('key')}, ${v('mode')}, ${v('bet')}::bigint, ${v('minScore')}::integer, ${v('joins')}::jsonb, ${v('bets')}::jsonb)`,
);

const refusals: Record<Exclude<TurnRow['o_outcome'], 'paired' | 'waiting'>, () => HttpError> = {
  unknown: () => new HttpError(401, 'Not signed in'),
  frozen: () => new HttpError(403, integrityText.frozen),
  score: () => new HttpError(400, gameText.requiresScore),
  searching: () => new HttpError(409, gameText.alreadySearching),
  challenging: () => new HttpError(409, challengeText.alreadyChallenging),
  playing: () => new HttpError(409, gameText.alreadyPlaying),
  insufficient: () => new HttpError(400, gameText.insufficientBalance),
};

/**
 * One turn of a queue, one transaction: queue_turn (every player's lock and checks, the bets, the
 * pairings, the one left waiting), the new games in one statement, COMMIT. Returns each join's answer,
 * in arrival order; the balances and the games are told after commit, as for a single join.
 */
async function turn(services: Services, queue: Queue, arrivals: Arrival[]): Promise<(Joined | HttpError)[]> {
  const now = Date.now();
  const searchTimeoutMs = services.config.games.searchTimeoutMs;
  const joins = arrivals.map((arrival) => ({
    id: randomUUID(),
    userId: arrival.userId,
    socketId: arrival.socketId,
    createdAt: new Date(arrival.arrivedAt).toISOString(),
    expiresAt: new Date(arrival.arrivedAt + searchTimeoutMs).toISOString(),
  }));
  const bets: TransferRequest[] =
    queue.betMicro > 0n
      ? joins.map((join) => ({ from: { kind: 'user', userId: join.userId }, to: 'escrow', amount: queue.betMicro, kind: 'bet', idempotencyKey: `search:${join.id}:bet`, ref: join.id }))
      : [];

  return gameTransaction(services, async (money) => {
    const rows = await queueTurnStatement<TurnRow>(money.tx, {
      key: queue.key,
      mode: queue.mode,
      bet: queue.betMicro.toString(),
      minScore: queue.minScore,
      joins: JSON.stringify(joins),
      bets: bets.length > 0 ? transfersPayload(bets, money.shard) : '[]',
    });
    const outcomes = [...rows].sort((a, b) => a.o_index - b.o_index);
    if (outcomes.length !== arrivals.length) throw new Error(`queue_turn answered ${outcomes.length} of ${arrivals.length} joins`);

    const accepted = outcomes.filter((row) => row.o_outcome === 'paired' || row.o_outcome === 'waiting');
    // Each player whose bet moved hears their balance after commit (balanceUpdated), as from any transfer.
    money.noteTransfers(
      accepted
        .filter((row) => row.o_transfer_id !== null && row.o_balance !== null)
        .map((row) => ({ id: Number(row.o_transfer_id), applied: true, balances: { [joins[row.o_index]!.userId]: BigInt(row.o_balance!) } })),
    );
    if (accepted.length > 0) money.later(() => feedQueues(services));

    // A game per pair, made once: by its second seat, always a join of this turn.
    const games: NewGame[] = outcomes
      .filter((row) => row.o_outcome === 'paired' && row.o_seat === 1 && row.o_opponent !== null)
      .map((row) => ({
        mode: queue.mode,
        betMicro: queue.betMicro,
        payoutMicro: queue.payoutMicro,
        players: [row.o_opponent!, joins[row.o_index]!.userId],
        now,
      }));
    await createGames(money, services, games);
    money.later(() => noteWaits(services, queue, arrivals, outcomes, Date.now()));

    return outcomes.map((row) => {
      if (row.o_outcome === 'paired' || row.o_outcome === 'waiting') {
        return { status: row.o_outcome === 'paired' ? 'started' : 'searching', balance: BigInt(row.o_balance ?? '0') };
      }
      return refusals[row.o_outcome]();
    });
  });
}
