import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, pairedRps, type Player } from './gameHarness.ts';

const routes = ['/api/start-game', '/api/cancel-search', '/api/rps-move', '/api/leave-rps-game', '/api/leave-belote-game', '/api/leave-carrom-game', '/api/leave-backgammon-game'];

for (const kind of databaseKinds) {
  describe(`bad input to the game routes [${kind}]`, () => {
    let t: TestApp;
    let a: Player;
    let b: Player;
    let gameId: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      gameId = await pairedRps(t.app, a, b, 1);
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    it('answers any generated body with a clear 4xx and changes neither game nor balance', async () => {
      const before = await currentGame(t.app, a);
      const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(gameId), fc.constantFrom('rock', 'rps', 'blot', -1, 1e308, 0.1234567));
      const body = fc.dictionary(fc.constantFrom('gameId', 'choice', 'betAmount', 'gameMode', 'isRematch', 'v', 'socketId', '__proto__', 'moves'), value);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(body, fc.anything()), async (url, payload) => {
          // A well-formed leave is a legal request (it forfeits): not what this property is about.
          fc.pre(!(url.includes('leave') && (payload as { gameId?: unknown } | null)?.gameId === gameId));
          const res = await t.app.inject({ method: 'POST', url, headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
          expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
        }),
        { numRuns: 150 },
      );
      const after = await currentGame(t.app, a);
      // Some generated move may have been a legal choice; nothing else may have changed.
      expect(after.game.status).toBe('in-progress');
      expect(after.game.roundResults).toEqual(before.game.roundResults);
      expect(await balanceOf(t.app, a)).toBe(9);
      expect(await balanceOf(t.app, b)).toBe(9);
    });

    it('refuses a body that is not JSON, and an enormous one', async () => {
      const broken = await t.app.inject({ method: 'POST', url: '/api/rps-move', headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: '{"gameId":' });
      expect([broken.statusCode, broken.json().message]).toEqual([400, 'The request body is not valid JSON']);
      const huge = await t.app.inject({ method: 'POST', url: '/api/rps-move', headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ gameId, choice: 'x'.repeat(2_000_000) }) });
      expect(huge.statusCode).toBe(413);
    });
  });
}
