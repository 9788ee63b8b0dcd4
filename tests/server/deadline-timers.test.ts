import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import { RPS_REVEAL_MS } from '../../protocol/rps.ts';
import { buildApp } from '../../server/app.ts';
import { timeoutKeptGame } from '../../server/games/timeouts.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { eventually } from './smtpSink.ts';
import { currentGame, fundedPlayer, pairedRps, rpsMove, type Player } from './gameHarness.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';

const SEED_WAIT_MS = 1000;

/**
 * Issue 24: a node applies the deadlines of the games it published when they come (server/games/
 * deadlines.ts), not at its sweeper's next round. Here the node with its background rounds on has a
 * sweeper an hour away, so whatever happens on time was its timers' doing; the test's own app stands
 * for a second node on the same database.
 */
for (const kind of databaseKinds) {
  describe(`deadlines on time, by the node's own timers [${kind}]`, () => {
    let t: TestApp;
    let node: FastifyInstance;
    beforeAll(async () => {
      t = await startTestApp(kind, { SEED_WAIT_MS: String(SEED_WAIT_MS), GAME_SWEEP_MS: String(3_600_000) });
      node = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }), startWorkers: true });
      await node.ready();
    });
    afterAll(async () => {
      await node.close();
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const seedBoth = async (a: Player, b: Player, gameId: string) => {
      for (const [player, seed] of [
        [a, 'a'.repeat(32)],
        [b, 'b'.repeat(32)],
      ] as const) {
        const sent = await node.inject({ method: 'POST', url: `/api/games/${gameId}/client-seed`, headers: { cookie: player.cookie }, payload: { clientSeed: seed } });
        expect(sent.statusCode).toBe(200);
      }
    };
    const logOf = async (gameId: string) =>
      rows<{ actor: string; action: string; at: string }>(t.database, sql`SELECT actor, action, (extract(epoch FROM at) * 1000)::bigint::text AS at FROM game_log WHERE game_id = ${gameId} ORDER BY seq`);

    it('the next RPS round opens when the reveal ends', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
      const gameId = await pairedRps(node, a, b, 1);
      await seedBoth(a, b, gameId);
      expect((await rpsMove(node, a, gameId, 'rock')).statusCode).toBe(200);
      const resolved = (await rpsMove(node, b, gameId, 'scissors')).json().game;
      expect([resolved.phase, resolved.currentRound]).toEqual(['round-completed', 1]);
      const next = await eventually(async () => {
        const game = (await currentGame(node, a)).game;
        return game.currentRound === 2 ? game : undefined;
      }, RPS_REVEAL_MS + 3000);
      expect(next).toMatchObject({ phase: 'choose', v: resolved.v + 1 });
      const log = await logOf(gameId);
      expect(log.map((line) => `${line.actor}/${line.action}`)).toEqual(['server/create', `${a.id}/move`, `${b.id}/move`, 'timeout/timeout']);
      // Dated when it was due, give or take the timer's slack and a busy machine's delay.
      const [move, reveal] = [Number(log[2]!.at), Number(log[3]!.at)];
      expect(reveal - move).toBeGreaterThanOrEqual(RPS_REVEAL_MS);
      expect(reveal - move).toBeLessThan(RPS_REVEAL_MS + 2000);
      await node.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: b.cookie }, payload: { gameId } });
    });

    it('the first draw is made when the wait for the seeds ends, with the seed that came', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
      const gameId = await pairedRps(node, a, b, 1);
      const sent = await node.inject({ method: 'POST', url: `/api/games/${gameId}/client-seed`, headers: { cookie: b.cookie }, payload: { clientSeed: 'c'.repeat(32) } });
      expect(sent.json().game.phase).toBe(SEEDING_PHASE);
      const drawn = await eventually(async () => {
        const game = (await currentGame(node, a)).game;
        return game.phase === SEEDING_PHASE ? undefined : game;
      }, SEED_WAIT_MS + 3000);
      expect(drawn).toMatchObject({ phase: 'choose', v: 2, clientSeeds: { [a.id]: '', [b.id]: 'c'.repeat(32) } });
      await node.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
    });

    it('a timeout is applied once, and never over a change another node made first', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
      const gameId = await pairedRps(node, a, b, 1);
      await seedBoth(a, b, gameId);
      const game = (await rpsMove(node, a, gameId, 'paper')).json().game;
      const turnEnds: number = game.deadlineAt;
      // Not yet due by its rules: nothing.
      expect(await timeoutKeptGame(node.services, gameId, game.v, turnEnds - 1)).toBe(false);
      // The other node's move came first: this node's copy is stale and its timeout writes nothing.
      expect((await rpsMove(t.app, b, gameId, 'rock')).statusCode).toBe(200);
      expect(await timeoutKeptGame(node.services, gameId, game.v, turnEnds)).toBe(false);
      const after = (await currentGame(t.app, a)).game;
      expect([after.v, after.phase, after.roundResults?.[0]?.winnerId]).toEqual([game.v + 1, 'round-completed', a.id]);
      expect((await logOf(gameId)).filter((line) => line.action === 'timeout')).toEqual([]);

      // On a copy that is current, the turn's end picks for the one who did not choose, once.
      const [c, d] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
      const other = await pairedRps(node, c, d, 1);
      await seedBoth(c, d, other);
      const chosen = (await rpsMove(node, c, other, 'paper')).json().game;
      const due: number = chosen.deadlineAt;
      expect(await timeoutKeptGame(node.services, other, chosen.v, due)).toBe(true);
      expect(await timeoutKeptGame(node.services, other, chosen.v, due)).toBe(false);
      const timedOut = (await currentGame(node, c)).game;
      expect([timedOut.v, timedOut.phase, timedOut.currentRound]).toEqual([chosen.v + 1, 'round-completed', 1]);
      expect((await logOf(other)).filter((line) => line.action === 'timeout')).toHaveLength(1);
      for (const [player, id] of [
        [b, gameId],
        [d, other],
      ] as const) {
        await node.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: player.cookie }, payload: { gameId: id } });
      }
    });
  });
}
