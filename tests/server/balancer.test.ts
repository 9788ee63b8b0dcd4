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
  return { get, markedDown };
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
