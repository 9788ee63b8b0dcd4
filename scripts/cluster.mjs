// `npm run start:cluster -- --nodes 3`: several server processes behind HAProxy, to try the scale-out
// on one machine with the proxy production uses (the README's Deployment section shows the same
// configuration, from scripts/haproxyConfig.mjs). Needs DATABASE_URL and REDIS_URL: the nodes share
// PostgreSQL for state and Redis for Socket.IO events and rate limits; and Debian's `haproxy` package.
//
// The nodes start first, on 127.0.0.1 and the ports after PORT; once every one answers GET /api/ready,
// HAProxy starts as a child in the foreground (`haproxy -W -db`) on HOST:PORT with a generated
// configuration in a temporary directory: active checks of /api/ready, the lb_node cookie for
// stickiness, WebSocket tunnels, a refused connection retried on another node. Its output and the
// nodes' are relayed here, prefixed. SIGINT/SIGTERM stop HAProxy softly and the nodes gracefully, then exit.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildIfStale, root } from './build-if-stale.mjs';
import { haproxyConfig } from './haproxyConfig.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const USAGE = `Usage: npm run start:cluster -- [--nodes N] [--no-build]

  --nodes N    how many server processes (default 2)
  --no-build   do not build the clients even when dist/ is missing or stale (API and sockets only)

Needs DATABASE_URL (PostgreSQL), REDIS_URL and HAProxy (Debian/Ubuntu: apt-get install haproxy; HAPROXY
names the binary when it is not on PATH or in /usr/sbin).
HAProxy listens on HOST:PORT (default 127.0.0.1:3000); the nodes on 127.0.0.1, on the next free ports.
Every other variable of the README's configuration table is passed to every node (LOG_LEVEL defaults
to warn here, TRUST_PROXY to loopback: HAProxy's X-Forwarded-For is believed).`;

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 25_000;
/** HAProxy's hard-stop-after: past the nodes' own stop (STOP_TIMEOUT_MS), so it never cuts what they still answer. */
const PROXY_STOP_AFTER_S = 30;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { nodes: 2, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--no-build') {
      options.build = false;
    } else if (arg === '--nodes' || arg.startsWith('--nodes=')) {
      const value = arg === '--nodes' ? argv[(i += 1)] : arg.slice('--nodes='.length);
      const nodes = Number(value);
      if (!Number.isInteger(nodes) || nodes < 1 || nodes > 64) fail(`--nodes must be a whole number from 1 to 64, not ${value}\n\n${USAGE}`);
      options.nodes = nodes;
    } else {
      fail(`Unknown argument ${arg}\n\n${USAGE}`);
    }
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]?.trim());
if (missing.length) {
  fail(
    `start:cluster needs ${missing.join(' and ')}: the nodes must share one PostgreSQL database (an embedded\n` +
      `PGlite cannot be shared between processes) and one Redis (Socket.IO events and rate limits).\n` +
      `For example:\n\n` +
      `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/duel REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster -- --nodes 3\n`,
  );
}
const requestedPort = Number(process.env.PORT ?? 3000);
// Loopback unless told otherwise: this is for trying the cluster on one machine.
const proxyHost = process.env.HOST?.trim() || '127.0.0.1';
if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) fail(`PORT must be a port number, not ${process.env.PORT}`);

/**
 * The haproxy binary: HAPROXY when set, else on PATH or where Debian's package puts it (/usr/sbin is not
 * on every user's PATH). Exits with how to install it when there is none.
 */
function findHaproxy() {
  const candidates = process.env.HAPROXY?.trim()
    ? [process.env.HAPROXY.trim()]
    : [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'haproxy')), '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
    } catch {
      // not here
    }
  }
  return fail(
    `start:cluster runs HAProxy in front of the nodes, and there is no working \`haproxy\` ${process.env.HAPROXY?.trim() ? `at HAPROXY=${process.env.HAPROXY}` : 'here'}. Install it:\n\n` +
      '  sudo apt-get install haproxy      # Debian, Ubuntu (then `sudo systemctl disable --now haproxy`:\n' +
      '                                    # start:cluster runs its own, the package\'s service is not needed)\n' +
      '  brew install haproxy              # macOS\n',
  );
}
const haproxyBin = findHaproxy();

process.chdir(root);
if (options.build) await buildIfStale();

