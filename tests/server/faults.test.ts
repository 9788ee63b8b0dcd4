import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpsGameView } from '../../protocol/rps.ts';
import type { Database } from '../../server/db/client.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import {
  backendGone,
  balanceOf,
  call,
  freshSchema,
  lockWaiters,
  ok,
  signUp,
  startHaproxy,
  startNode,
  tablesWrittenBy,
  until,
  type FreshSchema,
  type NodeProcess,
  type Proxy,
} from './faultKit.ts';
import { TcpProxy } from './faultRelays.ts';
import {
  crashOf,
  currentRps,
  expectContiguousLog,
  expectOnlyTimeoutsAfter,
  fund,
  oneMoveFromTheEnd,
  pairRps,
  playOut,
  query,
  roundOpen,
  rpsMove,
  settledWholeOrNot,
  transferKinds,
} from './faultGames.ts';
import { connectClient, gameUpdates, latestGame } from './socketClients.ts';

/**
 * Faults (issue #11), on real PostgreSQL and Redis with real server processes (server/main.ts): a node
 * killed with SIGKILL mid-game and between a final move and its commit, and PostgreSQL going away under a
 * running node. Each ends with the ledger's invariants (checkLedger). The players of the node killed
 * mid-game and of the PostgreSQL restart reach the nodes through HAProxy (start:cluster's configuration),
 * as in production. Redis unreachable under two nodes: faults-redis.test.ts; a node killed mid-withdrawal:
 * faults-withdrawal.test.ts. The games they play and the checks after each fault: faultGames.ts.
 */

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const redisEnv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
/** Devchain deposits confirm after one 100 ms block, so players are funded through the real deposit path. */
const devchainEnv = { DEVCHAIN_BLOCK_MS: '100', DEPOSIT_CONFIRMATIONS: '1', GAME_SWEEP_MS: '100' };

