import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { rows, sharedPostgresSchema, testConfig, type TestApp } from './harness.ts';
import { fundedPlayer, startGame, type Player } from './gameHarness.ts';

/**
 * Two app nodes on one PostgreSQL, each pairing its own arrivals in turns (server/matchmaking/turns.ts):
 * their turns of one queue still take turns on the queue's advisory lock, so of two players arriving
 * at once on different nodes the second always finds the first, and a burst split across the nodes
 * leaves nobody waiting who had a partner.
 */

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('queue turns on two nodes over one PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof sharedPostgresSchema>>;
  const nodes: TestApp[] = [];

  beforeAll(async () => {
    schema = await sharedPostgresSchema(url as string);
    for (let i = 0; i < 2; i += 1) {
      const database: Database = await schema.open();
      const config = testConfig(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
      const app = await buildApp({ config, database, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) });
      await app.ready();
      nodes.push({ app, database, config, close: async () => undefined });
    }
  });
  afterAll(async () => {
    if (nodes[0]) expect(await checkLedger(nodes[0].database.db)).toEqual({ ok: true, problems: [] });
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    await schema?.drop();
  });

  const inList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const waitingAmong = async (ids: string[]) =>
    (await rows<{ n: number }>(nodes[0]!.database, sql`SELECT count(*)::int AS n FROM searches WHERE user_id IN (${inList(ids)})`))[0]?.n;
  const gamesAmong = async (ids: string[]) =>
    (
      await rows<{ players: string[] }>(
        nodes[0]!.database,
        sql`SELECT array_agg(gp.user_id::text ORDER BY gp.seat) AS players FROM game_players gp
            WHERE gp.game_id IN (SELECT game_id FROM game_players WHERE active AND user_id IN (${inList(ids)}))
            GROUP BY gp.game_id`,
      )
    ).map((r) => r.players);
  /** Each player joins on the node of their turn in the list: one, two, one, two, … */
  const joinAcross = (players: Player[], bet: number) =>
    Promise.all(players.map((p, i) => startGame(nodes[i % 2]!.app, p, { gameMode: 'rps', betAmount: bet, socketId: 'test' })));

  it('pairs two players who join at once on different nodes, every time', async () => {
    for (let round = 0; round < 15; round += 1) {
      const pair = await Promise.all([fundedPlayer(nodes[0]!, 5), fundedPlayer(nodes[0]!, 5)]);
      const answers = await joinAcross(pair, 1);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(answers.map((r) => r.json().status).sort()).toEqual(['searching', 'started']);
      expect(await gamesAmong(pair.map((p) => p.id))).toHaveLength(1);
      expect(await waitingAmong(pair.map((p) => p.id))).toBe(0);
    }
  });

  it('leaves nobody waiting who had a partner after a burst split across both nodes', async () => {
    for (const size of [60, 61]) {
      const players = await Promise.all(Array.from({ length: size }, () => fundedPlayer(nodes[0]!, 5)));
      const ids = players.map((p) => p.id);
      const answers = await joinAcross(players, 1);
      expect(answers.map((r) => r.statusCode)).toEqual(players.map(() => 200));
      const games = await gamesAmong(ids);
      expect(games).toHaveLength(Math.floor(size / 2));
      expect(new Set(games.flat()).size).toBe(2 * Math.floor(size / 2));
      expect(await waitingAmong(ids)).toBe(size % 2);
      // The odd one out waits with their bet in escrow: cancel gives it back.
      const left = players.find((p) => !games.flat().includes(p.id));
      if (left) {
        const res = await nodes[1]!.app.inject({ method: 'POST', url: '/api/cancel-search', headers: { cookie: left.cookie } });
        expect([res.statusCode, res.json()]).toEqual([200, { balance: 5 }]);
      }
    }
  });
});