const say = (line) => console.log(`[cluster] ${line}`);

// ---------------------------------------------------------------------------------------------------
// Nodes

/** @typedef {{ name: string, port: number, child: import('node:child_process').ChildProcess | null, exited: Promise<void>, exitCode: number | null, exitSignal: string | null, alive: boolean }} Node */

/** @type {Node[]} */
const nodes = [];
/** @type {import('node:child_process').ChildProcess | null} */
let proxy = null;
let proxyExited = Promise.resolve();
let configDir = '';
let stopping = false;
let ready = false;

function listenOn(port, host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
    });
  });
}

/** The port after `after` if it is free, else any free one; never one already in `taken`. */
async function nodePort(after, taken) {
  const wanted = after + 1;
  if (wanted > 1024 && wanted <= 65535 && !taken.has(wanted)) {
    try {
      return await listenOn(wanted, '127.0.0.1');
    } catch {
      // taken by something else: any free port will do
    }
  }
  for (;;) {
    const port = await listenOn(0, '127.0.0.1');
    if (!taken.has(port)) return port;
  }
}

/** Relays a child's lines to ours, each prefixed with its name; `skip` drops the lines that would mislead. */
function relay(child, name, skip = () => false) {
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (!line.trim() || skip(line)) return;
      out.write(`[${name}] ${line}\n`);
    });
  }
}

function startNode(node, publicUrl) {
  const env = {
    ...process.env,
    PORT: String(node.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? publicUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The nodes are reached only through HAProxy on loopback: its X-Forwarded-For names the player
    // (rate limits and the integrity signals count addresses; without it every player would be 127.0.0.1).
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  node.child = child;
  node.alive = true;
  // The node's own "Ready: http://localhost:<its port>" is not where players go; the cluster says that.
  relay(child, node.name, (line) => /^\s*Ready: /.test(line));
  node.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      node.exitCode = code;
      node.exitSignal = signal;
      node.alive = false;
      resolve();
      onNodeExit(node, code, signal);
    });
  });
  say(`${node.name} (pid ${child.pid}) starting on port ${node.port}`);
}

function onNodeExit(node, code, signal) {
  if (stopping) return;
  const how = signal ? `signal ${signal}` : `code ${code}`;
  if (!ready) {
    say(`${node.name} exited (${how}) while starting; stopping the cluster`);
    void shutdown('start failure', 1);
    return;
  }
  const left = nodes.filter((n) => n.alive).length;
  // HAProxy sees it too (its connections are refused): it takes the node out and says so.
  say(`${node.name} exited (${how}); ${left} node${left === 1 ? '' : 's'} left`);
  if (left === 0) void shutdown('no nodes', 1);
}

