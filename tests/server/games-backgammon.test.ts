import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { BackgammonGameView, BackgammonStep } from '../../protocol/backgammon.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { databaseKinds } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, started, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { expectProofHolds, listeningApp } from './socketClients.ts';

type View = GameUpdate<BackgammonGameView>;

/** A quick player: the sequence that bears off the most, then the one that moves farthest. */
function choose(moves: BackgammonStep[][]): BackgammonStep[] {
  const off = (steps: BackgammonStep[]) => steps.filter((s) => s.targetPoint >= 27).length;
  const distance = (steps: BackgammonStep[]) => steps.reduce((sum, s) => sum + s.diceUsed, 0);
  return [...moves].sort((a, b) => off(b) - off(a) || distance(b) - distance(a))[0] ?? [];
}

for (const kind of databaseKinds) {
  describe(`a backgammon game through the API [${kind}]`, () => {
    const live = listeningApp(kind);

    const move = (player: Player, gameId: string, moves: unknown, v?: number) =>
      live.t.app.inject({ method: 'POST', url: '/api/move-backgammon-checker', headers: { cookie: player.cookie }, payload: { gameId, moves, ...(v === undefined ? {} : { v }) } });

    async function paired(bet: number): Promise<[Player, Player, string]> {
      const [white, black] = await Promise.all([fundedPlayer(live.t, 10), fundedPlayer(live.t, 10)]);
      expect((await started(live.t.app, white, 'backgammon', bet)).status).toBe('searching');
      expect((await started(live.t.app, black, 'backgammon', bet)).status).toBe('started');
      return [white, black, (await currentGame(live.t.app, white)).game._id];
    }

    it('plays a whole game between two socket clients to the last checker, and settles it', async () => {
      const [white, black, gameId] = await paired(1);
      const updates: Record<string, View[]> = { [white.id]: [], [black.id]: [] };
      for (const player of [white, black]) {
        const socket = connect(live.base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: player.cookie }, reconnection: false });
        live.open.push(socket);
        socket.on('game-update', (u: View) => updates[player.id]!.push(u));
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      }
      const first = (await currentGame(live.t.app, white)) as View;
      expect(first.game.playerColors).toEqual({ [white.id]: 'white', [black.id]: 'black' });
      expect(first.game.board).toHaveLength(28);

      let turns = 0;
      for (; turns < 600; turns += 1) {
        const view = (await currentGame(live.t.app, white)) as View;
        if (view.game.status !== 'in-progress') break;
        const mover = view.game.turn === white.id ? white : black;
        const own = (await currentGame(live.t.app, mover)) as View;
        const res = await move(mover, gameId, choose(own.game.possibleMoves), own.game.v);
        expect(res.statusCode, res.body).toBe(200);
      }
      const final = (await currentGame(live.t.app, white)) as View;
      expect(final.game.status).toBe('completed');
      const winner = final.game.winners[0]!;
      expect(final.game.borneOff[winner]).toBe(15);
      const [w, l] = winner === white.id ? [white, black] : [black, white];
      expect([await balanceOf(live.t.app, w), await balanceOf(live.t.app, l)]).toEqual([10.8, 9]);
      // Every roll of it is proven: the proof replays to this very end.
      await expectProofHolds(live.base, l.cookie, gameId);
      // Every change reached both players over their sockets, in order.
      for (const id of [white.id, black.id]) {
        await eventually(() => updates[id]!.find((u) => u.game.status === 'completed'));
        const versions = updates[id]!.map((u) => u.game.v);
        expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
        // Only the player to move ever receives possible moves.
        for (const u of updates[id]!) if (u.game.turn !== id) expect(u.game.possibleMoves).toEqual([]);
      }
    }, 120_000);

    it('refuses out-of-turn, illegal and stale submissions, and changes nothing', async () => {
      const [white, black, gameId] = await paired(0);
      const view = (await currentGame(live.t.app, white)) as View;
      const [mover, waiter] = view.game.turn === white.id ? [white, black] : [black, white];
      const own = (await currentGame(live.t.app, mover)) as View;
      const legal = choose(own.game.possibleMoves);

      const outOfTurn = await move(waiter, gameId, legal);
      expect([outOfTurn.statusCode, outOfTurn.json().message]).toEqual([409, 'It is not your turn']);
      expect((await move(mover, gameId, [{ currentPoint: 3, targetPoint: 9, diceUsed: 6 }])).statusCode).toBe(422);
      expect((await move(mover, gameId, [])).statusCode).toBe(422);
      expect((await move(mover, gameId, [{ currentPoint: 0, targetPoint: 99, diceUsed: 9 }])).statusCode).toBe(400);
      expect((await move(mover, gameId, 'everything')).statusCode).toBe(400);
      expect((await move(mover, gameId, legal, own.game.v - 1)).statusCode).toBe(409);
      const after = (await currentGame(live.t.app, mover)) as View;
      expect(after.game.v).toBe(own.game.v);
      expect(after.game.board).toEqual(own.game.board);

      expect((await move(mover, gameId, legal, own.game.v)).statusCode).toBe(200);
      await live.t.app.inject({ method: 'POST', url: '/api/leave-backgammon-game', headers: { cookie: waiter.cookie }, payload: { gameId } });
      expect(((await currentGame(live.t.app, mover)) as View).game).toMatchObject({ status: 'completed', winners: [mover.id], endReason: 'opponent-left' });
    });

    it('auto-plays at the deadline and forfeits after three automatic turns in a row', async () => {
      const [white, black, gameId] = await paired(1);
      let idle: string | null = null;
      for (let i = 0; i < 12; i += 1) {
        const view = (await currentGame(live.t.app, white)) as View;
        if (view.game.status !== 'in-progress') break;
        const mover = view.game.turn === white.id ? white : black;
        idle ??= black.id;
        if (mover.id === idle) {
          await sweepGameTimeouts(live.t.app.services, (view.game.deadlineAt ?? Date.now()) + 1);
        } else {
          const own = (await currentGame(live.t.app, mover)) as View;
          expect((await move(mover, gameId, choose(own.game.possibleMoves), own.game.v)).statusCode).toBe(200);
        }
      }
      const final = (await currentGame(live.t.app, white)) as View;
      expect(final.game).toMatchObject({ status: 'completed', winners: [white.id], losers: [black.id], endReason: 'timeout' });
      const autoTurns = final.game.moveHistory.filter((turn) => turn.playerId === black.id && turn.autoPlayed);
      expect(autoTurns.length).toBeGreaterThanOrEqual(3);
      expect([await balanceOf(live.t.app, white), await balanceOf(live.t.app, black)]).toEqual([10.8, 9]);
    });
  });
}
