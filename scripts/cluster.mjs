// `npm run start:cluster -- --nodes 3`: several server processes behind one loopback balancer, to try
// the scale-out locally (production puts nginx or a cloud balancer in front instead; see the README's
// Deployment section). Needs DATABASE_URL and REDIS_URL: the nodes share PostgreSQL for state and
// Redis for Socket.IO events and rate limits.
//
// The balancer listens on PORT (3000) and proxies HTTP and WebSocket upgrades to nodes on 127.0.0.1.
// Sticky: a Socket.IO session's requests (its polling requests and its upgrade carry `sid`) go to the
// node that answered its handshake (the balancer reads the sid from that answer); other requests follow
// the `lb_node` cookie it sets, or take turns. Failover: every node's GET /api/ready is checked every
// second; a node that fails it three times in a row, or refuses a connection, gets nothing until it
// passes again (a refused request is retried on another node at once); when no node passes, every node
// still running gets its share rather than every player a 503. SIGINT/SIGTERM stop the nodes gracefully, then exit.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import readline from 'node:readline';
import { createBalancer, SESSION_IDLE_MS } from './balancer.mjs';
import { buildIfStale, root } from './build-if-stale.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const USAGE = `Usage: npm run start:cluster -- [--nodes N] [--no-build]

  --nodes N    how many server processes (default 2)
  --no-build   do not build the clients even when dist/ is missing or stale (API and sockets only)

Needs DATABASE_URL (PostgreSQL) and REDIS_URL. The balancer listens on HOST:PORT (default 127.0.0.1:3000);
the nodes on 127.0.0.1, on the next free ports. Every other variable of the README's configuration table is passed to
every node (LOG_LEVEL defaults to warn here, so the readiness checks do not flood the output).`;

const HEALTH_INTERVAL_MS = 1000;
const HEALTH_TIMEOUT_MS = 1500;
const FAILED_CHECKS_BEFORE_DOWN = 3;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 25_000;

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
const balancerHost = process.env.HOST?.trim() || '127.0.0.1';
if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) fail(`PORT must be a port number, not ${process.env.PORT}`);

process.chdir(root);
if (options.build) await buildIfStale();

const say = (line) => console.log(`[cluster] ${line}`);

// ---------------------------------------------------------------------------------------------------
// Nodes

/** @typedef {{ index: number, name: string, port: number, state: 'starting' | 'up' | 'down' | 'exited', child: import('node:child_process').ChildProcess | null, exited: Promise<void>, exitCode: number | null, exitSignal: string | null, checking: boolean, failedChecks: number }} Node */

/** @type {Node[]} */
const nodes = [];
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

function setState(node, state, reason) {
  if (node.state === state || node.state === 'exited') return;
  const was = node.state;
  node.state = state;
  if (state === 'up') say(`${node.name} is ${was === 'starting' ? 'ready' : 'back'} on http://127.0.0.1:${node.port}`);
  if (state === 'down' && !stopping) say(`${node.name} is down (${reason}); its clients go to the other nodes`);
}

function startNode(node, publicUrl) {
  const env = {
    ...process.env,
    PORT: String(node.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? publicUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  node.child = child;
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      // The node's own "Ready: http://localhost:<its port>" is not where players go; the cluster says that.
      if (!line.trim() || /^\s*Ready: /.test(line)) return;
      out.write(`[${node.name}] ${line}\n`);
    });
  }
  node.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      node.exitCode = code;
      node.exitSignal = signal;
      node.state = 'exited';
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
  const left = nodes.filter((n) => n.state !== 'exited').length;
  say(`${node.name} exited (${how}); ${left} node${left === 1 ? '' : 's'} left`);
  if (left === 0) {
    say('no node left; stopping the balancer');
    void shutdown('no nodes', 1);
  }
}

