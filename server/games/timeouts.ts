import { and, eq } from 'drizzle-orm';
import type { Services } from '../context.ts';
import type { DeadlineBy } from '../metrics/metrics.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { games, type GameRow } from '../db/schema.ts';
import { rulesOfMode as rulesOf, type AnyRules } from '../../rules/registry.ts';
import { commitState, deadlineOf, drawFirst, logLine, logTransition, nextRow, publish, writeChange, type Transition } from './engine.ts';
import { firstDraw, isSeeding } from './firstDraw.ts';
import { gameTransaction, type GameTx } from './outbox.ts';
import { seenGames } from './seenGames.ts';
import { claimDueGames, writeTransitions, type TransitionWrite } from './store.ts';

/**
 * The rules' timeouts (a turn's clock, an RPS reveal, the end of a seed wait): the sweeper's, which
 * claims every due game from the database on every node, and the one a node's own timer applies on its
 * kept copy when the deadline comes (deadlines.ts). engine.ts makes every other change of a game.
 */

/** How long a game whose timeout failed waits before the sweep tries it again. */
export const FAILED_TIMEOUT_RETRY_MS = 60_000;

/**
 * How late a due game's deadline was applied (duel_sweeper_lag_seconds), once its write commits. `now` is
 * the time the timeout was computed for, so a sweep that waited on locks counts from when it began.
 */
function noteLate(services: Services, by: DeadlineBy, row: GameRow, now: number): void {
  if (row.deadlineAt) services.metrics.deadlineApplied(by, (now - row.deadlineAt.getTime()) / 1000);
}

/** Due games claimed per transaction: each batch is four statements, its rows locked for about that long. */
const SWEEP_BATCH = 25;

/** Puts a game whose timeout failed back by a minute, so one broken game never holds up the others. */
async function retryLater(services: Services, gameId: string, now: number, error: unknown): Promise<void> {
  services.log.error({ err: error, gameId }, 'game timeout failed; retrying it later');
  await services.db
    .update(games)
    .set({ deadlineAt: new Date(now + FAILED_TIMEOUT_RETRY_MS) })
    .where(and(eq(games.id, gameId), eq(games.status, 'in-progress')));
}

/**
 * A claimed game whose rules say nothing is due yet: the column and the state disagree (which cannot
 * happen through commitState), so the state wins and the column is put right; the rules' timeout is
 * only ever called once its own deadline has come, as rules/game.ts promises and a proof's replay checks.
 */
async function notDueByItsRules(tx: GameTx['tx'], rules: AnyRules, row: GameRow, now: number): Promise<boolean> {
  const deadline = rules.deadline(row.state);
  if (deadline !== null && deadline <= now) return false;
  await tx.update(games).set({ deadlineAt: deadlineOf(rules, row.state) }).where(eq(games.id, row.id));
  return true;
}

/**
 * One batch of due games: claimed together (FOR UPDATE SKIP LOCKED), every timeout that does not end its
 * game written in one statement. Those that end a game, and any that fail, are returned to be done one
 * by one, each settling in its own transaction.
 */
async function sweepBatch(services: Services, now: number, size: number) {
  const alone: string[] = [];
  let claimedIds: string[] = [];
  const done = await gameTransaction(services, async (money) => {
    const due = await claimDueGames(money.tx, now, size);
    claimedIds = due.map((d) => d.row.id);
    const writes: { write: TransitionWrite; transition: Transition }[] = [];
    for (const { row, seats } of due) {
      const rules = rulesOf(row.gameMode);
      let state: unknown;
      try {
        if (isSeeding(row)) {
          // The wait for the client seeds is over: the first draw, with those that came.
          const write = firstDraw(row, seats, now);
          writes.push({ write, transition: { actor: 'server', action: 'create', now } });
          money.later(() => publish(services, write.next, seats));
          money.later(() => noteLate(services, 'sweeper', row, now));
          continue;
        }
        if (await notDueByItsRules(money.tx, rules, row, now)) continue;
        state = rules.timeout(row.state, now);
      } catch {
        // Its rules cannot read it: alone, where the failure is logged and the game put back.
        alone.push(row.id);
        continue;
      }
      const { next, outcome } = nextRow(row, state, now);
      if (outcome) {
        alone.push(row.id);
        continue;
      }
      const transition: Transition = { actor: 'timeout', action: 'timeout', now };
      writes.push({ write: { next, readVersion: row.version, log: logLine(transition) }, transition });
      money.later(() => publish(services, next, seats, { timeoutTriggered: true }));
      money.later(() => noteLate(services, 'sweeper', row, now));
    }
    await writeTransitions(
      money.tx,
      writes.map(({ write }) => write),
    );
    for (const { write, transition } of writes) logTransition(services, write.next, transition);
    return { claimed: due.length, applied: writes.length };
  }).catch((error: unknown) => {
    if (databaseUnavailable(error) || claimedIds.length === 0) throw error;
    // Something in the batch failed: each of its games is tried alone, where a failure is its own.
    services.log.warn({ err: error, games: claimedIds.length }, 'game sweep batch failed; trying its games one by one');
    alone.splice(0, alone.length, ...claimedIds);
    return { claimed: claimedIds.length, applied: 0 };
  });
  return { ...done, alone };
}

