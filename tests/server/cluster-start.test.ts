import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A fresh, empty schema (the processes under test migrate it themselves, at once) and the DATABASE_URL
 * that puts a server in it: node-postgres passes the URL's `options` to the server.
 */
async function freshSchema(base: string): Promise<{ name: string; databaseUrl: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const databaseUrl = new URL(base);
  databaseUrl.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    databaseUrl: databaseUrl.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${name} CASCADE`);
      await cleanup.end();
    },
  };
}

interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output (stdout and stderr). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string>): Spawned {
  const { DATABASE_URL: _database, REDIS_URL: _redis, PORT: _port, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', SEED_WAIT_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 45_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} in time; output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before ${pattern}; output:\n${output}`));
        });
        check();
      }),
  };
}

async function stop(spawned: Spawned | undefined): Promise<void> {
  if (!spawned || spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  spawned.child.kill('SIGTERM');
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 20_000);
  await spawned.exited;
  clearTimeout(timer);
}

/** Polls `probe` until it gives something other than undefined. */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms))]);

/**
 * A JSON POST from another loopback address (Linux lets a client bind any 127.0.0.x), as a player
 * elsewhere reaches HAProxy: HAProxy itself connects to the nodes from 127.0.0.1.
 */
function postFrom(localAddress: string, target: string, body: unknown): Promise<{ status: number; json: Record<string, unknown>; cookie: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(target, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const cookie = /(?:^|;\s*)(sid=[^;]+)/.exec((response.headers['set-cookie'] ?? []).join('; '))?.[1] ?? '';
        resolve({ status: response.statusCode ?? 0, json: (text ? JSON.parse(text) : {}) as Record<string, unknown>, cookie });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe.runIf(url && redisUrl)('npm run start:cluster: two nodes behind HAProxy', () => {
  let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
  let cluster: Spawned | undefined;
  let base = '';
  const pids = new Map<string, number>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    schema = await freshSchema(url as string);
    const port = await freePort();
    // The clients' build is not what is tested here (and takes long): --no-build.
    cluster = run(['scripts/cluster.mjs', '--nodes', '2', '--no-build'], {
      DATABASE_URL: schema.databaseUrl,
      REDIS_URL: redisUrl as string,
      PORT: String(port),
    });
    await cluster.waitFor(/^\s*Ready: http:\/\/localhost:\d+\s+\(2 nodes/m, 55_000);
    for (const [, name, pid] of cluster.output().matchAll(/(node\d|haproxy) \(pid (\d+)\)/g)) pids.set(name as string, Number(pid));
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stop(cluster);
    await schema?.drop();
  });

  it('answers /api/health and /api/ready through HAProxy (both nodes migrated the empty schema at once)', async () => {
    expect([...pids.keys()].sort()).toEqual(['haproxy', 'node1', 'node2']);
    expect(fs.readFileSync(`/proc/${pids.get('haproxy')}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['-W', '-db']));
    const health = await fetch(`${base}/api/health`);
    expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
    expect(health.headers.get('set-cookie')).toMatch(/^lb_node=node[12]; path=\/; HttpOnly/);
    const ready = await fetch(`${base}/api/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { ok: true, database: 'up', redis: 'up' }]);
  });

  it("runs every node with the server's Node.js flags (scripts/server-flags.mjs)", () => {
    for (const [name, pid] of pids) {
      if (name === 'haproxy') continue;
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv.slice(1, 1 + SERVER_NODE_FLAGS.length)).toEqual([...SERVER_NODE_FLAGS]);
    }
  });

  it("keeps every request of a Socket.IO session on the node that made it, by HAProxy's cookie; new clients from one address spread", async () => {
    // Every handshake from the same address (one carrier's CGNAT address, as the nodes see it) takes turns.
    const carrier = { 'x-forwarded-for': '100.64.0.1' };
    const stuckTo = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const handshake = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: carrier });
      const sid = (/"sid":"([^"]+)"/.exec(await handshake.text()) ?? [])[1];
      const cookie = /^lb_node=(node\d)/.exec(handshake.headers.get('set-cookie') ?? '')?.[1];
      expect(sid).toBeTruthy();
      expect(cookie).toBeTruthy();
      stuckTo.add(cookie as string);
      const session = `${base}/socket.io/?EIO=4&transport=polling&sid=${sid}`;
      const headers = { ...carrier, cookie: `lb_node=${cookie}`, 'content-type': 'text/plain;charset=UTF-8' };
      const join = await fetch(session, { method: 'POST', body: '40', headers });
      expect([join.status, await join.text()]).toEqual([200, 'ok']);
      const joined = await fetch(session, { headers });
      expect(joined.status).toBe(200);
      expect(await joined.text()).toMatch(/^40\{"sid"/);
      if (i === 0) {
        // The same request without the cookie takes its turn: the other node, which never heard of the sid.
        const lost = await fetch(session, { headers: carrier });
        expect([lost.status, await lost.json()]).toEqual([400, { code: 1, message: 'Session ID unknown' }]);
      }
      await fetch(session, { method: 'POST', body: '1', headers });
    }
    expect([...stuckTo].sort()).toEqual(['node1', 'node2']);

    // A real client: handshake over polling, then the upgrade to WebSocket, through HAProxy. It keeps
    // cookies (withCredentials: engine.io-client's jar under Node.js), as a browser does.
    for (let i = 0; i < 2; i += 1) {
      const socket = connect(base, { path: '/socket.io', transports: ['polling', 'websocket'], withCredentials: true, reconnectionDelay: 100, reconnectionDelayMax: 300 });
      sockets.push(socket);
      await withTimeout(new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }), 10_000, 'socket connect');
    }
    await until(() => sockets.every((socket) => socket.io.engine?.transport.name === 'websocket') || undefined, 10_000, 'upgrade to WebSocket');
  });

  it("records the player's own address, not HAProxy's: X-Forwarded-For is trusted from loopback (TRUST_PROXY)", async () => {
    // Sign-up from 127.0.0.2, sign-in from 127.0.0.3, the socket from 127.0.0.4: each through HAProxy,
    // which reaches the nodes from 127.0.0.1 and names the client in X-Forwarded-For.
    const username = `ip_${Date.now().toString(36)}`;
    const registered = await postFrom('127.0.0.2', `${base}/api/register`, { username, email: `${username}@example.com`, password: 'correct-horse' });
    expect(registered.status).toBe(201);
    const userId = (registered.json.user as { _id: string })._id;
    const login = await postFrom('127.0.0.3', `${base}/api/login`, { username, password: 'correct-horse' });
    expect([login.status, login.cookie]).toEqual([200, expect.stringMatching(/^sid=/)]);
    // Not among the suite's sockets: the next test counts on those two alone. engine.io-client hands
    // `localAddress` to its WebSocket (it is not in socket.io-client's option types).
    const options = { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: login.cookie }, localAddress: '127.0.0.4', reconnection: false };
    const socket = connect(base, options);
    await withTimeout(new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    }), 10_000, 'socket connect');
    // The app's client says who it is once connected: that is the socket's session start.
    const authenticated = await withTimeout(socket.emitWithAck('authenticate', { userId }) as Promise<{ ok: boolean }>, 10_000, 'authenticate');
    expect(authenticated).toEqual({ ok: true });

    const db = new pg.Client({ connectionString: schema?.databaseUrl });
    try {
      await db.connect();
      // The socket's session start is written after its handshake: polled.
      const seen = await until(async () => {
        const rows = (await db.query<{ source: string; ip: string }>('SELECT source, ip FROM session_signals WHERE user_id = $1 ORDER BY id', [userId])).rows;
        return rows.length === 3 ? rows : undefined;
      }, 10_000, 'three session starts');
      expect(seen).toEqual([
        { source: 'register', ip: '127.0.0.2' },
        { source: 'login', ip: '127.0.0.3' },
        { source: 'socket', ip: '127.0.0.4' },
      ]);
    } finally {
      await db.end();
      socket.disconnect();
    }
  });

  it('sends everything to the other node once one is stopped with SIGTERM; its sockets reconnect there', async () => {
    const disconnects = sockets.map(() => 0);
    sockets.forEach((socket, i) => socket.on('disconnect', () => (disconnects[i] = (disconnects[i] ?? 0) + 1)));
    process.kill(pids.get('node1') as number, 'SIGTERM');
    await cluster?.waitFor(/node1 exited \(code 0\)/, 20_000);
    // HAProxy took it out: its listener closed, a connection refused (or its readiness 503).
    await cluster?.waitFor(/\[haproxy\] .*Server nodes\/node1 is DOWN/, 10_000);

    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^lb_node=node2;/);
    }
    // A client stuck to node1 by its cookie is moved to node2 (its cookie rewritten).
    const stuck = await fetch(`${base}/api/health`, { headers: { cookie: 'lb_node=node1' } });
    expect([stuck.status, stuck.headers.get('set-cookie')]).toEqual([200, expect.stringMatching(/^lb_node=node2;/)]);
    // The two sockets were handed to the two nodes in turn: node1's was closed by it and came back on node2.
    expect(disconnects.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await until(() => sockets.every((socket) => socket.connected && socket.io.engine?.transport.name === 'websocket') || undefined, 10_000, 'reconnect');
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
  });

  it('on SIGTERM stops HAProxy taking connections, yet lets a request in flight answer through it; exits 0', async () => {
    for (const socket of sockets) socket.disconnect();
    const configFile = /with (\S+haproxy\.cfg)/.exec(cluster?.output() ?? '')?.[1] ?? '';
    expect(fs.existsSync(configFile)).toBe(true);
    // A registration held inside its transaction (the users table locked from outside) when the cluster stops.
    const locker = new pg.Client({ connectionString: schema?.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN EXCLUSIVE MODE');
      const registration = fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'through_haproxy', email: 'through_haproxy@example.com', password: 'correct-horse' }),
      });
      await until(async () => {
        const waiting = await locker.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '${schema?.name}.users'::regclass`);
        return (waiting.rows[0]?.n ?? 0) > 0 || undefined;
      }, 15_000, 'registration waiting on the lock');

      cluster?.child.kill('SIGTERM');
      // HAProxy's soft stop: new connections are refused at once...
      await until(() => fetch(`${base}/api/health`).then(() => undefined, () => true), 5000, 'HAProxy stops accepting');
      // ...while the request it already passed on still gets its answer.
      await locker.query('COMMIT');
      const answer = await withTimeout(registration, 10_000, 'in-flight registration');
      expect(answer.status).toBe(201);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect(await withTimeout(cluster?.exited ?? Promise.resolve(null), 30_000, 'cluster exit')).toBe(0);
    expect(cluster?.output()).toMatch(/\[haproxy\] .*All workers exited/);
    expect(cluster?.output()).toMatch(/\[cluster\] stopped\n/);
    expect(fs.existsSync(configFile)).toBe(false);
    expect(fs.existsSync(`/proc/${pids.get('haproxy')}`)).toBe(false);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});

describe('npm run start:cluster without HAProxy', () => {
  it('exits 1 and says how to install it', async () => {
    const cluster = run(['scripts/cluster.mjs', '--no-build'], {
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
      HAPROXY: path.join(root, 'no-such-haproxy'),
    });
    expect(await withTimeout(cluster.exited, 15_000, 'exit')).toBe(1);
    expect(cluster.output()).toMatch(/no working `haproxy` at HAPROXY=.*no-such-haproxy/);
    expect(cluster.output()).toMatch(/apt-get install haproxy/);
  });
});

describe.runIf(url)('SIGTERM on one server node', () => {
  let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
  let node: Spawned | undefined;
  let locker: pg.Client | undefined;

  afterAll(async () => {
    await locker?.query('ROLLBACK').catch(() => undefined);
    await locker?.end();
    await stop(node);
    await schema?.drop();
  });

  it('lets a request whose transaction is in flight finish, refuses new connections, and exits 0', async () => {
    schema = await freshSchema(url as string);
    const port = await freePort();
    node = run([...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
      DATABASE_URL: schema.databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    await node.waitFor(/Ready: http:\/\/localhost:\d+/, 40_000);
    const base = `http://127.0.0.1:${port}`;

    // Hold the users table, so a registration's transaction waits inside the database.
    locker = new pg.Client({ connectionString: schema.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const registration = fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'drain_me', email: 'drain_me@example.com', password: 'correct-horse' }),
    });
    await until(async () => {
      const waiting = await locker?.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '${schema?.name}.users'::regclass`,
      );
      return (waiting?.rows[0]?.n ?? 0) > 0 || undefined;
    }, 15_000, 'registration waiting on the lock');

    node.child.kill('SIGTERM');
    // The listener closes at once: new connections are refused while the old request still runs.
    await until(() => fetch(`${base}/api/health`).then(() => undefined, () => true), 5000, 'listener closed');
    expect(node.child.exitCode).toBeNull();

    await locker.query('COMMIT');
    const answer = await withTimeout(registration, 10_000, 'in-flight registration');
    expect(answer.status).toBe(201);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await withTimeout(node.exited, 15_000, 'node exit')).toBe(0);
    const saved = await locker.query(`SELECT username FROM ${schema.name}.users WHERE username = 'drain_me'`);
    expect(saved.rowCount).toBe(1);
  }, 60_000);
});