function checkNode(node) {
  if (node.state === 'exited' || node.checking) return;
  node.checking = true;
  const request = http.get({ host: '127.0.0.1', port: node.port, path: '/api/ready', agent: false, timeout: HEALTH_TIMEOUT_MS }, (res) => {
    res.resume();
    node.checking = false;
    if (res.statusCode === 200) {
      node.failedChecks = 0;
      setState(node, 'up');
    } else checkFailed(node, `ready answered ${res.statusCode}`);
  });
  request.on('timeout', () => request.destroy(new Error('timed out')));
  request.on('error', (error) => {
    node.checking = false;
    // A node still starting refuses connections: that is not news.
    if (node.state !== 'starting') checkFailed(node, `ready check: ${error.code ?? error.message}`);
  });
}

/**
 * A node is taken out after FAILED_CHECKS_BEFORE_DOWN failed checks in a row, not one: a node slow to
 * answer under a spike is busy, not broken, and taking it out only sends its load to the others (a
 * refused connection still takes it out at once, in the balancer).
 */
function checkFailed(node, reason) {
  node.failedChecks += 1;
  if (node.state === 'starting' || node.failedChecks >= FAILED_CHECKS_BEFORE_DOWN) setState(node, 'down', reason);
}

const { server: balancer, tunnels, forgetIdleSessions } = createBalancer(nodes, (node, reason) => setState(node, 'down', reason));

// ---------------------------------------------------------------------------------------------------
// Start and stop

let healthTimer;
let sessionTimer;

async function shutdown(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  clearInterval(healthTimer);
  clearInterval(sessionTimer);
  const alive = nodes.filter((node) => node.child && node.state !== 'exited');
  say(`${reason}: stopping the balancer and ${alive.length} node${alive.length === 1 ? '' : 's'}…`);
  balancer.close();
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
      if (node.state !== 'exited') {
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
  balancer.closeAllConnections();
  for (const tunnel of tunnels) tunnel.destroy();
  say(exitCode === 0 ? 'stopped' : 'stopped with errors');
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await new Promise((resolve) => {
  balancer.once('error', (error) => fail(`The balancer cannot listen on ${balancerHost}:${requestedPort}: ${error.message}`));
  balancer.listen(requestedPort, balancerHost, () => resolve());
});
const balancerAddress = balancer.address();
const port = typeof balancerAddress === 'object' && balancerAddress ? balancerAddress.port : requestedPort;
const publicUrl = `http://localhost:${port}`;

const taken = new Set([port]);
let previous = port;
for (let index = 0; index < options.nodes; index += 1) {
  const nodePortNumber = await nodePort(previous, taken);
  taken.add(nodePortNumber);
  previous = nodePortNumber;
  nodes.push({ index, name: `node${index + 1}`, port: nodePortNumber, state: 'starting', child: null, exited: Promise.resolve(), exitCode: null, exitSignal: null, checking: false, failedChecks: 0 });
}
say(`balancer on port ${port}; starting ${nodes.length} node${nodes.length === 1 ? '' : 's'} (each migrates under an advisory lock, so at most one applies anything)`);
for (const node of nodes) startNode(node, publicUrl);

healthTimer = setInterval(() => {
  for (const node of nodes) checkNode(node);
}, HEALTH_INTERVAL_MS);
sessionTimer = setInterval(() => forgetIdleSessions(Date.now()), SESSION_IDLE_MS / 4);
sessionTimer.unref();
for (const node of nodes) checkNode(node);

const started = Date.now();
while (!stopping && nodes.some((node) => node.state !== 'up')) {
  if (Date.now() - started > START_TIMEOUT_MS) {
    say(`not every node was ready after ${START_TIMEOUT_MS / 1000} s`);
    await shutdown('start timeout', 1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
if (!stopping) {
  ready = true;
  const ports = nodes.map((node) => node.port).join(', ');
  console.log(`\n  Ready: ${publicUrl}  (${nodes.length} node${nodes.length === 1 ? '' : 's'} on 127.0.0.1 ports ${ports}; PostgreSQL + Redis)\n`);
}