/** GET `url`'s status, or 0 when nothing answers. */
function statusOf(host, port, urlPath) {
  return new Promise((resolve) => {
    const request = http.get({ host, port, path: urlPath, agent: false, timeout: 1500 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve(0));
  });
}

async function waitUntil(what, done) {
  const started = Date.now();
  while (!stopping && !(await done())) {
    if (Date.now() - started > START_TIMEOUT_MS) {
      say(`${what} not in ${START_TIMEOUT_MS / 1000} s`);
      await shutdown('start timeout', 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ---------------------------------------------------------------------------------------------------
// HAProxy

function startProxy(port) {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duel-cluster-'));
  const configFile = path.join(configDir, 'haproxy.cfg');
  const config = haproxyConfig({
    bind: { host: proxyHost, port },
    nodes: nodes.map((node) => ({ name: node.name, host: '127.0.0.1', port: node.port })),
    header: ['Generated by `npm run start:cluster` (scripts/haproxyConfig.mjs); deleted when it stops.'],
    stopAfterSeconds: PROXY_STOP_AFTER_S,
  });
  fs.writeFileSync(configFile, config);
  // -W: master-worker (the master passes signals on and exits with its worker); -db: in the foreground,
  // its warnings on stderr. Its own process group: a terminal's Ctrl-C reaches every process of the
  // foreground group, and SIGINT would make HAProxy stop at once, cutting the answers the nodes are
  // still draining; this script stops it softly instead (shutdown below).
  const child = spawn(haproxyBin, ['-W', '-db', '-f', configFile], { cwd: configDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  proxy = child;
  relay(child, 'haproxy');
  proxyExited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      proxy = null;
      resolve();
      if (!stopping) {
        say(`HAProxy exited (${signal ? `signal ${signal}` : `code ${code}`}); stopping the nodes`);
        void shutdown('HAProxy gone', 1);
      }
    });
  });
  say(`haproxy (pid ${child.pid}) starting on ${proxyHost}:${port} with ${configFile}`);
}

// ---------------------------------------------------------------------------------------------------
// Start and stop

/**
 * HAProxy gets SIGUSR1 (a soft stop: it stops accepting at once and lets every open connection finish)
 * together with the nodes' SIGTERM, rather than SIGTERM, which would cut every connection at once: a
 * move whose transaction the node is still finishing would commit unanswered. Nothing new reaches the
 * nodes while they drain, and what they answer still reaches the players; its hard-stop-after bounds
 * what stays open (WebSockets: the nodes close theirs as they stop).
 */
async function shutdown(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = nodes.filter((node) => node.child && node.alive);
  say(`${reason}: stopping HAProxy and ${alive.length} node${alive.length === 1 ? '' : 's'}…`);
  proxy?.kill('SIGUSR1');
  for (const node of alive) node.child.kill('SIGTERM');
  let timer;
  const timedOut = await Promise.race([
    Promise.all(alive.map((node) => node.exited)).then(() => false),
    new Promise((resolve) => (timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  let exitCode = code;
  if (timedOut) {
    for (const node of alive) {
      if (node.alive) {
        say(`${node.name} did not stop in ${STOP_TIMEOUT_MS / 1000} s; killing it`);
        node.child.kill('SIGKILL');
      }
    }
    await Promise.all(alive.map((node) => node.exited));
    exitCode = 1;
  }
  for (const node of alive) {
    if (node.exitCode !== 0) {
      say(`${node.name} stopped with ${node.exitSignal ? `signal ${node.exitSignal}` : `code ${node.exitCode}`}`);
      exitCode = 1;
    }
  }
  // The nodes are gone, so no connection through HAProxy has anything left to wait for.
  const proxyTimer = setTimeout(() => proxy?.kill('SIGTERM'), 5000);
  await proxyExited;
  clearTimeout(proxyTimer);
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
  say(exitCode === 0 ? 'stopped' : 'stopped with errors');
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// In its own process group HAProxy outlives this script unless told: whatever way this one ends.
process.on('exit', () => proxy?.kill('SIGTERM'));

// PORT=0: a free port, chosen here, since HAProxy's configuration needs the number.
let port;
try {
  port = await listenOn(requestedPort, proxyHost);
} catch (error) {
  fail(`HAProxy cannot listen on ${proxyHost}:${requestedPort}: ${error.message}`);
}
const publicUrl = `http://localhost:${port}`;

const taken = new Set([port]);
let previous = port;
for (let index = 0; index < options.nodes; index += 1) {
  const nodePortNumber = await nodePort(previous, taken);
  taken.add(nodePortNumber);
  previous = nodePortNumber;
  nodes.push({ name: `node${index + 1}`, port: nodePortNumber, child: null, exited: Promise.resolve(), exitCode: null, exitSignal: null, alive: false });
}
say(`starting ${nodes.length} node${nodes.length === 1 ? '' : 's'} (each migrates under an advisory lock, so at most one applies anything), then HAProxy on port ${port}`);
for (const node of nodes) startNode(node, publicUrl);

// HAProxy counts a server as up until its checks fail: it starts once every node is ready, so no player
// is sent to a node still migrating.
await waitUntil('not every node was ready', async () => (await Promise.all(nodes.map((node) => statusOf('127.0.0.1', node.port, '/api/ready')))).every((status) => status === 200));
if (!stopping) startProxy(port);
const probeHost = proxyHost === '0.0.0.0' || proxyHost === '::' ? '127.0.0.1' : proxyHost;
await waitUntil('HAProxy did not answer', async () => (await statusOf(probeHost, port, '/api/ready')) === 200);
if (!stopping) {
  ready = true;
  const ports = nodes.map((node) => node.port).join(', ');
  console.log(`\n  Ready: ${publicUrl}  (${nodes.length} node${nodes.length === 1 ? '' : 's'} on 127.0.0.1 ports ${ports} behind HAProxy; PostgreSQL + Redis)\n`);
}
