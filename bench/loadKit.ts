import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { GameMode } from '../protocol/constants.ts';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import type { SeededGame, SeededPlayer } from './playersKit.ts';

/**
 * What the load benches (sockets, rps-load, matchmaking) share: the app node in a child process
 * (server-child.ts) and its IPC calls, a fresh PostgreSQL schema, a keep-alive HTTP client that times
 * each call, Socket.IO clients, and percentiles.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** A request from the bench to the server child. */
export type ChildCall =
  | { type: 'seed'; count: number; balanceMicro: string }
  | { type: 'pair'; pairs: [string, string][]; mode: GameMode; betUsdt: number }
  | { type: 'memory' }
  | { type: 'cpu' }
  | { type: 'sockets' }
  /** `count` events of about `bytes` each to one player's room (their sockets), one per turn of the event loop, as a move's update goes. */
  | { type: 'emit'; userId: string; count: number; bytes: number }
  | { type: 'close' };

interface ChildResults {
  seed: SeededPlayer[];
  pair: SeededGame[];
  memory: MemorySample;
  /**
   * process.cpuUsage() of the node, in µs, and since the last reading its event loop's delay (p99 and
   * the longest, ms) and its longest garbage collection pause (ms).
   */
  cpu: { user: number; system: number; loopDelayMaxMs: number; loopDelayP99Ms: number; gcPauseMaxMs: number };
  sockets: number;
  emit: null;
  close: null;
}

export type ChildMessage =
  | { kind: 'ready'; url: string; gc: boolean }
  | { kind: 'reply'; id: number; ok: true; result: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string };

export interface ServerChild {
  url: string;
  pid: number;
  call<T extends ChildCall>(call: T): Promise<ChildResults[T['type']]>;
  /** Closes the app and its database, waits for the process to end (killed after 10 s). */
  stop(): Promise<void>;
  /** Lines the server logged at level error or worse (when BENCH_LOG_LEVEL lets it log at all). */
  errorLines(): string[];
}

export interface ServerOptions {
  /** PostgreSQL URL and schema; neither means in-memory PGlite inside the child. */
  databaseUrl?: string | undefined;
  searchPath?: string | undefined;
  /** Run the real game sweeper in the node. */
  sweeper?: boolean;
  /**
   * Run every background round production runs (main.ts: deposit detection and withdrawals, the game
   * sweeper, the risk round, chain balances) instead of the sweeper alone.
   */
  allWorkers?: boolean;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfileDir?: string | undefined;
  logLevel?: string;
  /** More of the node's environment (BOT_TOKEN, TRUST_PROXY, limits), as production would set it. */
  env?: Record<string, string>;
}

/** Starts server-child.ts with tsx and an IPC channel; resolves once it listens. */
export async function startServer(options: ServerOptions = {}): Promise<ServerChild> {
  const logFile = path.join(os.tmpdir(), `bench-server-${randomBytes(4).toString('hex')}.log`);
  const logFd = fs.openSync(logFile, 'w');
  const child: ChildProcess = fork(path.join(here, 'server-child.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...SERVER_NODE_FLAGS,
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
      // More of V8's or Node's flags for the node alone (e.g. --trace-gc), never for the bots.
      ...(process.env.LOAD_BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: options.databaseUrl ?? '',
      BENCH_SEARCH_PATH: options.searchPath ?? '',
      BENCH_SWEEPER: options.allWorkers ? 'all' : options.sweeper ? '1' : '0',
      BENCH_LOG_LEVEL: options.logLevel ?? 'warn',
      BENCH_ENV: JSON.stringify(options.env ?? {}),
    },
    stdio: ['ignore', logFd, 'inherit', 'ipc'],
  });
  fs.closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server child exited (${code}) before it was ready`)));
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'ready') {
        if (!message.gc) reject(new Error('server child has no gc(): --expose-gc missing'));
        resolve(message.url);
        return;
      }
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(`server child: ${message.error}`));
    });
  });
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`server child exited (${code})`));
    pending.clear();
  });
  let url: string;
  try {
    url = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const call = <T extends ChildCall>(request: T): Promise<ChildResults[T['type']]> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: (value) => resolve(value as ChildResults[T['type']]), reject });
      child.send({ ...request, id });
    });
  return {
    url,
    pid: child.pid ?? 0,
    call,
    errorLines: () => {
      if (!fs.existsSync(logFile)) return [];
      return fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
    },
    stop: async () => {
      if (child.exitCode === null && child.connected) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await call({ type: 'close' }).catch(() => undefined);
        await exited;
        clearTimeout(timer);
      } else if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      // LOAD_BENCH_KEEP_LOG=1 keeps the node's log (its request lines carry the server-side responseTime).
      if (process.env.LOAD_BENCH_KEEP_LOG === '1') console.log(`the node's log: ${logFile}`);
      else fs.rmSync(logFile, { force: true });
    },
  };
}

