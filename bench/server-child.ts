import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { Server } from 'socket.io';
import { serverLog } from '../server/log.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { startGameWorkers } from '../server/games/workers.ts';
import { userRoom } from '../server/sockets/index.ts';
import type { ChildCall, ChildMessage, MemorySample } from './loadKit.ts';
import { seedGames, seedPlayers } from './playersKit.ts';

/**
 * One app node for the load benches, in its own process (started by loadKit.ts's startServer with an
 * IPC channel), so the bench's clients neither share its event loop nor count in its memory. It opens
 * the database (a PostgreSQL schema when BENCH_DATABASE_URL is set, else in-memory PGlite), migrates,
 * builds the real app (server/app.ts), listens on a free loopback port and answers the parent over IPC:
 * seed players and running games, sample its own memory (after a forced GC), count its sockets, send a
 * player's sockets bare events (call-floors.bench.ts: what a frame costs), close. No endpoint is
 * added to the app. BENCH_SWEEPER=1 also runs the real game sweeper (server/games/workers.ts); BENCH_SWEEPER=all
 * runs every background round main.ts runs (deposit detection, the sweeper, the risk round, chain balances).
 */

const url = process.env.BENCH_DATABASE_URL || undefined;
const database = await openDatabase({ url, searchPath: process.env.BENCH_SEARCH_PATH || undefined });
await migrate(database);
// The production seed wait (CLIENT_SEED_WAIT_MS) unless BENCH_ENV says otherwise: a game starts waiting
// for its players' client seeds, as the app's do, so the figures include the two seed calls.
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    ...(JSON.parse(process.env.BENCH_ENV || '{}') as Record<string, string>),
  }),
  distDir: '/nonexistent-dist',
};
// BENCH_SWEEPER=all: every background round of production (main.ts), the sweeper among them.
const allWorkers = process.env.BENCH_SWEEPER === 'all';
const app = await buildApp({ config, database, logger: serverLog(config.logLevel), startWorkers: allWorkers });
const stopSweeper = process.env.BENCH_SWEEPER === '1' ? startGameWorkers(app.services) : async () => undefined;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

function memory(): MemorySample {
  // Twice: the first pass may leave what finalizers free for the second.
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external, arrayBuffers: usage.arrayBuffers };
}

async function handle(call: ChildCall): Promise<unknown> {
  switch (call.type) {
    case 'seed':
      return seedPlayers(database, call.count, BigInt(call.balanceMicro));
    case 'pair':
      return seedGames(database, call.pairs, call.mode, call.betUsdt, config.games.seedWaitMs);
    case 'memory':
      return memory();
    case 'cpu': {
      // With the node's stalls since the last reading: a move waits out whatever holds the event loop.
      const result = { ...process.cpuUsage(), loopDelayMaxMs: loopDelay.max / 1e6, loopDelayP99Ms: loopDelay.percentile(99) / 1e6, gcPauseMaxMs: gcPauseMax };
      loopDelay.reset();
      gcPauseMax = 0;
      return result;
    }
    case 'sockets':
      return app.services.sockets.engine.clientsCount;
    case 'emit': {
      const pad = 'x'.repeat(call.bytes);
      // An event of the bench's own: the app's typed events are the protocol's, and this is no game update.
      const io = app.services.sockets as unknown as Server;
      for (let i = 0; i < call.count; i += 1) {
        io.to(userRoom(call.userId)).emit('bench-frame', { i, pad });
        await new Promise((resolve) => setImmediate(resolve));
      }
      return null;
    }
    case 'close':
      await stopSweeper();
      await app.close();
      await database.close();
      return null;
  }
}

const send = (message: ChildMessage) => process.send?.(message);

// The event loop's delay (a 10 ms timer's lateness) and the longest garbage collection pause, reported
// with the CPU time and reset at each reading.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let gcPauseMax = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauseMax = Math.max(gcPauseMax, entry.duration);
}).observe({ entryTypes: ['gc'] });

process.on('message', (message: ChildCall & { id: number }) => {
  handle(message).then(
    (result) => {
      send({ kind: 'reply', id: message.id, ok: true, result });
      if (message.type === 'close') process.disconnect();
    },
    (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
// The parent went away without closing: do not linger.
process.on('disconnect', () => setTimeout(() => process.exit(0), 200).unref());
send({ kind: 'ready', url: `http://127.0.0.1:${port}`, gc: typeof globalThis.gc === 'function' });
