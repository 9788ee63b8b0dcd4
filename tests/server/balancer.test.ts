import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

/** The loopback balancer of `npm run start:cluster` (scripts/balancer.mjs), in front of two stand-in nodes. */
type BalancedNode = { index: number; port: number; state: 'starting' | 'up' | 'down' | 'exited' };
type Balancer = { server: http.Server; tunnels: Set<unknown>; forgetIdleSessions(now: number): void };
const balancerModule = '../../scripts/balancer.mjs';
const { createBalancer } = (await import(balancerModule)) as { createBalancer(nodes: BalancedNode[], markDown: (node: BalancedNode, reason: string) => void): Balancer };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** A node that answers every request with its own name. */
async function standInNode(index: number): Promise<BalancedNode> {
  const port = await listen(http.createServer((_req, res) => res.end(`node${index + 1}`)));
  return { index, port, state: 'up' };
}

/** A port nothing listens on: a node that has stopped taking connections. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A node that counts the connections it accepted and drops any connection on its second request
 * without answering, as a node that had just closed a kept connection the balancer sent on.
 */
async function droppingNode(index: number): Promise<{ node: BalancedNode; connections: () => number; requests: string[] }> {
  let connections = 0;
  const requests: string[] = [];
  const served = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    if (served.has(req.socket)) {
      requests.push(`${req.method} dropped`);
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    requests.push(`${req.method} answered`);
    req.resume();
    req.on('end', () => res.end(`node${index + 1}`));
  });
  server.on('connection', () => (connections += 1));
  const port = await listen(server);
  return { node: { index, port, state: 'up' }, connections: () => connections, requests };
}

async function balance(nodes: BalancedNode[]) {
  const markedDown: string[] = [];
  const { server } = createBalancer(nodes, (node, reason) => {
    node.state = 'down';
    markedDown.push(`node${node.index + 1}: ${reason}`);
  });
  const port = await listen(server);
  const get = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
    return { status: res.status, body: await res.text() };
  };
  const post = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/rps-move`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: await res.text() };
  };
  return { get, post, markedDown };
}

describe('the cluster balancer', () => {
  it('sends nothing to a node that failed its readiness checks while another is up', async () => {
    const nodes = [await standInNode(0), await standInNode(1)];
    nodes[0]!.state = 'down';
    const { get } = await balance(nodes);
    const answers = await Promise.all(Array.from({ length: 6 }, get));
    expect(answers.map((a) => a.body)).toEqual(Array(6).fill('node2'));
  });

  it('still serves through the running nodes when none passes its readiness check (busy, not broken)', async () => {
    const nodes = [await standInNode(0), await standInNode(1)];
    for (const node of nodes) node.state = 'down';
    const { get } = await balance(nodes);
    const answers = await Promise.all(Array.from({ length: 6 }, get));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['node1', 'node2']));
  });

  it('keeps its connections to a node open from one request to the next', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end('node1'));
    server.on('connection', () => (connections += 1));
    const { get } = await balance([{ index: 0, port: await listen(server), state: 'up' }]);
    for (let i = 0; i < 5; i += 1) expect(await get()).toEqual({ status: 200, body: 'node1' });
    expect(connections).toBe(1);
  });

  it('sends a request without a body again when the kept connection closes under it; one with a body is a 502', async () => {
    const dropping = await droppingNode(0);
    const { get, post, markedDown } = await balance([dropping.node]);
    expect(await get()).toEqual({ status: 200, body: 'node1' });
    // The kept connection is dropped under the GET: sent again on a new connection, answered.
    expect(await get()).toEqual({ status: 200, body: 'node1' });
    // Under a POST it may have been acted on: never sent twice.
    const dropped = await post();
    expect(dropped.status).toBe(502);
    expect(dropping.requests).toEqual(['GET answered', 'GET dropped', 'GET answered', 'POST dropped']);
    expect(dropping.connections()).toBe(2);
    expect(markedDown).toEqual([]);
  });

  it('answers 503 with a message when no node takes the connection, and marks each down', async () => {
    const nodes: BalancedNode[] = [
      { index: 0, port: await closedPort(), state: 'up' },
      { index: 1, port: await closedPort(), state: 'down' },
      { index: 2, port: await closedPort(), state: 'exited' },
    ];
    const { get, markedDown } = await balance(nodes);
    const answer = await get();
    expect([answer.status, JSON.parse(answer.body)]).toEqual([503, { message: 'No server node is available right now' }]);
    expect(markedDown.map((line) => line.split(':')[0])).toEqual(['node1', 'node2']);
  });
});