/** A fresh schema on PostgreSQL (migrated by the server child), dropped by `drop()`. */
export async function freshSchema(url: string): Promise<{ name: string; client: pg.Client; drop(): Promise<void> }> {
  const name = `bench_load_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${name}` });
  await client.connect();
  await client.query(`CREATE SCHEMA ${name}`);
  return {
    name,
    client,
    drop: async () => {
      await client.query(`DROP SCHEMA ${name} CASCADE`);
      await client.end();
    },
  };
}

export interface Timed<T> {
  status: number;
  body: T;
  ms: number;
}

/**
 * How long a kept connection may sit idle before this client closes it: under the servers' 5 s (Node's
 * keep-alive default, the node's; HAProxy's is 10 s). Kept longer, a lagging bench could send on a
 * connection the server had just closed and get ECONNRESET, a race of the client's making that a
 * browser answers by sending again (a cluster launch run counted six of them as unanswered).
 */
export const CLIENT_IDLE_MS = 4_000;

/**
 * A JSON client over keep-alive loopback connections (at most `maxSockets` at once, like a browser's
 * pool is per origin, but shared by all the bench's players). Times each call from the write to the
 * parsed answer.
 */
export function httpClient(base: string, maxSockets = 256) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: CLIENT_IDLE_MS });
  const target = new URL(base);
  function request<T>(method: 'GET' | 'POST', route: string, cookie: string, body?: unknown, headers: Record<string, string> = {}): Promise<Timed<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const start = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method,
          path: route,
          headers: {
            cookie,
            ...headers,
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const ms = performance.now() - start;
            try {
              resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T, ms });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
  return { request, close: () => agent.destroy() };
}

/** A player's Socket.IO client over websocket, signed in by its session cookie. */
export function openSocket(base: string, token: string): Promise<Socket> {
  const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: `sid=${token}` }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inPool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
export const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * CPU time (ms) so far of PostgreSQL on this machine, from /proc: its live processes, plus what the
 * postmaster has reaped of the backends that ended (cutime, cstime), so a connection closing mid-run (a
 * pool's idle one) neither takes its CPU out of a difference nor loses what it used. Null where there is
 * no /proc or no local PostgreSQL. The server shares the cores with the node and the bots, so its share
 * of each move is part of the figures.
 */
export function postgresCpuMs(): number | null {
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const processes: { pid: string; ppid: string; own: number; reaped: number }[] = [];
  for (const pid of dirs) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // From the state field (3rd) on: ppid 4th, utime 14th, stime 15th, cutime 16th, cstime 17th.
      processes.push({ pid, ppid: fields[1] ?? '', own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) });
    } catch {
      // The process ended while we looked.
    }
  }
  if (processes.length === 0) return null;
  // The reaped CPU of the postmaster only (the process whose parent is not PostgreSQL): a backend's own
  // children are counted where they end.
  const pids = new Set(processes.map((p) => p.pid));
  const ticks = processes.reduce((sum, p) => sum + p.own + (pids.has(p.ppid) ? 0 : p.reaped), 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Load on this machine, for the notes: figures on a shared machine are noisier. */
export function machineNote(): string {
  const [one, five] = os.loadavg();
  return `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), load average ${one?.toFixed(1)} / ${five?.toFixed(1)} (1 / 5 min) at the start, node ${process.version}`;
}

/**
 * How fast this machine answers right now: the median of 200 `SELECT 1` round trips to PostgreSQL from
 * this process. About 0.05 ms on an idle machine; on a busy shared one every query of every figure
 * pays the difference.
 */
export async function roundTripNote(client: pg.Client): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const start = performance.now();
    await client.query('SELECT 1');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  // A server without autovacuum never analyses the tables a run grows from empty nor vacuums their dead
  // versions (the CI machines' PostgreSQL runs so): the figures differ, so the note says which it was.
  const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
  return (
    `PostgreSQL round trip (SELECT 1 from the bench process): median ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms; ` +
    `autovacuum ${rows[0]?.autovacuum ?? 'unknown'}`
  );
}
