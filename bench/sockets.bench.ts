import fs from 'node:fs';
import type { Socket } from 'socket.io-client';
import { delay, freshSchema, inPool, machineNote, mib, openSocket, startServer, thousands, type MemorySample } from './loadKit.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * Idle signed-in Socket.IO connections on one app node, and what each costs in memory. The node runs
 * in a child process (bench/server-child.ts) so the 10,000 client sockets of this process neither count
 * in its memory nor share its event loop; it reports process.memoryUsage() after a forced GC over its
 * IPC channel, so the app has no extra endpoint. Players and sessions are seeded set-based as the auth
 * code stores them (bench/playersKit.ts); every client is a real socket.io-client websocket with its
 * `sid` cookie, so each handshake runs the real session lookup, joins its user room and runs the game
 * side's reconnect check. Database: PostgreSQL (a fresh schema, dropped after) when TEST_DATABASE_URL
 * is set, else PGlite inside the node (its WebAssembly memory then counts in the node's RSS).
 *
 * SOCKETS_BENCH_MAX=2000 stops at a smaller count (a quick look).
 */

const LEVELS = [1000, 5000, 10_000];
const IN_FLIGHT = 100;
const IDLE_MS = 2000;

/** The soft and hard limits on open files of this process (the child inherits them). */
function openFileLimit(): { soft: number; hard: number } {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.match(/(\d+|unlimited)\s+(\d+|unlimited)/)?.slice(1) ?? []).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft: soft ?? NaN, hard: hard ?? NaN };
}

const perSocket = (after: number, before: number, sockets: number) => thousands((after - before) / sockets);

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    const max = Number(process.env.SOCKETS_BENCH_MAX ?? LEVELS[LEVELS.length - 1]);
    const limit = openFileLimit();
    // Each socket is one descriptor here and one in the node; keep 500 for everything else.
    const fit = Math.min(max, Number.isFinite(limit.soft) ? limit.soft - 500 : max);
    const levels = [...LEVELS.filter((n) => n < fit), fit].filter((n, i, all) => all.indexOf(n) === i && n <= max);
    const notes: string[] = [machineNote(), `ulimit -n: soft ${limit.soft}, hard ${limit.hard} (this process and the node each hold one descriptor per socket)`];
    if (fit < max) notes.push(`the open-file limit allows only ${fit} sockets: raise it (ulimit -n) to go to ${max}`);

    const schema = url ? await freshSchema(url) : null;
    const server = await startServer({ databaseUrl: url, searchPath: schema?.name });
    const sockets: Socket[] = [];
    const rows: (string | number)[][] = [];
    let connected = 0;
    try {
      const players = await server.call({ type: 'seed', count: levels[levels.length - 1] ?? 0, balanceMicro: '0' });
      // Warm the code paths (handshake, session query, rooms) so the baseline holds their code too.
      const warm = await inPool(players.slice(0, 50), 25, (p) => openSocket(server.url, p.token));
      for (const socket of warm) socket.close();
      await delay(500);
      const base = await server.call({ type: 'memory' });
      rows.push(['0 (baseline)', '', mib(base.rss), mib(base.heapUsed), mib(base.external), '', '', '']);

      let previous: MemorySample = base;
      let previousCount = 0;
      for (const level of levels) {
        const start = performance.now();
        const batch = players.slice(sockets.length, level);
        await inPool(batch, IN_FLIGHT, async (p) => {
          sockets.push(await openSocket(server.url, p.token));
        });
        const seconds = (performance.now() - start) / 1000;
        await delay(IDLE_MS);
        connected = await server.call({ type: 'sockets' });
        const sample = await server.call({ type: 'memory' });
        rows.push([
          thousands(connected),
          thousands(batch.length / seconds),
          mib(sample.rss),
          mib(sample.heapUsed),
          mib(sample.external),
          perSocket(sample.rss, base.rss, connected),
          perSocket(sample.heapUsed, base.heapUsed, connected),
          perSocket(sample.heapUsed, previous.heapUsed, connected - previousCount),
        ]);
        previous = sample;
        previousCount = connected;
      }
      notes.push(
        '',
        'connect/s: new connections per second while this step opened them (100 handshakes in flight);',
        'rss, heap, external: the node after a forced GC, 2 s after the last connect; per socket: the growth over the baseline divided by',
        'the sockets open; heap B/socket (step): the heap growth of this step over its own new sockets.',
        `database: ${url ? 'PostgreSQL (a fresh schema, outside the node)' : 'PGlite inside the node (its WebAssembly memory is part of the RSS)'}`,
      );
    } finally {
      for (const socket of sockets) socket.close();
      await server.stop();
      await schema?.drop();
    }
    const top = levels[levels.length - 1] ?? 0;
    return {
      title: `Idle signed-in sockets on one node, up to ${thousands(top)}`,
      columns: ['sockets', 'connect/s', 'rss MiB', 'heap MiB', 'external MiB', 'rss B/socket', 'heap B/socket', 'heap B/socket (step)'],
      rows,
      notes,
      targets: [{ target: `one node holds ${thousands(top)} idle signed-in sockets: ${thousands(connected)} connected`, met: connected === top }],
    };
  },
};

export default bench;