describe.runIf(url && redisUrl)('faults: a node killed (SIGKILL) mid-game', () => {
  let schema: FreshSchema | undefined;
  let database: Database | undefined;
  let db: pg.Client | undefined;
  const nodes: NodeProcess[] = [];
  const sockets: Socket[] = [];
  let proxy: Proxy | undefined;

  beforeAll(async () => {
    schema = await freshSchema(url as string);
    const env = { DATABASE_URL: schema.databaseUrl, ...redisEnv, ...devchainEnv, TRUST_PROXY: 'loopback' };
    nodes.push(...(await Promise.all([startNode('node-a', env), startNode('node-b', env)])));
    proxy = await startHaproxy(nodes);
    database = await schema.open();
    db = await schema.client();
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await proxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await db?.end();
    await database?.close();
    await schema?.drop();
  });

  it('moves both players to the surviving node: same game and version, its sweeper fires the deadline, one settlement', async () => {
    const [nodeA] = nodes as [NodeProcess, NodeProcess];
    const base = (proxy as Proxy).base;
    // Every call and socket goes through HAProxy; HAProxy's lb_node cookie puts Ann on node A, Bob on B.
    const a = { base };
    const b = { base };
    const client = db as pg.Client;
    const signedUp = [await signUp(base, 'ann'), await signUp(base, 'bob')];
    const ann = { ...signedUp[0]!, cookie: `${signedUp[0]!.cookie}; lb_node=node-a` };
    const bob = { ...signedUp[1]!, cookie: `${signedUp[1]!.cookie}; lb_node=node-b` };
    await Promise.all([fund(a.base, ann, 5), fund(b.base, bob, 5)]);
    // Ann's socket and calls on node A (the one to die), Bob's on node B.
    const annOnA = await connectClient(a.base, ann.cookie, sockets);
    const bobOnB = await connectClient(b.base, bob.cookie, sockets);
    const gameId = await pairRps([a.base, ann], [b.base, bob], 1);

    await roundOpen(a.base, ann, 1);
    expect((await rpsMove(a.base, ann, gameId, 'rock', 1)).status).toBe(200);
    expect((await rpsMove(b.base, bob, gameId, 'scissors', 1)).status).toBe(200);
    await roundOpen(a.base, ann, 2);
    const chosen = await rpsMove(a.base, ann, gameId, 'rock', 2);
    expect(chosen.status).toBe(200);
    const before = chosen.body.game.v;
    // Ann's choice, made on A, reached Bob on B: the game is mid-round on both nodes.
    await until(() => (latestGame<RpsGameView>(bobOnB.events, gameId)?.v === before ? true : undefined), 10_000, 'Bob sees round 2 half chosen');

    const disconnected = new Promise<string>((resolve) => annOnA.socket.once('disconnect', resolve));
    await nodeA.kill();
    expect(await disconnected).toMatch(/^transport (close|error)$/);
    expect(bobOnB.socket.connected).toBe(true);

    // Ann's client comes back through HAProxy, her cookie still naming node A: HAProxy sends her to the
    // surviving node, and she resyncs to the very same game and version.
    const annOnB = await connectClient(b.base, ann.cookie, sockets);
    await until(() => (/Server nodes\/node-a is DOWN/.test((proxy as Proxy).output()) ? true : undefined), 10_000, 'HAProxy takes node A out');
    const resynced = await currentRps(b.base, ann);
    expect(resynced).toMatchObject({ _id: gameId, v: before, status: 'in-progress', currentRound: 2, phase: 'waiting-for-opponent' });
    expect(resynced.choices[ann.id]).toBe('rock');
    expect(resynced.chosen).toEqual({ [ann.id]: true, [bob.id]: false });

    // Nobody moves: the 15 s turn runs out and node B's sweeper (the only one left) applies it.
    const deadlineAt = resynced.deadlineAt ?? Date.now();
    const timedOut = await until(
      () => gameUpdates<RpsGameView>(annOnB.events).find((u) => u.game._id === gameId && u.game.v === before + 1),
      Math.max(0, deadlineAt - Date.now()) + 15_000,
      'the turn deadline on node B',
    );
    expect(timedOut.timeoutTriggered).toBe(true);
    expect(timedOut.game.roundResults[1]).toMatchObject({ roundNumber: 2, autoPicked: { [ann.id]: false, [bob.id]: true } });
    expect(timedOut.game.roundResults[1]?.choices[ann.id]).toBe('rock');
    await until(() => (latestGame<RpsGameView>(bobOnB.events, gameId)?.v === before + 1 ? true : undefined), 10_000, 'Bob hears the timeout');

    // Play on against node B to the end; whoever won, it settles once.
    const final = await playOut(b.base, ann, bob, gameId);
    expect(final.status).toBe('completed');
    const winner = final.winners[0] === ann.id ? ann : bob;
    const loser = winner === ann ? bob : ann;
    expect(final.winners).toEqual([winner.id]);
    expect(await balanceOf(b.base, winner)).toBe(5.8);
    expect(await balanceOf(b.base, loser)).toBe(4);
    expect(await transferKinds(client, gameId)).toEqual({ payout: 1, rake: 1 });
    const [row] = await query<{ status: string; version: number }>(client, 'SELECT status, version FROM games WHERE id = $1', [gameId]);
    expect(row).toEqual({ status: 'completed', version: final.v });
    expect(await expectContiguousLog(client, gameId)).toBe(final.v);
    // Both clients on B heard the end.
    for (const events of [annOnB.events, bobOnB.events]) {
      await until(() => (latestGame<RpsGameView>(events, gameId)?.status === 'completed' ? true : undefined), 10_000, 'the end reaches both');
    }
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
  }, 100_000);
});

