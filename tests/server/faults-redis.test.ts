import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpsGameView } from '../../protocol/rps.ts';
import type { Database } from '../../server/db/client.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { balanceOf, call, freshSchema, signUp, startHaproxy, startNode, until, type FreshSchema, type NodeProcess, type Proxy } from './faultKit.ts';
import { TcpProxy } from './faultRelays.ts';
import { crashOf, expectContiguousLog, fund, pairRps, query, roundOpen, rpsMove, transferKinds } from './faultGames.ts';
import { connectClient, latestGame, type Client } from './socketClients.ts';

/**
 * Redis unreachable under two nodes behind HAProxy (issue 37). The nodes reach the machine's shared Redis
 * through a TCP proxy of this test (faultRelays.ts's TcpProxy), which cuts every connection and refuses new ones
 * for a while: the shared server itself is never stopped. Redis carries a node's Socket.IO events to the
 * sockets of the other node and the sign-in limits; PostgreSQL holds every move and every cent, so a
 * move must still be taken and kept while Redis is gone, and the events must flow again once it is back.
 */

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const devchainEnv = { DEVCHAIN_BLOCK_MS: '100', DEPOSIT_CONFIRMATIONS: '1', GAME_SWEEP_MS: '100' };

/** The node's own readiness, straight to it (not through HAProxy, which may pick another node). */
const readiness = async (node: NodeProcess) => {
  const answer = await call(node.base, null, 'GET', '/ready');
  return { status: answer.status, body: answer.body };
};

/** Waits until `client` has seen version `v` (or a later one) of the game over its socket. */
const hears = (client: Client, gameId: string, v: number, what: string) =>
  until(() => {
    const game = latestGame<RpsGameView>(client.events, gameId);
    return game && game.v >= v ? game : undefined;
  }, 10_000, what);

