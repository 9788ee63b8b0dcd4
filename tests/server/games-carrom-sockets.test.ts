import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARROM_COIN_RADIUS, boardUnits, type CarromCoin, type CarromGameView } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { POCKETS, replayShot, shotOutcome, stepShot, type CarromState } from '../../rules/carrom/index.ts';
import { chooseShot } from './carromBot.ts';
import { databaseKinds, rows } from './harness.ts';
import { balanceOf, fundedPlayer, seededRandom, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { apiCall, type Client, connectClient, gameUpdates, latestGame, listeningApp } from './socketClients.ts';

const OPENING_SHOTS = 16;

for (const kind of databaseKinds) {
  describe(`a Carrom game between two real socket clients [${kind}]`, () => {
    const live = listeningApp(kind);

    const storedState = async (gameId: string) => (await rows<{ state: CarromState }>(live.t.database, sql`SELECT state FROM games WHERE id = ${gameId}`))[0]!.state;

    /**
     * The end of a game: the shooter has eight coins down and the queen secured, the ninth lies by a
     * pocket near its baseline. Bots aiming by the ghost-ball rule pocket singles well but almost never a queen and its cover
     * in one shot (carrom.md), so a game played out by them would not end in test time; from here it ends
     * with a real winning shot through the same route.
     */
    function endgame(state: CarromState): CarromState {
      const shooter = state.turn!;
      const color = state.players[0] === shooter ? 'white' : 'black';
      const own = state.coins.filter((c) => c.type === color).map((c) => c.id);
      const last = own[own.length - 1]!;
      const others = state.coins.filter((c) => !c.isProcessed && c.type !== color && c.type !== 'queen');
      // Beside a pocket behind the shooter's own baseline: the page's friction lets a striker run ~178
      // units, so only a coin this near its baseline can be pocketed from it without a rebound.
      const y = color === 'white' ? 270 : 30;
      const spots = [{ x: 40, y }, { x: 260, y }];
      const spot = spots.find((s) => others.every((c) => Math.hypot(c.x - s.x, c.y - s.y) > 2 * CARROM_COIN_RADIUS + 4))!;
      const pocket = POCKETS[0]!;
      const coins = state.coins.map((coin): CarromCoin => {
        if (coin.id === last) return { ...coin, x: boardUnits(spot.x), y: boardUnits(spot.y), isProcessed: false };
        if (coin.type === color || coin.type === 'queen') return { ...coin, x: boardUnits(pocket.x), y: boardUnits(pocket.y), isProcessed: true };
        return coin;
      });
      return { ...state, coins, queenState: 'secured', queenPocketedBy: shooter, pocketedPieces: { ...state.pocketedPieces, [shooter]: own.filter((id) => id !== last) } };
    }

    it('plays shot by shot over the sockets: the watcher replays each shot to the very board the server stored, and the win settles once', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 5), fundedPlayer(live.t, 5)]);
      const players: Record<string, Player> = { [ann.id]: ann, [bob.id]: bob };
      const clients: Record<string, Client> = {
        [ann.id]: await connectClient(live.base, ann.cookie, live.open),
        [bob.id]: await connectClient(live.base, bob.cookie, live.open),
      };
      await apiCall(live.base, ann.cookie, 'POST', '/start-game', { gameMode: 'carrom', betAmount: 1 });
      await apiCall(live.base, bob.cookie, 'POST', '/start-game', { gameMode: 'carrom', betAmount: 1 });
      const first = (await eventually(() => gameUpdates<CarromGameView>(clients[ann.id]!.events)[0])).game;
      const gameId = first._id;
      const random = seededRandom(7);
      const seenBy = async (id: string, v: number) => eventually(() => {
        const latest = latestGame<CarromGameView>(clients[id]!.events, gameId);
        return latest && latest.v >= v ? latest : undefined;
      });

      let shots = 0;
      let replayed = 0;
      let game = first;
      for (; shots < 80 && game.status === 'in-progress'; shots += 1) {
        if (shots === OPENING_SHOTS) {
          // A new version, as every change of a game has: the node computes the next shot on the version
          // it last saw (server/games/seenGames.ts), and only a new one makes it read the row again.
          await live.t.database.db.execute(sql`UPDATE games SET state = ${JSON.stringify(endgame(await storedState(gameId)))}::jsonb, version = version + 1 WHERE id = ${gameId}`);
        }
        const shooter = players[game.turn!]!;
        const watcher = shooter === ann ? bob : ann;
        const shot = chooseShot(await storedState(gameId), shooter.id, random);
        const answer = await apiCall<GameUpdate<CarromGameView>>(live.base, shooter.cookie, 'POST', '/make-carrom-move', { gameId, move: shot });
        // The watcher learns of the shot only from its socket, and replays it from lastMove.
        const seen = await seenBy(watcher.id, answer.game.v);
        await seenBy(shooter.id, answer.game.v);
        const lastMove = seen.lastMove!;
        expect(lastMove).toMatchObject({ playerId: shooter.id, hitStrength: shot.hitStrength });
        const run = replayShot(lastMove, seen.playerColors[shooter.id]!);
        while (stepShot(run));
        const replay = shotOutcome(run);
        expect(replay.steps).toBe(lastMove.steps);
        const stored = new Map(seen.boardState.coins.map((c) => [c.id, c]));
        for (const coin of replay.coins) {
          if (lastMove.returned.includes(coin.id)) continue;
          const truth = stored.get(coin.id)!;
          expect([coin.id, coin.x, coin.y, coin.isProcessed]).toEqual([coin.id, truth.x, truth.y, truth.isProcessed]);
        }
        replayed += 1;
        expect(seen.boardState).toEqual(answer.game.boardState);
        game = seen;
      }

      expect(game.status).toBe('completed');
      expect(replayed).toBeGreaterThan(OPENING_SHOTS);
      const winner = game.winners[0]!;
      const loser = winner === ann.id ? bob.id : ann.id;
      expect(game.pocketedPieces[winner]).toHaveLength(9);
      expect(game).toMatchObject({ queenState: 'secured', winnerBalances: { [winner]: 5.8 }, loserBalances: { [loser]: 4 } });
      await eventually(() => clients[winner]!.events.find(([name, p]) => name === 'balanceUpdated' && p === 5.8));
      expect(clients[winner]!.events.filter(([name, p]) => name === 'balanceUpdated' && p === 5.8)).toHaveLength(1);
      expect([await balanceOf(live.t.app, players[winner]!), await balanceOf(live.t.app, players[loser]!)]).toEqual([5.8, 4]);
      const after = await apiCall<GameUpdate<CarromGameView>>(live.base, players[loser]!.cookie, 'POST', '/make-carrom-move', { gameId, move: { playerId: loser, strikerPosition: 150, angle: 1, speed: 200, hitStrength: 60 } }).catch((e: Error) => e.message);
      expect(String(after)).toMatch(/^POST \/make-carrom-move: 4\d\d/);
    }, 240_000);
  });
}
