import pg from 'pg';
import { freshSchema, httpClient, inPool, machineNote, startServer, thousands, type ServerChild } from './loadKit.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * What one call costs the node at the least, on this box (issue 38: "the node's CPU per move is now the
 * fixed cost of a call"): the app in its child process on PostgreSQL, sent the same call 20,000 times
 * over kept-alive connections, 32 at a time and then one at a time, and the node's CPU (user and
 * kernel) per call read from the child. From the bare framework (an unknown path: routing, the hooks,
 * a 404) up to the app's start (GET /api/protected, one statement) and a reload's game (GET
 * /api/current-game on a session the node trusts, for a player with no game: its two reads). A last
 * pair of rows is a PostgreSQL round trip from a pg pool in this process, 32 at a time and one at a
 * time: the wake-ups a statement costs its sender. No targets: these are the floors the per-move
 * figures of rps-load and launch are made of (bench/README.md "An eleventh session").
 */

const CALLS = Number(process.env.FLOORS_BENCH_CALLS ?? 20_000);
const WARM_UP = 2_000;

interface Floor {
  userUs: number;
  systemUs: number;
  perSecond: number;
}

async function nodeFloor(server: ServerChild, concurrency: number, call: (i: number) => Promise<unknown>): Promise<Floor> {
  await inPool(Array.from({ length: WARM_UP }, (_, i) => i), concurrency, call);
  const before = await server.call({ type: 'cpu' });
  const started = performance.now();
  await inPool(Array.from({ length: CALLS }, (_, i) => i), concurrency, call);
  const seconds = (performance.now() - started) / 1000;
  const after = await server.call({ type: 'cpu' });
  return { userUs: (after.user - before.user) / CALLS, systemUs: (after.system - before.system) / CALLS, perSecond: CALLS / seconds };
}

async function poolFloor(pool: pg.Pool, concurrency: number): Promise<Floor> {
  const run = async (count: number) => {
    let sent = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < count) {
          sent += 1;
          await pool.query({ name: 'floor', text: 'SELECT $1::int AS x', values: [1] });
        }
      }),
    );
  };
  await run(WARM_UP);
  const before = process.cpuUsage();
  const started = performance.now();
  await run(CALLS);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(before);
  return { userUs: used.user / CALLS, systemUs: used.system / CALLS, perSecond: CALLS / seconds };
}

const row = (what: string, concurrency: number, floor: Floor): (string | number)[] => [
  what,
  concurrency,
  floor.userUs.toFixed(0),
  floor.systemUs.toFixed(0),
  (floor.userUs + floor.systemUs).toFixed(0),
  thousands(floor.perSecond),
];

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      return { title: 'Call floors: skipped', columns: ['why'], rows: [['needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)']], targets: [] };
    }
    const schema = await freshSchema(url);
    const server = await startServer({ databaseUrl: url, searchPath: schema.name, logLevel: 'info' });
    const client = httpClient(server.url, 64);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    try {
      const players = await server.call({ type: 'seed', count: 64, balanceMicro: '0' });
      const cookie = (i: number) => `sid=${players[i % players.length]?.token ?? ''}`;
      const calls: [string, (i: number) => Promise<unknown>][] = [
        ['an unknown path (404): routing and the hooks', () => client.request('GET', '/api/no-such-route', '')],
        ['GET /api/health: a route, no statement', () => client.request('GET', '/api/health', '')],
        ['GET /api/ready: one statement (SELECT 1)', () => client.request('GET', '/api/ready', '')],
        ['GET /api/current-game, trusted session, no game: two statements', (i) => client.request('GET', '/api/current-game', cookie(i))],
        ['GET /api/protected: one statement (session, user, extras)', (i) => client.request('GET', '/api/protected', cookie(i))],
      ];
      const rows: (string | number)[][] = [];
      for (const concurrency of [32, 1]) {
        for (const [what, call] of calls) rows.push(row(what, concurrency, await nodeFloor(server, concurrency, call)));
      }
      for (const concurrency of [32, 1]) rows.push(row('a PostgreSQL round trip from a pg pool (this process)', concurrency, await poolFloor(pool, concurrency)));
      return {
        title: `Call floors: the node's CPU per call, ${thousands(CALLS)} calls each, on PostgreSQL`,
        columns: ['call', 'at once', 'user µs', 'kernel µs', 'all µs', 'calls/s'],
        rows,
        notes: [
          machineNote(),
          "The node: one process (bench/server-child.ts, the real app, logging at info), a pg pool of 10; this process sends the calls over kept-alive connections.",
          'One at a time, every call wakes a sleeping process on each side (the node, PostgreSQL): the kernel share is what that costs on this box.',
        ],
        targets: [],
      };
    } finally {
      client.close();
      await pool.end();
      await server.stop();
      await schema.drop();
    }
  },
};

export default bench;
