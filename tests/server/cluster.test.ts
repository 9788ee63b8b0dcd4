import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { ANSWERED_SOCKET_HEADER } from '../../protocol/socket.ts';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { cookieOf, sharedPostgresSchema, signedUp, testConfig, type TestApp } from './harness.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { credit } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { apiCall, connectClient, gameUpdates } from './socketClients.ts';

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

// Several nodes need the real thing on both sides: PostgreSQL for state, Redis for events.
describe.runIf(url && redisUrl)('two nodes over PostgreSQL and Redis', () => {
  let schema: Awaited<ReturnType<typeof sharedPostgresSchema>>;
  const nodes: { app: TestApp['app']; database: Database; base: string }[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    schema = await sharedPostgresSchema(url as string);
    for (let i = 0; i < 2; i += 1) {
      const database = await schema.open();
      const config = testConfig({ REDIS_URL: redisUrl as string, GAME_SWEEP_MS: '100' });
      // The sweepers run on both nodes, as in production: they must never apply a timeout twice.
      const app = await buildApp({ config, database, logger: pino({ level: 'silent' }), startWorkers: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      nodes.push({ app, database, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    if (nodes[0]) expect(await checkLedger(nodes[0].database.db)).toEqual({ ok: true, problems: [] });
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    await schema?.drop();
  });

  type Node = (typeof nodes)[0];
  /** A player's Socket.IO client on a node (socketClients.ts), with its game updates. */
  const listen = async (node: Node, cookie: string) => {
    const client = await connectClient(node.base, cookie, sockets);
    return { ...client, updates: () => gameUpdates<RpsGameView>(client.events) };
  };
  /** A POST to a node's API that must answer 2xx. */
  const call = (node: Node, cookie: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    apiCall<GameUpdate<RpsGameView>>(node.base, cookie, 'POST', path, body, headers);

  it('says both nodes are ready', async () => {
    for (const node of nodes) {
      const res = await fetch(`${node.base}/api/ready`);
      expect([res.status, await res.json()]).toEqual([200, { ok: true, database: 'up', redis: 'up' }]);
    }
  });

  it('lets two players on different nodes play a whole RPS match; every event crosses over', async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const ann = await signedUp(one.app);
    const bob = await signedUp(two.app);
    await credit({ app: one.app, database: one.database } as TestApp, ann.id, 5);
    await credit({ app: two.app, database: two.database } as TestApp, bob.id, 5);

    const events: Record<string, [string, unknown][]> = { [ann.id]: (await listen(one, ann.cookie)).events, [bob.id]: (await listen(two, bob.cookie)).events };
    // Ann searches on node one; Bob, on node two, finds her there through the shared queue.
    expect(await call(one, ann.cookie, '/start-game', { gameMode: 'rps', betAmount: 1 })).toMatchObject({ status: 'searching' });
    expect(await call(two, bob.cookie, '/start-game', { gameMode: 'rps', betAmount: 1 })).toMatchObject({ status: 'started' });
    const started = (await eventually(() => events[ann.id]!.find(([e]) => e === 'gameStarted')))[1] as GameUpdate<RpsGameView>;
    const gameId = started.game._id;

    for (let round = 1; round <= 3; round += 1) {
      await eventually(() => events[bob.id]!.find(([e, p]) => e === 'game-update' && (p as GameUpdate<RpsGameView>).game.currentRound === round && (p as GameUpdate<RpsGameView>).game.phase === 'choose'), 8000);
      await call(one, ann.cookie, '/rps-move', { gameId, choice: 'rock', round });
      // Ann's move, made on node one, reaches Bob on node two.
      await eventually(() => events[bob.id]!.find(([e, p]) => e === 'game-update' && (p as GameUpdate<RpsGameView>).game.currentRound === round && (p as GameUpdate<RpsGameView>).game.chosen[ann.id]));
      await call(two, bob.cookie, '/rps-move', { gameId, choice: 'scissors', round });
    }
    const final = (await eventually(() => events[ann.id]!.find(([e, p]) => e === 'game-update' && (p as GameUpdate<RpsGameView>).game.status === 'completed')))[1] as GameUpdate<RpsGameView>;
    expect(final.game.winnerBalances).toEqual({ [ann.id]: 5.8 });
    await eventually(() => events[ann.id]!.find(([e, p]) => e === 'balanceUpdated' && p === 5.8));
    // The reveals were ended by whichever node's sweeper came first, once each: versions count up by one.
    const versions = events[bob.id]!.filter(([e]) => e === 'game-update').map(([, p]) => (p as GameUpdate).game.v);
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
  });

  it("spares a move's own socket its update on another node too; the player's other socket is sent it", async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const ann = await signedUp(one.app);
    const bob = await signedUp(two.app);
    // Ann's app talks to node one while its socket sits on node two (no stickiness between the two).
    const annApp = await listen(two, ann.cookie);
    const annElsewhere = await listen(one, ann.cookie);
    await listen(two, bob.cookie);
    await call(one, ann.cookie, '/start-game', { gameMode: 'rps', betAmount: 0 });
    await call(two, bob.cookie, '/start-game', { gameMode: 'rps', betAmount: 0 });
    const opened = await eventually(() => annApp.updates().find((u) => u.game.status === 'in-progress' && u.game.phase === 'choose'), 8000);
    const gameId = opened.game._id;

    const moved = await call(one, ann.cookie, '/rps-move', { gameId, choice: 'rock', round: 1 }, { [ANSWERED_SOCKET_HEADER]: annApp.socket.id as string });
    await eventually(() => annElsewhere.updates().find((u) => u.game.v === moved.game.v));
    const revealed = await call(two, bob.cookie, '/rps-move', { gameId, choice: 'scissors', round: 1 });
    await eventually(() => annApp.updates().find((u) => u.game.v === revealed.game.v));
    expect(annApp.updates().map((u) => u.game.v)).not.toContain(moved.game.v);
    await call(one, ann.cookie, '/leave-rps-game', { gameId });
  });

  it("feeds an operator's dashboard on one node with the games another node starts", async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    await ensureOperator(two.database.db, 'cluster-watcher', 'operator-pass');
    const login = await two.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'cluster-watcher', password: 'operator-pass' } });
    const { events: operatorEvents } = await connectClient(two.base, cookieOf(login, 'admin_sid'), sockets);
    // Node two says its operator watches; node one, where both players are, then feeds the dashboard.
    const ann = await signedUp(one.app);
    const bob = await signedUp(one.app);
    await eventually(() => operatorEvents.find(([e]) => e === 'ongoingGamesUpdate'));
    for (const player of [ann, bob]) {
      const res = await one.app.inject({ method: 'POST', url: '/api/start-game', headers: { cookie: player.cookie }, payload: { gameMode: 'rps', betAmount: 0 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const current = await one.app.inject({ method: 'GET', url: '/api/current-game', headers: { cookie: ann.cookie } });
    const gameId = (JSON.parse(current.body) as GameUpdate).game._id;
    await eventually(() => operatorEvents.find(([e, p]) => e === 'ongoingGamesUpdate' && (p as { id: string }[]).some((g) => g.id === gameId)), 8000);
    await one.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: ann.cookie }, payload: { gameId } });
  });
});
