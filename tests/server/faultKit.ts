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
import { TronGridStandIn } from './tronGridStandIn.ts';

/**
 * Shared pieces of the fault tests (tests/server/faults.test.ts): real server processes (server/main.ts)
 * to kill, a fresh PostgreSQL schema they share, HAProxy in front of them as start:cluster and production
 * put it, a TCP proxy that can take PostgreSQL "down", and a TronGrid stand-in that can hold a broadcast
 * without answering.
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

/**
 * A loopback TCP proxy in front of PostgreSQL. `outage()` is a database restart as the server sees it:
 * every open connection is cut and new ones are refused (nothing listens) until `resume()`.
 */
export class TcpProxy {
  port = 0;
  /** Connections accepted so far (each is one pooled connection of the server under test). */
  accepted = 0;
  private server: net.Server | null = null;
  private readonly open = new Set<net.Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  static to(databaseUrl: string): TcpProxy {
    const url = new URL(databaseUrl);
    return new TcpProxy({ host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) });
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  private relay(client: net.Socket): void {
    this.accepted += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.open.delete(from);
        to.destroy();
      });
    }
  }

  get connections(): number {
    return this.open.size / 2;
  }

  async outage(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.open) socket.destroy();
    await closed;
  }

  /** Accepts again, on the same port. */
  async resume(): Promise<void> {
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    await this.outage();
  }
}

interface HeldBroadcast {
  txId: string;
  body: string;
  response: http.ServerResponse;
}

/** What the relay does with one broadcast: pass it to the chain, hold it unanswered, or cut the connection. */
export type BroadcastFate = 'pass' | 'hold' | 'cut';

/**
 * The TronGrid stand-in behind a relay that decides the fate of every broadcast (`fate`, by transaction
 * id). 'hold' takes it and never answers: the server under test is left waiting with a transaction that
 * may or may not reach the chain, and the test decides later what the chain saw — `deliver` (it arrived,
 * only the answer was lost) or `drop`. 'cut' drops the connection at once, unsent: an unknown outcome.
 */
export class HoldingTronGrid {
  readonly chain = new TronGridStandIn();
  fate: (txId: string) => BroadcastFate = () => 'pass';
  readonly held: HeldBroadcast[] = [];
  /** The id of every broadcast the server under test sent, held or passed on, in order. */
  readonly sent: string[] = [];
  url = '';
  private server?: http.Server;

  async start(): Promise<void> {
    await this.chain.start();
    this.server = http.createServer((req, res) => void this.relay(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  private async relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && req.url?.startsWith('/wallet/broadcasttransaction')) {
      const { txID } = JSON.parse(body) as { txID: string };
      this.sent.push(txID);
      const fate = this.fate(txID);
      if (fate === 'hold') {
        this.held.push({ txId: txID, body, response: res });
        return;
      }
      if (fate === 'cut') {
        res.destroy();
        return;
      }
    }
    try {
      const answer = await fetch(`${this.chain.url}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(await answer.text());
    } catch {
      res.destroy();
    }
  }

  private take(txId: string): HeldBroadcast {
    const index = this.held.findIndex((h) => h.txId === txId);
    const [held] = index >= 0 ? this.held.splice(index, 1) : [];
    if (!held) throw new Error(`no held broadcast of ${txId}`);
    held.response.destroy();
    return held;
  }

  /** The held broadcast reaches the chain after all (the sender never hears the answer). */
  async deliver(txId: string): Promise<void> {
    const held = this.take(txId);
    const answer = await fetch(`${this.chain.url}/wallet/broadcasttransaction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: held.body });
    const result = (await answer.json()) as { result?: boolean };
    if (!result.result) throw new Error(`the stand-in refused the held broadcast: ${JSON.stringify(result)}`);
  }

  /** The held broadcast never reached the chain. */
  drop(txId: string): void {
    this.take(txId);
  }

  async stop(): Promise<void> {
    for (const held of this.held.splice(0)) held.response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.chain.stop();
  }
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
