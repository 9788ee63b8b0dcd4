import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { giveBackSweepTurn, takeSweepTurn } from '../../server/games/sweepTurns.ts';
import { eventually } from './smtpSink.ts';
import { currentGame, fundedPlayer, pairedRps } from './gameHarness.ts';
import { databaseKinds, rows, sharedPostgresSchema, startTestApp, type TestApp } from './harness.ts';

const SECOND = 1_000;

/**
 * Issue 38: the sweeper's due-games look (a read of every running game's row) is made by one node of the
 * cluster a second, whichever takes the turn (migration 0029, server/games/sweepTurns.ts), not by every
 * node every second. On PostgreSQL the nodes are three connection pools on one schema, asking at once.
 */
for (const kind of databaseKinds) {
  describe(`the sweeper's turn, one node of the cluster a second [${kind}]`, () => {
    let t: TestApp;
    let nodes: Database[];
    let shared: Awaited<ReturnType<typeof sharedPostgresSchema>> | undefined;
    beforeAll(async () => {
      t = await startTestApp(kind, { SEED_WAIT_MS: '200', GAME_SWEEP_MS: '20' });
      if (kind === 'postgres') {
        shared = await sharedPostgresSchema(process.env.TEST_DATABASE_URL as string);
        nodes = await Promise.all([shared.open(), shared.open(), shared.open()]);
      } else {
        nodes = [t.database];
      }
    });
    afterAll(async () => {
      if (shared) {
        for (const node of nodes) await node.close();
        await shared.drop();
      }
      await t.close();
    });

    const askAll = () => Promise.all(nodes.flatMap((node) => [node, node, node]).map((node) => takeSweepTurn(node.db, 'due-games', SECOND)));
    const rewind = (ms: number) =>
      rows(nodes[0] as Database, sql`UPDATE sweep_turns SET taken_at = taken_at - ${ms}::integer * interval '1 millisecond' WHERE job = 'due-games'`);

    it('of the nodes asking at once one takes the turn, and no one again until a second has passed', async () => {
      expect((await askAll()).filter(Boolean)).toHaveLength(1);
      expect((await askAll()).filter(Boolean)).toHaveLength(0);
      // Most of the second gone: still taken.
      await rewind(SECOND - 200);
      expect((await askAll()).filter(Boolean)).toHaveLength(0);
      // The second has passed since the taker: the next to ask takes it, one node again.
      await rewind(200);
      expect((await askAll()).filter(Boolean)).toHaveLength(1);
    });

    it('a turn given back (its look found a backlog) is taken at once by the next node to ask', async () => {
      await rewind(SECOND);
      expect(await takeSweepTurn((nodes[0] as Database).db, 'due-games', SECOND)).toBe(true);
      await giveBackSweepTurn((nodes[0] as Database).db, 'due-games');
      expect((await askAll()).filter(Boolean)).toHaveLength(1);
    });

    describe('a node with its sweeper running', () => {
      let node: FastifyInstance;
      beforeAll(async () => {
        // The test's app stands for a node whose turn it is: the node under test did not publish the
        // game, so no timer of its own applies the deadline; only its sweeper's look can.
        node = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }), startWorkers: true });
        await node.ready();
      });
      afterAll(() => node.close());

      it("does not look for due games while another node keeps taking the turn, and looks once it is free", async () => {
        const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
        // Another node takes the turn every 100 ms (and, for this test, finds nothing).
        let holding = true;
        const holder = (async () => {
          while (holding) {
            await takeSweepTurn(t.database.db, 'due-games', 0);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();
        const gameId = await pairedRps(t.app, a, b, 1);
        // No client seed comes: the wait (200 ms) ends, and the game is due for its first draw.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect((await currentGame(node, a)).game).toMatchObject({ _id: gameId, phase: SEEDING_PHASE });
        holding = false;
        await holder;
        const drawn = await eventually(async () => {
          const game = (await currentGame(node, a)).game;
          return game.phase === SEEDING_PHASE ? undefined : game;
        }, 5_000);
        expect(drawn).toMatchObject({ _id: gameId, phase: 'choose', v: 2 });
      });
    });
  });
}
