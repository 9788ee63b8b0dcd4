import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { delay, freshSchema, httpClient, inPool, machineNote, openSocket, postgresCpuMs, startServer, thousands, type ServerChild } from './loadKit.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * What one call costs the node at the least, on this box (issue 38: "the node's CPU per move is now the
 * fixed cost of a call"): the app in its child process on PostgreSQL, sent the same call 20,000 times
 * over kept-alive connections, 32 at a time and then one at a time, and the node's CPU (user and
 * kernel) per call read from the child. From the bare framework (an unknown path: routing, the hooks,
 * a 404) up to the app's start (GET /api/protected, one statement) and a reload's game (GET
 * /api/current-game on a session the node trusts, for a player with no game: its two reads), and a
 * Socket.IO event of a game update's size (~1 KB) to one player's socket, one per turn of the event
 * loop as a move's updates go (the node's CPU per frame, the client here waiting for every one). A
 * pair of rows is a PostgreSQL round trip from a pg pool in this process, 32 at a time and one at a
 * time: the wake-ups a statement costs its sender. The last rows are PostgreSQL's own CPU (all its
 * processes, from /proc) per durable write of the simplest kind a move makes: one row of a game-like
 * table updated and a log line inserted, one prepared statement and its commit, sent at RPS's move rate
 * (FLOORS_BENCH_RATE, default 260 a second, bench rps-load's) and then as fast as 32 at once allow. No
 * targets: these are the floors the per-move figures of rps-load and launch are made of (bench/README.md
 * "An eleventh session", "A seventeenth session").
 */

const CALLS = Number(process.env.FLOORS_BENCH_CALLS ?? 20_000);
const WARM_UP = 2_000;
/** A game update's size on the wire (RPS's is ~1 KB). */
const FRAME_BYTES = 1_000;
/** Writes per PostgreSQL row, and the paced rate: RPS at 1,000 matches averages ~260 moves a second. */
const WRITES = Number(process.env.FLOORS_BENCH_WRITES ?? 5_000);
const WRITE_RATE = Number(process.env.FLOORS_BENCH_RATE ?? 260);

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

/** A game-like row (an RPS state's size, ~700 bytes of JSON) and its log, as the app's tables have them. */
async function writeFloorTables(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE floor_games (id integer PRIMARY KEY, version integer NOT NULL, state jsonb NOT NULL) WITH (fillfactor = 75)`);
  await pool.query(`CREATE TABLE floor_log (game_id integer NOT NULL REFERENCES floor_games, seq integer NOT NULL, at timestamptz NOT NULL, move jsonb, PRIMARY KEY (game_id, seq))`);
  await pool.query(`INSERT INTO floor_games SELECT g, 0, jsonb_build_object('round', 1, 'choices', '{}'::jsonb, 'pad', repeat('x', 600)) FROM generate_series(0, 999) g`);
  await pool.query('VACUUM ANALYZE floor_games');
}

/** The write: the row at its next version with a new state, and its log line, in one statement (its own commit). */
const floorWrite = (pool: pg.Pool, i: number) =>
  pool.query({
    name: 'floor_write',
    text: `WITH u AS (UPDATE floor_games SET version = version + 1, state = jsonb_set(state, '{round}', to_jsonb(version + 1))
                      WHERE id = $1 RETURNING id, version)
           INSERT INTO floor_log SELECT id, version, now(), $2::jsonb FROM u`,
    values: [i % 1000, '{"choice":"rock"}'],
  });

/** PostgreSQL's CPU (all its processes) per write: paced at `perSecond`, or `concurrency` at once as fast as they go. */
async function postgresWriteFloor(pool: pg.Pool, pace: { perSecond: number } | { concurrency: number }): Promise<{ us: number; perSecond: number }> {
  let next = 0;
  const before = postgresCpuMs();
  const started = performance.now();
  if ('perSecond' in pace) {
    const out: Promise<unknown>[] = [];
    for (let i = 0; i < WRITES; i += 1) {
      const wait = started + (i * 1000) / pace.perSecond - performance.now();
      if (wait > 0) await delay(wait);
      out.push(floorWrite(pool, next++));
    }
    await Promise.all(out);
  } else {
    await Promise.all(Array.from({ length: pace.concurrency }, async () => {
      while (next < WRITES) await floorWrite(pool, next++);
    }));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = postgresCpuMs();
  return { us: before === null || after === null ? NaN : ((after - before) * 1000) / WRITES, perSecond: WRITES / seconds };
}

/** The node's CPU per Socket.IO event to one socket, `CALLS` of them, after a warm-up. */
async function frameFloor(server: ServerChild, socket: Socket, userId: string): Promise<Floor> {
  const send = async (count: number) => {
    let seen = 0;
    const all = new Promise<void>((resolve) => {
      const onFrame = () => {
        seen += 1;
        if (seen === count) {
          socket.off('bench-frame', onFrame);
          resolve();
        }
      };
      socket.on('bench-frame', onFrame);
    });
    await server.call({ type: 'emit', userId, count, bytes: FRAME_BYTES });
    await all;
  };
  await send(WARM_UP);
  const before = await server.call({ type: 'cpu' });
  const started = performance.now();
  await send(CALLS);
  const seconds = (performance.now() - started) / 1000;
  const after = await server.call({ type: 'cpu' });
  return { userUs: (after.user - before.user) / CALLS, systemUs: (after.system - before.system) / CALLS, perSecond: CALLS / seconds };
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
      const socket = await openSocket(server.url, players[0]?.token ?? '');
      try {
        rows.push(row('a Socket.IO event of ~1 KB to one socket, one per turn', 1, await frameFloor(server, socket, players[0]?.id ?? '')));
      } finally {
        socket.close();
      }
      for (const concurrency of [32, 1]) rows.push(row('a PostgreSQL round trip from a pg pool (this process)', concurrency, await poolFloor(pool, concurrency)));
      // Connections kept open (no idle timeout): a backend started mid-run is not a write's cost.
      const writer = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0, options: `-c search_path=${schema.name}` });
      try {
        await writeFloorTables(writer);
        await Promise.all(Array.from({ length: 10 }, (_, i) => floorWrite(writer, i)));
        const paced = await postgresWriteFloor(writer, { perSecond: WRITE_RATE });
        const flat = await postgresWriteFloor(writer, { concurrency: 32 });
        const what = "PostgreSQL's CPU per durable write: a row updated and a log line, one statement";
        rows.push([`${what}, ${WRITE_RATE} a second`, '–', '–', '–', paced.us.toFixed(0), thousands(paced.perSecond)]);
        rows.push([`${what}, as fast as they go`, 32, '–', '–', flat.us.toFixed(0), thousands(flat.perSecond)]);
      } finally {
        await writer.end();
      }
      return {
        title: `Call floors: the node's CPU per call, ${thousands(CALLS)} calls each, on PostgreSQL`,
        columns: ['call', 'at once', 'user µs', 'kernel µs', 'all µs', 'calls/s'],
        rows,
        notes: [
          machineNote(),
          "The node: one process (bench/server-child.ts, the real app, logging at info), a pg pool of 10; this process sends the calls over kept-alive connections.",
          'One at a time, every call wakes a sleeping process on each side (the node, PostgreSQL): the kernel share is what that costs on this box.',
          `PostgreSQL's rows: ${thousands(WRITES)} writes each from a pool of 10, its processes' CPU (user and kernel) read from /proc; "at once" is the writes in flight, paced at ${WRITE_RATE} a second or not.`,
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