describe.runIf(url)('faults: a node killed between a final move and its commit', () => {
  let schema: FreshSchema | undefined;
  let database: Database | undefined;
  let db: pg.Client | undefined;
  let locker: pg.Client | undefined;
  const nodes: NodeProcess[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    schema = await freshSchema(url as string);
    env = { DATABASE_URL: schema.databaseUrl, ...redisEnv, ...devchainEnv };
    nodes.push(await startNode('game-1', env));
    database = await schema.open();
    db = await schema.client();
    locker = await schema.client();
  }, 90_000);

  afterAll(async () => {
    await locker?.query('ROLLBACK').catch(() => undefined);
    await locker?.end();
    await Promise.all(nodes.map((node) => node.stop()));
    await db?.end();
    await database?.close();
    await schema?.drop();
  });

  it('leaves nothing half-written (the settlement is one statement: whole or not at all); the game ends once', async () => {
    const client = db as pg.Client;
    const hold = locker as pg.Client;
    const first = nodes[0] as NodeProcess;
    const { ann, bob, gameId, before } = await oneMoveFromTheEnd(first.base);

    // The game's log is the last thing the final move's settlement writes: hold it from outside.
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE game_log IN EXCLUSIVE MODE');
    const finalMove = rpsMove(first.base, bob, gameId, 'scissors', 3).then(
      (answer) => `answered ${answer.status}`,
      (error: unknown) => `failed: ${String(error)}`,
    );
    const [pid] = await until(async () => {
      const waiting = await lockWaiters(hold, 'game_log');
      return waiting.length ? waiting : undefined;
    }, 15_000, 'the final move waiting on game_log');
    // By then that one statement has paid out, rated, recorded and ended the game: all uncommitted.
    expect(await tablesWrittenBy(hold, pid as number)).toEqual(expect.arrayContaining(['accounts', 'games', 'game_players', 'played_games', 'score_history', 'transfers', 'users']));

    await first.kill();
    expect(await finalMove).toMatch(/^failed/);
    // The lock goes; the dead node's backend finishes its statement (committed whole, or rolled back
    // whole had it been cut before its end) and finds its client gone.
    await hold.query('ROLLBACK');
    await backendGone(hold, pid as number);

    const outcome = await settledWholeOrNot(client, gameId, before, ann, bob);
    expect(await expectContiguousLog(client, gameId)).toBe(outcome === 'settled' ? before + 1 : before);
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });

    // A node again: Bob makes his move again (refused if it was settled, or, if the turn ran out
    // meanwhile, the sweeper moved on) — and the game ends once.
    const second = await startNode('game-2', env);
    nodes.push(second);
    expect(await balanceOf(second.base, ann)).toBe(outcome === 'settled' ? 5.8 : 4);
    const again = await rpsMove(second.base, bob, gameId, 'scissors', 3);
    expect(outcome === 'settled' ? [409] : [200, 409]).toContain(again.status);
    if (outcome === 'untouched' && again.status === 409) await expectOnlyTimeoutsAfter(client, gameId, before);
    const final = again.status === 200 ? again.body.game : await playOut(second.base, ann, bob, gameId);
    if (again.status === 200) expect(final).toMatchObject({ status: 'completed', winners: [ann.id], v: before + 1 });
    expect(final.status).toBe('completed');
    const winner = final.winners[0] === ann.id ? ann : bob;
    expect(await balanceOf(second.base, winner)).toBe(5.8);
    expect(await balanceOf(second.base, winner === ann ? bob : ann)).toBe(4);
    expect(await transferKinds(client, gameId)).toEqual({ payout: 1, rake: 1 });
    expect(await query(client, 'SELECT count(*)::int AS n FROM score_history WHERE game_id = $1', [gameId])).toEqual([{ n: 2 }]);
    expect(await expectContiguousLog(client, gameId)).toBe(final.v);
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
  }, 100_000);
});

