import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlotGameView } from '../../protocol/blot.ts';
import type { CarromGameView } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import type { BlotState } from '../../rules/blot/index.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, started, type Player } from './gameHarness.ts';

for (const kind of databaseKinds) {
  describe(`Belote and Carrom through the API [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { OPEN_GAME_MODES: 'rps,blot,carrom,backgammon' });
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const post = (player: Player, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, payload: payload as object });

    async function paired(mode: string, bet: number): Promise<[Player, Player, string]> {
      const [a, b] = await Promise.all([fundedPlayer(t, 30), fundedPlayer(t, 30)]);
      expect((await started(t.app, a, mode, bet)).status).toBe('searching');
      expect((await started(t.app, b, mode, bet)).status).toBe('started');
      return [a, b, (await currentGame(t.app, a)).game._id];
    }

    it('plays a Belote match to 101 by the four routes; no view ever holds a card of the hidden hand', async () => {
      const [a, b, gameId] = await paired('blot', 5);
      const players = { [a.id]: a, [b.id]: b };
      let actions = 0;
      for (; actions < 1500; actions += 1) {
        const view = (await currentGame(t.app, a)) as GameUpdate<BlotGameView>;
        if (view.game.status !== 'in-progress') break;
        const [stored] = await rows<{ state: BlotState }>(t.database, sql`SELECT state FROM games WHERE id = ${gameId}`);
        for (const [viewer, other] of [[a, b], [b, a]] as const) {
          const seen = JSON.stringify(((await currentGame(t.app, viewer)) as GameUpdate<BlotGameView>).game.hands);
          // The opponent's hand and the undealt stock.
          const hidden = [...(stored!.state.round.hands[other.id] ?? []), ...stored!.state.round.stock].map((card) => card._id);
          for (const id of hidden) expect(seen).not.toContain(`"${id}"`);
        }
        const turn = view.game.turn;
        if (!turn) {
          await sweepGameTimeouts(t.app.services, (view.game.deadlineAt ?? Date.now()) + 1);
          continue;
        }
        const mover = players[turn]!;
        const own = ((await currentGame(t.app, mover)) as GameUpdate<BlotGameView>).game;
        const phase = own.phase;
        let res;
        if (phase === 'trump-decision') res = await post(mover, '/api/blot/trump-decision', { gameId, takeCard: true });
        else if (phase === 'trump-selection') res = await post(mover, '/api/blot/trump-selection', { gameId, suit: 'hearts' });
        else if (phase === 'trump-final-selection') res = await post(mover, '/api/blot/final-trump-decision', { gameId, withCard: true });
        else {
          const card = (own.hands[mover.id] ?? []).find((c) => c._id === own.legalCards[0]);
          res = await post(mover, '/api/blot/make-move', { gameId, card, ...(own.combinationDecisionRequired ? { combinationDecision: 'announce' } : {}) });
        }
        expect(res.statusCode, `${phase}: ${res.body}`).toBe(200);
      }
      const final = ((await currentGame(t.app, a)) as GameUpdate<BlotGameView>).game;
      expect(final.status).toBe('completed');
      const winner = final.winners[0]!;
      expect(final.totalGamePoints[winner]).toBeGreaterThanOrEqual(101);
      const loser = winner === a.id ? b : a;
      expect([await balanceOf(t.app, players[winner]!), await balanceOf(t.app, loser)]).toEqual([34, 25]);
    }, 180_000);

    it('offers a mode only when it is open', async () => {
      const closed = await startTestApp(kind, { OPEN_GAME_MODES: 'rps,backgammon' });
      const player = await fundedPlayer(closed, 0);
      const res = await closed.app.inject({ method: 'POST', url: '/api/start-game', headers: { cookie: player.cookie }, payload: { gameMode: 'blot', betAmount: 0 } });
      expect([res.statusCode, res.json().message]).toEqual([400, 'This game is coming soon']);
      await closed.close();
    });

    it('refuses Belote moves out of turn or out of phase, changing nothing', async () => {
      const [a, b, gameId] = await paired('blot', 0);
      const view = ((await currentGame(t.app, a)) as GameUpdate<BlotGameView>).game;
      const waiter = view.turn === a.id ? b : a;
      const res = await post(waiter, '/api/blot/trump-decision', { gameId, takeCard: true });
      expect([res.statusCode, res.json().message]).toEqual([409, 'It is not your turn']);
      const mover = waiter === a ? b : a;
      expect((await post(mover, '/api/blot/trump-selection', { gameId, suit: 'stars' })).statusCode).toBe(400);
      expect((await post(mover, '/api/blot/make-move', { gameId, card: { _id: 'x', value: 'A', suit: 'hearts' } })).statusCode).toBeGreaterThanOrEqual(409);
      expect(((await currentGame(t.app, a)) as GameUpdate<BlotGameView>).game.v).toBe(view.v);
      await post(a, '/api/leave-belote-game', { gameId });
      expect(((await currentGame(t.app, b)) as GameUpdate<BlotGameView>).game).toMatchObject({ status: 'completed', winners: [b.id], endReason: 'opponent-left' });
    });

    it('plays Carrom shots simulated by the server, refuses bad ones, and settles a leave', async () => {
      const [white, black, gameId] = await paired('carrom', 1);
      const view = ((await currentGame(t.app, white)) as GameUpdate<CarromGameView>).game;
      expect(view.playerColors).toEqual({ [white.id]: 'white', [black.id]: 'black' });
      const shot = { playerId: white.id, strikerPosition: 150, angle: -Math.PI / 2, speed: 200, hitStrength: 60 };
      expect((await post(black, '/api/make-carrom-move', { gameId, move: { ...shot, playerId: black.id } })).statusCode).toBe(409);
      for (const bad of [{ strikerPosition: 10 }, { hitStrength: 5, speed: 16.7 }, { speed: 50 }]) {
        expect((await post(white, '/api/make-carrom-move', { gameId, move: { ...shot, ...bad } })).statusCode).toBe(422);
      }
      expect((await post(white, '/api/make-carrom-move', { gameId, move: { ...shot, angle: 'up' } })).statusCode).toBe(400);
      expect(((await currentGame(t.app, white)) as GameUpdate<CarromGameView>).game.v).toBe(view.v);

      const res = await post(white, '/api/make-carrom-move', { gameId, move: shot });
      expect(res.statusCode, res.body).toBe(200);
      const after = (res.json() as GameUpdate<CarromGameView>).game;
      expect(after.lastMove).toMatchObject({ strikerPosition: 150 });
      expect(JSON.stringify(after.boardState)).not.toBe(JSON.stringify(view.boardState));
      await post(black, '/api/leave-carrom-game', { gameId });
      expect([await balanceOf(t.app, white), await balanceOf(t.app, black)]).toEqual([30.8, 29]);
    });
  });
}
