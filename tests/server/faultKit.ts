import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { haproxyConfig } from '../../scripts/haproxyConfig.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { openDatabase, type Database } from '../../server/db/client.ts';

/**
 * Shared pieces of the fault tests (tests/server/faults.test.ts): real server processes (server/main.ts)
 * to kill, a fresh PostgreSQL schema they share, HAProxy in front of them as start:cluster and production
 * put it. The relays that take a backend "down" or hold a broadcast: faultRelays.ts.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Polls `probe` until it gives something other than undefined (never a fixed sleep where a poll works). */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string, everyMs = 50): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface FreshSchema {
  name: string;
  /** The URL that puts a server process in this schema (node-postgres passes `options` to the server). */
  databaseUrl: string;
  /** The same, through another host and port (a proxy in front of the same server). */
  databaseUrlVia(port: number): string;
  /** A connection pool of the test process into the schema, for checkLedger and assertions. */
  open(): Promise<Database>;
  /** A single connection into the schema, e.g. to hold a lock from outside the server under test. */
  client(): Promise<pg.Client>;
  drop(): Promise<void>;
}

/** A new, empty schema: the server processes migrate it themselves when they start. */
export async function freshSchema(base: string): Promise<FreshSchema> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const urlVia = (port?: number) => {
    const url = new URL(base);
    if (port !== undefined) {
      url.hostname = '127.0.0.1';
      url.port = String(port);
    }
    url.searchParams.set('options', `-c search_path=${name}`);
    return url.toString();
  };
  return {
    name,
    databaseUrl: urlVia(),
    databaseUrlVia: (port) => urlVia(port),
    open: () => openDatabase({ url: base, searchPath: name }),
    client: async () => {
      const client = new pg.Client({ connectionString: urlVia() });
      await client.connect();
      return client;
    },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${name} CASCADE`);
      await cleanup.end();
    },
  };
}

/** One server process: `node --import tsx server/main.ts`, as production starts it. */
export interface NodeProcess {
  name: string;
  base: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output (stdout and stderr). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGKILL: no handler runs, no transaction commits, sockets are cut by the kernel. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 20 s. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/** Starts a server process on a free loopback port and waits for its Ready line. */
export async function startNode(name: string, env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, PORT: _port, CHAIN: _chain, ...inherited } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', SEED_WAIT_MS: '0', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name}] ${chunk.toString()}`);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const waitFor = (pattern: RegExp, timeoutMs = START_TIMEOUT_MS) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(match);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`${name}: no ${pattern} in ${timeoutMs} ms; output:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then(({ code, signal }) => {
        if (!listeners.has(check)) return;
        listeners.delete(check);
        clearTimeout(timer);
        reject(new Error(`${name} exited (${code ?? signal}) before ${pattern}; output:\n${output}`));
      });
      check();
    });
  const node: NodeProcess = {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    waitFor,
    exited,
    alive,
    kill: async () => {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitFor(/Ready: http:\/\/localhost:\d+/);
  } catch (error) {
    await node.kill();
    throw error;
  }
  return node;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A call to a node's API over real HTTP; the status and the parsed JSON body, whatever the status. */
export async function call<T = Record<string, unknown>>(base: string, cookie: string | null, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${apiPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** Like `call`, but anything other than 2xx throws with the answer. */
export async function ok<T = Record<string, unknown>>(base: string, cookie: string | null, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
  const answer = await call<T>(base, cookie, method, apiPath, body);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${apiPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface Player {
  id: string;
  username: string;
  cookie: string;
}

let players = 0;

/** Registers and signs in a new player through a node's API. */
export async function signUp(base: string, prefix = 'f'): Promise<Player> {
  players += 1;
  const username = `${prefix}${Date.now().toString(36)}${players}`;
  const password = 'correct-horse';
  const registered = await ok<{ user: { _id: string } }>(base, null, 'POST', '/register', { username, email: `${username}@example.com`, password });
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const cookie = /(?:^|,\s*)(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { id: registered.user._id, username, cookie };
}

export async function balanceOf(base: string, player: Player): Promise<number> {
  return (await ok<{ user: { balance: number } }>(base, player.cookie, 'GET', '/protected')).user.balance;
}

/** Backends of other sessions waiting for a lock on `table` of this schema. */
export async function lockWaiters(client: pg.Client, table: string): Promise<number[]> {
  const result = await client.query<{ pid: number }>(
    `SELECT l.pid FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT l.granted AND c.relname = $1 AND n.nspname = current_schema()`,
    [table],
  );
  return result.rows.map((row) => row.pid);
}

/** The tables of this schema a backend holds a write lock on (so it has written to them in its transaction). */
export async function tablesWrittenBy(client: pg.Client, pid: number): Promise<string[]> {
  const result = await client.query<{ relname: string }>(
    `SELECT DISTINCT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE l.pid = $1 AND l.granted AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r' AND n.nspname = current_schema()
     ORDER BY c.relname`,
    [pid],
  );
  return result.rows.map((row) => row.relname);
}

/** Waits until a backend is gone (its client died: PostgreSQL rolls its open transaction back). */
export async function backendGone(client: pg.Client, pid: number, timeoutMs = 15_000): Promise<void> {
  await until(
    async () => ((await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0 ? true : undefined),
    timeoutMs,
    `backend ${pid} gone`,
  );
}

/** HAProxy in front of server processes, with start:cluster's configuration (scripts/haproxyConfig.mjs). */
export interface Proxy {
  base: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `haproxy -W -db` in front of `nodes` (named as HAProxy's servers, so a player's `lb_node=<name>`
 * cookie sends it to that node) and waits until it answers /api/ready through them.
 */
export async function startHaproxy(nodes: NodeProcess[]): Promise<Proxy> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig({ bind: { host: '127.0.0.1', port }, nodes: nodes.map((node) => ({ name: node.name, host: '127.0.0.1', port: Number(new URL(node.base).port) })), stopAfterSeconds: 5 }));
  const binary = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((candidate) => fs.existsSync(candidate)) ?? 'haproxy';
  const child = spawn(binary, ['-W', '-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[haproxy] ${chunk.toString()}`);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
      return (await fetch(`${base}/api/ready`).then((res) => res.status, () => 0)) === 200 ? true : undefined;
    }, 15_000, 'HAProxy answering');
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, output: () => output, stop };
}