describe.runIf(url)('faults: PostgreSQL restarted under a running node', () => {
  let schema: FreshSchema | undefined;
  let database: Database | undefined;
  let db: pg.Client | undefined;
  let locker: pg.Client | undefined;
  let proxy: TcpProxy | undefined;
  let node: NodeProcess | undefined;
  let haproxy: Proxy | undefined;

  beforeAll(async () => {
    schema = await freshSchema(url as string);
    proxy = TcpProxy.to(url as string);
    await proxy.start();
    node = await startNode('pg-proxied', { DATABASE_URL: schema.databaseUrlVia(proxy.port), ...redisEnv, ...devchainEnv, TRUST_PROXY: 'loopback' });
    haproxy = await startHaproxy([node]);
    database = await schema.open();
    db = await schema.client();
    locker = await schema.client();
  }, 90_000);

  afterAll(async () => {
    await locker?.query('ROLLBACK').catch(() => undefined);
    await locker?.end();
    await haproxy?.stop();
    await node?.stop();
    await proxy?.stop();
    await db?.end();
    await database?.close();
    await schema?.drop();
  });

  it('answers 503 with a message while it is down, half-writes nothing, and recovers without a restart', async () => {
    const client = db as pg.Client;
    const hold = locker as pg.Client;
    const pgProxy = proxy as TcpProxy;
    const processed = node as NodeProcess;
    // The players reach the node through HAProxy. While the node fails its readiness check, HAProxy still
    // sends them to it (its unchecked backup line), so they get the node's own 503 and message.
    const server = { base: (haproxy as Proxy).base, alive: () => processed.alive(), child: processed.child, output: () => processed.output(), name: processed.name };
    const pid = server.child.pid;
    const { ann, bob, gameId, before } = await oneMoveFromTheEnd(server.base);

    // A money operation in flight when the database goes: Bob's winning move, held inside its statement.
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE game_log IN EXCLUSIVE MODE');
    const finalMove = rpsMove(server.base, bob, gameId, 'scissors', 3);
    const [backend] = await until(async () => {
      const waiting = await lockWaiters(hold, 'game_log');
      return waiting.length ? waiting : undefined;
    }, 15_000, 'the final move waiting on game_log');
    expect(await tablesWrittenBy(hold, backend as number)).toEqual(expect.arrayContaining(['transfers', 'games']));

    const outageStarted = Date.now();
    await pgProxy.outage();
    const cut = await finalMove;
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual({ message: expect.stringMatching(/temporarily unavailable/i), code: 'http.unavailable' });
    await hold.query('ROLLBACK');
    await backendGone(hold, backend as number);

    // While it is down: clear 503s with a message, not ready, still alive.
    for (const [method, path, body] of [
      ['GET', '/current-game', undefined],
      ['GET', '/protected', undefined],
      ['POST', '/rps-move', { gameId, choice: 'scissors', round: 3 }],
    ] as const) {
      const answer = await call<{ message: string }>(server.base, bob.cookie, method, path, body);
      expect([path, answer.status]).toEqual([path, 503]);
      expect(answer.body.message).toMatch(/temporarily unavailable/i);
      expect(answer.headers.get('retry-after')).toBe('2');
    }
    const ready = await call(server.base, null, 'GET', '/ready');
    expect([ready.status, ready.body]).toEqual([503, { ok: false, database: 'down', redis: redisUrl ? 'up' : 'not configured' }]);
    expect((await call(server.base, null, 'GET', '/health')).status).toBe(200);
    // The move's settlement is whole or absent, never half: its statement finishes in the database
    // (committed, or rolled back had the cut come before its end) whatever the node was told.
    const outcome = await settledWholeOrNot(client, gameId, before, ann, bob);
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
    // HAProxy saw it not ready (three failed checks) and kept sending to it all the same.
    await until(() => (/Server nodes\/pg-proxied is DOWN/.test((haproxy as Proxy).output()) ? true : undefined), 10_000, 'HAProxy marks the node down');
    expect((await call(server.base, null, 'GET', '/ready')).status).toBe(503);
    expect((haproxy as Proxy).output()).toMatch(/Running on backup/);
    // A few seconds down in all (the background rounds meet the outage too).
    await until(() => (Date.now() - outageStarted > 6_000 ? true : undefined), 10_000, 'outage of 6 s', 200);
    expect(server.alive(), crashOf(processed)).toBe(true);

    await pgProxy.resume();
    await until(async () => ((await call(server.base, null, 'GET', '/ready')).status === 200 ? true : undefined), 20_000, 'ready again', 200);
    expect(server.child.pid).toBe(pid);
    // The client's retry of the resync and of the move now succeed, on the same process. (Had the turn
    // run out meanwhile, the sweeper would have moved on: only timeouts may follow the version we saw.)
    const resynced = await currentRps(server.base, bob);
    expect(resynced._id).toBe(gameId);
    if (outcome === 'untouched' && resynced.v !== before) await expectOnlyTimeoutsAfter(client, gameId, before);
    const retried = await rpsMove(server.base, bob, gameId, 'scissors', 3);
    expect([200, 409]).toContain(retried.status);
    const final = retried.status === 200 ? retried.body.game : await playOut(server.base, ann, bob, gameId);
    expect(final.status).toBe('completed');
    const winner = final.winners[0] === ann.id ? ann : bob;
    expect(await balanceOf(server.base, winner)).toBe(5.8);
    expect(await transferKinds(client, gameId)).toEqual({ payout: 1, rake: 1 });
    expect(await expectContiguousLog(client, gameId)).toBe(final.v);
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
    expect(server.alive(), crashOf(processed)).toBe(true);
  }, 100_000);
});
