import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { expireChallenges } from '../challenges/challenges.ts';
import { expireSearches } from '../matchmaking/queue.ts';
import { deadlineTimers } from './deadlines.ts';
import { giveBackSweepTurn, takeSweepTurn } from './sweepTurns.ts';
import { sweepGameTimeouts, timeoutKeptGame } from './timeouts.ts';

/** How often a node looks for challenges past their time (issue 36). */
const CHALLENGE_EXPIRY_EVERY_MS = 5_000;
/**
 * How often the cluster looks for due games (issue 38): one node a second, whichever takes the turn
 * (sweepTurns.ts, migration 0029). Since migration 0024 the deadline is not indexed, so a look reads every
 * running game; the timers apply a node's own games' deadlines on time, and this is the backstop for the
 * rest (a node that died or restarted), for which a second is soon enough.
 */
const DUE_GAMES_EVERY_MS = 1_000;
/** Due games one look applies; a look that finds this many gives its turn back, so every node helps with a backlog. */
const DUE_GAMES_PER_LOOK = 50;

/** The due-games look, when this node has the cluster's turn. */
async function sweepDueGames(services: Services): Promise<void> {
  if (!(await takeSweepTurn(services.db, 'due-games', DUE_GAMES_EVERY_MS))) return;
  const applied = await sweepGameTimeouts(services, Date.now(), DUE_GAMES_PER_LOOK);
  // A node died with its games (their deadlines all fall to this read): each node's next look takes
  // its share, as when every node looked every second.
  if (applied >= DUE_GAMES_PER_LOOK) await giveBackSweepTurn(services.db, 'due-games');
}

/**
 * The sweeper: on every node, every GAME_SWEEP_MS, apply the rules' timeouts of due games (one node of
 * the cluster a second) and refund searches and challenges past their time. No in-memory timer is the only copy of anything: the deadlines live in the
 * database, so when a node dies another one carries on. Beside it, a timer at each deadline of the
 * games this node published (deadlines.ts) applies most timeouts on time; the sweeper has the rest.
 */
export function startGameWorkers(services: Services): () => Promise<void> {
  const { log } = services;
  const timers = deadlineTimers(services);
  timers.start((gameId, version) => {
    timeoutKeptGame(services, gameId, version).catch((error: unknown) => log.warn({ err: error, gameId }, 'game deadline timer failed; the sweeper has it'));
  });
  // Each job of a sweep, with how often it is worth its query; one that fails is logged and the others run.
  const jobs = [
    { everyMs: DUE_GAMES_EVERY_MS, run: () => sweepDueGames(services), failed: 'game sweep failed' },
    { everyMs: 0, run: () => expireSearches(services), failed: 'search expiry failed' },
    // A challenge lives a quarter of an hour: a few seconds late is nothing, a query every sweep is.
    { everyMs: CHALLENGE_EXPIRY_EVERY_MS, run: () => expireChallenges(services), failed: 'challenge expiry failed' },
  ].map((job) => ({ ...job, lastAt: 0 }));
  const stopSweeps = startRounds(services.config.games.sweepMs, async () => {
    for (const job of jobs) {
      if (Date.now() - job.lastAt < job.everyMs) continue;
      job.lastAt = Date.now();
      try {
        await job.run();
      } catch (error) {
        log.error({ err: error }, job.failed);
      }
    }
  });
  return async () => {
    timers.stop();
    await stopSweeps();
  };
}