/** One due game's timeout in its own transaction (it ends the game, or failed in a batch). */
async function sweepOne(services: Services, gameId: string, now: number, by: DeadlineBy): Promise<boolean> {
  try {
    return await gameTransaction(services, async (money) => {
      const [due] = await claimDueGames(money.tx, now, 1, gameId);
      if (!due) return false;
      if (isSeeding(due.row)) {
        await drawFirst(money, services, due, now);
        money.later(() => noteLate(services, by, due.row, now));
        return true;
      }
      const rules = rulesOf(due.row.gameMode);
      if (await notDueByItsRules(money.tx, rules, due.row, now)) return false;
      await commitState(money, services, due, rules.timeout(due.row.state, now), { actor: 'timeout', action: 'timeout', now });
      money.later(() => noteLate(services, by, due.row, now));
      return true;
    });
  } catch (error) {
    if (databaseUnavailable(error)) throw error;
    await retryLater(services, gameId, now, error);
    return false;
  }
}

/**
 * A deadline this node's timer saw come (deadlines.ts), for the version the timer was set for: the
 * rules' timeout computed on the kept copy and written in one statement at that version, as a move is
 * (no lock, no read), settled in it when it ends the game. The end of a seed wait (whose seeds the kept
 * copy may not have) goes the sweeper's way, under the row's lock. A game that has moved on since writes
 * nothing. Returns whether a timeout was applied.
 */
export async function timeoutKeptGame(services: Services, gameId: string, version: number, now = Date.now()): Promise<boolean> {
  const kept = seenGames(services).get(gameId);
  if (!kept || kept.row.version !== version || kept.row.status !== 'in-progress') return false;
  if (isSeeding(kept.row)) return sweepOne(services, gameId, now, 'timer');
  const rules = rulesOf(kept.row.gameMode);
  let state: unknown;
  try {
    const due = rules.deadline(kept.row.state);
    if (due === null || due > now) return false;
    state = rules.timeout(kept.row.state, now);
  } catch {
    // Its rules cannot read it: the sweeper's way, which logs it and puts the game back by a minute.
    return sweepOne(services, gameId, now, 'timer');
  }
  if (!(await writeChange(services, kept, state, { actor: 'timeout', action: 'timeout', now }))) return false;
  noteLate(services, 'timer', kept.row, now);
  return true;
}

/**
 * One sweep of due games, safe on every node at once: due rows are claimed with FOR UPDATE SKIP LOCKED,
 * so a row another node (or a move) holds is left to it. Returns how many timeouts applied. A game
 * whose timeout fails (its transaction rolls back) is logged and put back by a minute, so one broken
 * game never holds up every other game's deadline; a database that is away stops the sweep.
 */
export async function sweepGameTimeouts(services: Services, now = Date.now(), limit = 50): Promise<number> {
  let applied = 0;
  let tried = 0;
  while (tried < limit) {
    const size = Math.min(SWEEP_BATCH, limit - tried);
    const batch = await sweepBatch(services, now, size);
    applied += batch.applied;
    tried += batch.claimed;
    for (const gameId of batch.alone) if (await sweepOne(services, gameId, now, 'sweeper')) applied += 1;
    if (batch.claimed < size) break;
  }
  return applied;
}
