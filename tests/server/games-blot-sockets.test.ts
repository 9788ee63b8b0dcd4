import { describe, expect, it } from 'vitest';
import { blotSuits, type BlotGameView, type BlotTrumpChoice } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { databaseKinds } from './harness.ts';
import { balanceOf, fundedPlayer, seededRandom, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { apiCall, type Client, connectClient, expectProofHolds, gameUpdates, latestGame, listeningApp } from './socketClients.ts';

for (const kind of databaseKinds) {
  describe(`a Belote match between two real socket clients [${kind}]`, () => {
    const live = listeningApp(kind);

    it('bids, announces and plays every round over the sockets to 101, settles once, and never shows a hidden card', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 30), fundedPlayer(live.t, 30)]);
      const clients: Record<string, Client> = {};
      const players: Record<string, Player> = { [ann.id]: ann, [bob.id]: bob };
      clients[ann.id] = await connectClient(live.base, ann.cookie, live.open);
      clients[bob.id] = await connectClient(live.base, bob.cookie, live.open);
      const a = clients[ann.id]!;
      const b = clients[bob.id]!;
      const api = <T>(player: Player, path: string, body: unknown) => apiCall<T>(live.base, player.cookie, 'POST', path, body);

      await api(ann, '/start-game', { gameMode: 'blot', betAmount: 5 });
      await api(bob, '/start-game', { gameMode: 'blot', betAmount: 5 });
      const gameId = (await eventually(() => gameUpdates<BlotGameView>(a.events)[0])).game._id;
      const random = seededRandom(101);
      const seenBoth = async (v: number) => {
        await eventually(() => ((latestGame<BlotGameView>(a.events, gameId)?.v ?? -1) >= v && (latestGame<BlotGameView>(b.events, gameId)?.v ?? -1) >= v ? true : undefined));
      };
      let contracts = 0;

      for (let action = 0; action < 2000; action += 1) {
        const table = await eventually(() => latestGame<BlotGameView>(a.events, gameId));
        await seenBoth(table.v);
        if (table.status !== 'in-progress') break;
        if (!table.turn) {
          // A pause (round results, canceled round): the sweeper deals the next round at its deadline.
          await sweepGameTimeouts(live.t.app.services, (table.deadlineAt ?? Date.now()) + 1);
          await seenBoth(table.v + 1);
          continue;
        }
        const mover = players[table.turn]!;
        // The mover decides from what its own socket told it: its hand, the legal cards, the phase.
        const own = latestGame<BlotGameView>(clients[mover.id]!.events, gameId)!;
        expect(own.v).toBe(table.v);
        const hand = own.hands[mover.id] ?? [];
        let answer: GameUpdate<BlotGameView>;
        if (own.phase === 'trump-decision') {
          const sameSuit = hand.filter((card) => card.suit === own.faceUpCardCopy?.suit).length;
          answer = await api(mover, '/blot/trump-decision', { gameId, takeCard: sameSuit >= 2 || random() < 0.3 });
        } else if (own.phase === 'trump-selection') {
          const choices = blotSuits.filter((suit) => suit !== own.faceUpCardCopy?.suit);
          const best = choices.reduce((x, y) => (hand.filter((c) => c.suit === y).length > hand.filter((c) => c.suit === x).length ? y : x));
          const roll = random();
          const suit: BlotTrumpChoice = roll < 0.15 ? 'anxoz' : roll < 0.35 ? 'pass' : best;
          answer = await api(mover, '/blot/trump-selection', { gameId, suit });
        } else if (own.phase === 'trump-final-selection') {
          answer = await api(mover, '/blot/final-trump-decision', { gameId, withCard: random() < 0.5 });
        } else {
          const legal = hand.filter((card) => own.legalCards.includes(card._id));
          expect(legal.length, `${own.phase}: a card to play`).toBeGreaterThan(0);
          const card = legal[Math.floor(random() * legal.length)]!;
          const decision = own.combinationDecisionRequired ? (random() < 0.7 ? 'announce' : 'cancel') : undefined;
          if (own.moveCounter === 0) contracts += 1;
          answer = await api(mover, '/blot/make-move', { gameId, card, ...(decision ? { combinationDecision: decision } : {}) });
        }
        expect(answer.game.v).toBeGreaterThan(table.v);
        await seenBoth(answer.game.v);
      }

      const final = latestGame<BlotGameView>(a.events, gameId)!;
      expect(final.status).toBe('completed');
      const winner = final.winners[0]!;
      const loser = winner === ann.id ? bob.id : ann.id;
      expect(final.totalGamePoints[winner]).toBeGreaterThanOrEqual(101);
      expect(final.totalGamePoints[winner]).toBeGreaterThan(final.totalGamePoints[loser]!);
      expect(contracts).toBeGreaterThan(1);
      expect(final.winnerBalances).toEqual({ [winner]: 34 });
      expect(final.loserBalances).toEqual({ [loser]: 25 });
      // Every deal of it is proven: the proof replays to this very end.
      await expectProofHolds(live.base, ann.cookie, gameId);
      // The payout reached the winner's socket once.
      await eventually(() => clients[winner]!.events.find(([name, p]) => name === 'balanceUpdated' && p === 34));
      expect(clients[winner]!.events.filter(([name, p]) => name === 'balanceUpdated' && p === 34)).toHaveLength(1);

      // Every update reached each player once, in order; none ever held the other's cards.
      const handsAt = (client: Client, id: string) => new Map(gameUpdates<BlotGameView>(client.events).map((u) => [u.game.v, u.game.hands[id] ?? []]));
      for (const [viewer, other] of [[ann.id, bob.id], [bob.id, ann.id]] as const) {
        const seen = gameUpdates<BlotGameView>(clients[viewer]!.events).filter((u) => u.game._id === gameId);
        // gameStarted and the first game-update both carry the first version; after it, one each.
        const versions = clients[viewer]!.events.filter(([name]) => name === 'game-update').map(([, p]) => (p as GameUpdate<BlotGameView>).game.v);
        expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
        const otherHands = handsAt(clients[other]!, other);
        for (const { game } of seen) {
          expect(Object.keys(game.hands).filter((id) => (game.hands[id] ?? []).length > 0)).not.toContain(other);
          expect(game.initialCards[other] ?? []).toEqual([]);
          const mine = JSON.stringify([game.hands, game.initialCards]);
          for (const card of otherHands.get(game.v) ?? []) expect(mine).not.toContain(`"${card._id}"`);
        }
      }
    }, 240_000);

    it('acts for a player whose 25 s run out (Pass), and a third in a row forfeits the match to the other, paid once', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 10), fundedPlayer(live.t, 10)]);
      const a = await connectClient(live.base, ann.cookie, live.open);
      const b = await connectClient(live.base, bob.cookie, live.open);
      await apiCall(live.base, ann.cookie, 'POST', '/start-game', { gameMode: 'blot', betAmount: 5 });
      await apiCall(live.base, bob.cookie, 'POST', '/start-game', { gameMode: 'blot', betAmount: 5 });
      const first = (await eventually(() => gameUpdates<BlotGameView>(a.events)[0])).game;
      const gameId = first._id;
      const sleeper = first.turn!;
      const awake = sleeper === ann.id ? bob : ann;
      const clientOf = (id: string) => (id === ann.id ? a : b);

      // The sleeper never acts: at each of its deadlines the server passes for it. The other player passes
      // by hand, so the deal is canceled and dealt again; the sleeper's third automatic action forfeits.
      let game = first;
      let automatic = 0;
      for (let i = 0; i < 20 && game.status === 'in-progress'; i += 1) {
        if (game.turn === awake.id) {
          const own = latestGame<BlotGameView>(clientOf(awake.id).events, gameId)!;
          const answer =
            own.phase === 'trump-decision'
              ? await apiCall<GameUpdate<BlotGameView>>(live.base, awake.cookie, 'POST', '/blot/trump-decision', { gameId, takeCard: false })
              : await apiCall<GameUpdate<BlotGameView>>(live.base, awake.cookie, 'POST', '/blot/trump-selection', { gameId, suit: 'pass' });
          expect(answer.game.autoActions[awake.id]).toBe(0);
        } else {
          const awaited = game.turn;
          await sweepGameTimeouts(live.t.app.services, (game.deadlineAt ?? Date.now()) + 1);
          if (awaited === sleeper) {
            automatic += 1;
            const after = await eventually(() => {
              const latest = latestGame<BlotGameView>(a.events, gameId);
              return latest && latest.v > game.v ? latest : undefined;
            });
            if (after.status === 'in-progress') {
              expect(after.autoActions[sleeper]).toBe(automatic);
              expect(after.playerActions[sleeper]).toBe('pass');
            }
          }
        }
        const v = game.v;
        game = await eventually(() => {
          const latest = latestGame<BlotGameView>(a.events, gameId);
          return latest && latest.v > v ? latest : undefined;
        });
      }
      expect(automatic).toBe(3);
      expect(game).toMatchObject({ status: 'completed', winners: [awake.id], endReason: 'timeout' });
      await eventually(() => clientOf(awake.id).events.find(([name, p]) => name === 'balanceUpdated' && p === 14));
      expect([await balanceOf(live.t.app, awake), await balanceOf(live.t.app, awake === ann ? bob : ann)]).toEqual([14, 5]);
    });
  });
}