describe.runIf(url && redisUrl)('faults: Redis unreachable under two nodes behind HAProxy', () => {
  let schema: FreshSchema | undefined;
  let database: Database | undefined;
  let db: pg.Client | undefined;
  let redisProxy: TcpProxy | undefined;
  let haproxy: Proxy | undefined;
  const nodes: NodeProcess[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    schema = await freshSchema(url as string);
    redisProxy = TcpProxy.to(redisUrl as string);
    await redisProxy.start();
    // The shared Redis's URL (its password and database number kept), through the proxy.
    const proxied = new URL(redisUrl as string);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(redisProxy.port);
    const env = { DATABASE_URL: schema.databaseUrl, REDIS_URL: proxied.toString(), ...devchainEnv, TRUST_PROXY: 'loopback' };
    nodes.push(...(await Promise.all([startNode('node-a', env), startNode('node-b', env)])));
    haproxy = await startHaproxy(nodes);
    database = await schema.open();
    db = await schema.client();
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await haproxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await redisProxy?.stop();
    await db?.end();
    await database?.close();
    await schema?.drop();
  });

  it('keeps taking moves on PostgreSQL while Redis is gone, says not ready, and carries events across nodes again once it is back', async () => {
    const proxy = redisProxy as TcpProxy;
    const client = db as pg.Client;
    const base = (haproxy as Proxy).base;
    const alive = () => {
      for (const node of nodes) expect(node.alive(), crashOf(node)).toBe(true);
    };
    // Everything through HAProxy; its lb_node cookie puts Ann (calls and socket) on node A, Bob on node B,
    // so each one's moves reach the other's socket only through Redis.
    const signedUp = [await signUp(base, 'ann'), await signUp(base, 'bob')];
    const ann = { ...signedUp[0]!, cookie: `${signedUp[0]!.cookie}; lb_node=node-a` };
    const bob = { ...signedUp[1]!, cookie: `${signedUp[1]!.cookie}; lb_node=node-b` };
    await Promise.all([fund(base, ann, 5), fund(base, bob, 5)]);
    const annOnA = await connectClient(base, ann.cookie, sockets);
    const bobOnB = await connectClient(base, bob.cookie, sockets);
    const gameId = await pairRps([base, ann], [base, bob], 1);

    // Round 1 with Redis up: Ann's choice, made on A, reaches Bob's socket on B.
    await roundOpen(base, ann, 1);
    const annFirst = await rpsMove(base, ann, gameId, 'rock', 1);
    expect(annFirst.status).toBe(200);
    await hears(bobOnB, gameId, annFirst.body.game.v, 'Bob hears Ann choose in round 1');
    expect((await rpsMove(base, bob, gameId, 'scissors', 1)).status).toBe(200);
    await roundOpen(base, ann, 2);

    const outageStarted = Date.now();
    await proxy.outage();

    // Both moves of round 2 are taken and committed with Redis gone.
    const annSecond = await rpsMove(base, ann, gameId, 'rock', 2);
    expect(annSecond.status).toBe(200);
    const bobSecond = await rpsMove(base, bob, gameId, 'scissors', 2);
    expect(bobSecond.status).toBe(200);
    expect(bobSecond.body.game.roundResults[1]).toMatchObject({ roundNumber: 2, winnerId: ann.id });
    const [during] = await query<{ status: string; version: number }>(client, 'SELECT status, version FROM games WHERE id = $1', [gameId]);
    expect(during).toEqual({ status: 'in-progress', version: expect.any(Number) });
    expect(during!.version).toBeGreaterThanOrEqual(bobSecond.body.game.v);
    expect(await expectContiguousLog(client, gameId)).toBe(during!.version);

    // Each node says it is not ready (its database fine, Redis down) and HAProxy takes both out of the
    // checked set, yet still sends players to them (the unchecked backups): they are served.
    for (const node of nodes) {
      await until(async () => {
        const ready = await readiness(node);
        return ready.status === 503 ? ready : undefined;
      }, 10_000, `${node.name} not ready`, 200).then((ready) => expect(ready.body).toEqual({ ok: false, database: 'up', redis: 'down' }));
    }
    for (const name of ['node-a', 'node-b']) {
      await until(() => (new RegExp(`Server nodes/${name} is DOWN`).test((haproxy as Proxy).output()) ? true : undefined), 10_000, `HAProxy marks ${name} down`);
    }
    expect((await call<RpsGameView>(base, bob.cookie, 'GET', '/current-game')).status).toBe(200);
    expect(await balanceOf(base, ann)).toBe(4);
    // Each player's own node still told its own socket; the other node's events did not cross: the
    // outage is real (the client resyncs over HTTP, as above).
    await hears(annOnA, gameId, annSecond.body.game.v, 'Ann hears her own move on A');
    await hears(bobOnB, gameId, bobSecond.body.game.v, 'Bob hears his own move on B');
    expect(latestGame<RpsGameView>(bobOnB.events, gameId)?.chosen[ann.id] ?? false).toBe(false);
    // A few seconds down in all: ioredis's reconnection attempts and the nodes' periodic work meet it.
    await until(() => (Date.now() - outageStarted > 6_000 ? true : undefined), 10_000, 'outage of 6 s', 200);
    alive();
    expect(annOnA.socket.connected && bobOnB.socket.connected).toBe(true);

    await proxy.resume();
    for (const node of nodes) {
      await until(async () => ((await readiness(node)).status === 200 ? true : undefined), 20_000, `${node.name} ready again`, 200);
    }
    for (const name of ['node-a', 'node-b']) {
      await until(() => (new RegExp(`Server nodes/${name} is UP`).test((haproxy as Proxy).output()) ? true : undefined), 10_000, `HAProxy puts ${name} back`);
    }
    alive();

    // Round 3 with Redis back: Ann's choice on A reaches Bob's socket on B again (the same sockets,
    // which never dropped), and Bob's move on B, the last one, reaches Ann's socket on A.
    const opened = await roundOpen(base, ann, 3);
    expect(opened.v).toBeGreaterThan(bobSecond.body.game.v);
    const annThird = await rpsMove(base, ann, gameId, 'rock', 3);
    expect(annThird.status).toBe(200);
    await hears(bobOnB, gameId, annThird.body.game.v, 'Bob hears Ann choose in round 3, across nodes');
    const bobThird = await rpsMove(base, bob, gameId, 'scissors', 3);
    expect(bobThird.status).toBe(200);
    expect(bobThird.body.game).toMatchObject({ status: 'completed', winners: [ann.id] });
    const heard = await hears(annOnA, gameId, bobThird.body.game.v, 'Ann hears the final move, across nodes');
    expect(heard).toMatchObject({ status: 'completed', winners: [ann.id] });

    // Settled once: the stakes, the payout and the rake; the ledger balances.
    expect(await balanceOf(base, ann)).toBe(5.8);
    expect(await balanceOf(base, bob)).toBe(4);
    expect(await transferKinds(client, gameId)).toEqual({ payout: 1, rake: 1 });
    expect(await expectContiguousLog(client, gameId)).toBe(bobThird.body.game.v);
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
    alive();
  }, 120_000);
});
