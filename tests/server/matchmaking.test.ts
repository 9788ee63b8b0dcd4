import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSearches } from '../../server/matchmaking/queue.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, startGame, started } from './gameHarness.ts';

for (const kind of databaseKinds) {
  describe(`matchmaking [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const cancel = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/cancel-search', headers: { cookie } });

    it.each([
      [{ gameMode: 'chess', betAmount: 1 }, 'Unknown game mode'],
      [{ gameMode: 'rps', betAmount: 2 }, 'Unknown bet amount for this game'],
      [{ gameMode: 'blot', betAmount: 1 }, 'Unknown bet amount for this game'],
      [{ gameMode: 'rps', betAmount: 1.0000001 }, 'Amount must have at most 6 decimals'],
      [{ gameMode: 'rps', betAmount: '1' }, 'Amount must be a number'],
      [{ gameMode: 'rps' }, 'Amount must be a number'],
    ])('refuses %j with 400 and holds nothing', async (body, message) => {
      const player = await fundedPlayer(t, 10);
      const res = await startGame(t.app, player, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await balanceOf(t.app, player)).toBe(10);
    });

    it("refuses a bet above the balance with 'Insufficient balance'", async () => {
      const player = await fundedPlayer(t, 2);
      await t.database.db.execute(sql`UPDATE users SET score = 1200 WHERE id = ${player.id}`);
      const res = await startGame(t.app, player, { gameMode: 'rps', betAmount: 3 });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Insufficient balance']);
      expect(await balanceOf(t.app, player)).toBe(2);
    });

    it("refuses rps 3 and 5 below a score of 1000 with 'Requires score over 1000', allows them at 1000", async () => {
      const player = await fundedPlayer(t, 20);
      for (const betAmount of [3, 5]) {
        const res = await startGame(t.app, player, { gameMode: 'rps', betAmount });
        expect([res.statusCode, res.json().message]).toEqual([400, 'Requires score over 1000']);
      }
      await t.database.db.execute(sql`UPDATE users SET score = 1000 WHERE id = ${player.id}`);
      expect((await started(t.app, player, 'rps', 3)).status).toBe('searching');
      expect((await cancel(player.cookie)).json()).toEqual({ balance: 20 });
    });

    it('takes the bet at once, refunds it on cancel, and a second cancel is a 409', async () => {
      const player = await fundedPlayer(t, 10);
      expect(await started(t.app, player, 'rps', 1)).toEqual({ status: 'searching', balance: 9 });
      const res = await cancel(player.cookie);
      expect([res.statusCode, res.json()]).toEqual([200, { balance: 10 }]);
      const again = await cancel(player.cookie);
      expect([again.statusCode, again.json().message]).toEqual([409, 'You are not searching for a game']);
      expect(await balanceOf(t.app, player)).toBe(10);
    });

    it('pairs only equal mode and bet, oldest first', async () => {
      const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 10)));
      await t.database.db.execute(sql`UPDATE users SET score = 1000 WHERE id = ${c!.id}`);
      expect((await started(t.app, a!, 'rps', 1)).status).toBe('searching');
      expect((await started(t.app, b!, 'rps', 0)).status).toBe('searching');
      expect((await started(t.app, c!, 'rps', 3)).status).toBe('searching');
      // d joins rps 1: pairs with a, the only one in that queue.
      expect(await started(t.app, d!, 'rps', 1)).toEqual({ status: 'started', balance: 9 });
      const game = await currentGame(t.app, a!);
      expect(game.game.userIds).toEqual([a!.id, d!.id]);
      expect((await currentGame(t.app, c!)).game).toBeNull();
      expect((await cancel(c!.cookie)).statusCode).toBe(200);
      expect((await cancel(b!.cookie)).statusCode).toBe(200);
    });

    it('answers 409 to a second start while searching or playing, and holds nothing more', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      await started(t.app, a, 'rps', 1);
      const twice = await startGame(t.app, a, { gameMode: 'rps', betAmount: 1 });
      expect([twice.statusCode, twice.json().message]).toEqual([409, 'You are already searching for a game']);
      await started(t.app, b, 'rps', 1);
      const playing = await startGame(t.app, a, { gameMode: 'rps', betAmount: 0 });
      expect([playing.statusCode, playing.json().message]).toEqual([409, 'You are already in a game']);
      expect(await balanceOf(t.app, a)).toBe(9);
    });

    it('holds one bet when the same player starts ten times at once', async () => {
      const player = await fundedPlayer(t, 10);
      const answers = await Promise.all(Array.from({ length: 10 }, () => startGame(t.app, player, { gameMode: 'rps', betAmount: 5 - 4 })));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await balanceOf(t.app, player)).toBe(9);
      expect((await cancel(player.cookie)).json()).toEqual({ balance: 10 });
    });

    it('pairs everyone when twenty players join one queue at once: ten games, no one left waiting', async () => {
      const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(t, 2)));
      const answers = await Promise.all(players.map((p) => startGame(t.app, p, { gameMode: 'rps', betAmount: 0 })));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      // Both players of a pairing made within one turn are told 'started'; one who waited, 'searching'.
      expect(answers.filter((r) => r.json().status === 'started').length).toBeGreaterThanOrEqual(10);
      const ids = players.map((p) => p.id);
      const [games] = await rows<{ n: number }>(t.database, sql`SELECT count(DISTINCT game_id)::int AS n FROM game_players WHERE active AND user_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(games?.n).toBe(10);
      const [waiting] = await rows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM searches WHERE user_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(waiting?.n).toBe(0);
      const [active] = await rows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM game_players WHERE active AND user_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(active?.n).toBe(20);
    });

    it('lets exactly one of cancel and pairing win when they race', async () => {
      for (let i = 0; i < 6; i += 1) {
        const [a, b] = await Promise.all([fundedPlayer(t, 1), fundedPlayer(t, 1)]);
        await started(t.app, a, 'rps', 1);
        const [cancelRes, startRes] = await Promise.all([cancel(a.cookie), startGame(t.app, b, { gameMode: 'rps', betAmount: 1 })]);
        const gameA = (await currentGame(t.app, a)).game;
        if (cancelRes.statusCode === 200) {
          // Cancel won: a has the bet back and no game; b waits alone.
          expect(cancelRes.json()).toEqual({ balance: 1 });
          expect(gameA).toBeNull();
          expect(startRes.json().status).toBe('searching');
          expect((await cancel(b.cookie)).statusCode).toBe(200);
        } else {
          expect(cancelRes.statusCode).toBe(409);
          expect(gameA?.status).toBe('in-progress');
          expect(startRes.json().status).toBe('started');
          expect(await balanceOf(t.app, a)).toBe(0);
        }
      }
    });

    it('refunds a search past its time with search-timeout, and not before', async () => {
      const player = await fundedPlayer(t, 3);
      await started(t.app, player, 'rps', 1);
      expect(await expireSearches(t.app.services, Date.now() + 1000)).toBe(0);
      expect(await balanceOf(t.app, player)).toBe(2);
      expect(await expireSearches(t.app.services, Date.now() + t.config.games.searchTimeoutMs + 1000)).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(t.app, player)).toBe(3);
      expect((await cancel(player.cookie)).statusCode).toBe(409);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/start-game', payload: { gameMode: 'rps', betAmount: 0 } });
      expect(res.statusCode).toBe(401);
    });
  });
}
