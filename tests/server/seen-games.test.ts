import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { sql } from 'drizzle-orm';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, nextRound, pairedRps, rpsMove, type Player } from './gameHarness.ts';

/**
 * A node computes a move on the game as it last saw it committed (server/games/seenGames.ts), without
 * reading it again. Here a second node on the same database changes the game behind the first one's
 * back: a move the first node's copy would refuse, or would accept, must get the answer the game as
 * it now is gives, never the copy's.
 */
for (const kind of databaseKinds) {
  describe(`moves on a game another node changed [${kind}]`, () => {
    let t: TestApp;
    let other: FastifyInstance;
    beforeAll(async () => {
      t = await startTestApp(kind);
      other = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }) });
      await other.ready();
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await other.close();
      await t.close();
    });

    /** The reveal's end, made by the other node's sweeper (so this node does not see it). */
    const nextRoundElsewhere = () => sweepGameTimeouts(other.services, Date.now() + 2500);

    it('a move the stale copy would refuse is played on the game as it is', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      // This node sees a's round-1 choice; the round ends and round 2 opens on the other node.
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
      expect((await rpsMove(other, b, gameId, 'scissors')).statusCode).toBe(200);
      await nextRoundElsewhere();
      // In this node's copy a has chosen already; in the game, a has a new round to choose in.
      const second = await rpsMove(t.app, a, gameId, 'rock');
      expect(second.statusCode).toBe(200);
      expect(second.json().game.currentRound).toBe(2);
    });

    it('a move the stale copy would accept is refused when the game says so, and changes nothing', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      // This node sees round 1 open; a chooses rock on the other node.
      expect((await currentGame(t.app, a)).game.currentRound).toBe(1);
      expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
      expect((await rpsMove(other, a, gameId, 'rock')).statusCode).toBe(200);
      await nextRoundElsewhere();
      // Round 2 is open; this node's copy is round 1 with only b's choice in: a second move of a's
      // would be a's first there. On the game it is a's round-2 move, and is played as such.
      const paper = await rpsMove(t.app, a, gameId, 'paper', undefined, 1);
      expect(paper.statusCode).toBeGreaterThanOrEqual(400);
      const game = (await currentGame(t.app, a)).game;
      // Round 1 went to a (rock beat scissors), as on the other node; the refused paper changed nothing.
      expect(game.wins).toEqual({ [a.id]: 1, [b.id]: 0 });
      expect(game.currentRound).toBe(2);
    });

    it('a move the stale copy says would end the game, ended meanwhile on the other node, is refused and settles nothing', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      for (let round = 1; round <= 2; round += 1) {
        expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
        expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
        await nextRound(t);
      }
      // Round 3 here: a leads 2-0 and b has chosen, so on this node's copy a's rock ends the game...
      expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
      // ...but a plays it on the other node first, which ends and settles the game.
      const ended = await rpsMove(other, a, gameId, 'rock');
      expect(ended.json().game.status).toBe('completed');
      const paid = await balanceOf(t.app, a);
      const again = await rpsMove(t.app, a, gameId, 'rock');
      expect(again.statusCode).toBe(409);
      expect(await balanceOf(t.app, a)).toBe(paid);
      expect((await currentGame(t.app, a)).game.v).toBe(ended.json().game.v);
    });

    /** Round 1 played on this node (both players' sessions and the game now known here), round 2 open. */
    async function intoRoundTwo(a: Player, b: Player): Promise<string> {
      const gameId = await pairedRps(t.app, a, b, 1);
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
      expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
      await nextRound(t);
      return gameId;
    }

    /** b's choice: the round is resolved only if a's choice was really taken. */
    async function aHasChosen(b: Player, gameId: string): Promise<boolean> {
      const answer = await rpsMove(t.app, b, gameId, 'scissors');
      expect(answer.statusCode).toBe(200);
      return answer.json().game.phase === 'round-completed';
    }

    it('a move on a session that has ended since is 401 and writes nothing', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await intoRoundTwo(a, b);
      expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: a.cookie } })).statusCode).toBe(200);
      const after = await rpsMove(t.app, a, gameId, 'rock');
      expect(after.statusCode).toBe(401);
      expect(await aHasChosen(b, gameId)).toBe(false);
    });

    it('a move on a session that has expired since is 401 and writes nothing; a bad body on it is 401 too', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await intoRoundTwo(a, b);
      await rows(t.database, sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${a.id}::uuid`);
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(401);
      expect((await rpsMove(t.app, a, gameId, 'lizard')).statusCode).toBe(401);
      expect(await aHasChosen(b, gameId)).toBe(false);
    });

    it('a known session still makes its moves, in one go', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await intoRoundTwo(a, b);
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
      expect(await aHasChosen(b, gameId)).toBe(true);
    });
  });
}
