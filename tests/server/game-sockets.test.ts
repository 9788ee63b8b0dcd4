import { describe, expect, it } from 'vitest';
import type { GameUpdate, QueueEntry } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { ANSWERED_SOCKET_HEADER } from '../../protocol/socket.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { cookieOf, databaseKinds } from './harness.ts';
import { fundedPlayer, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { apiCall, connectClient, expectProofHolds, listeningApp, type Received } from './socketClients.ts';

for (const kind of databaseKinds) {
  describe(`a match between two real socket clients over loopback [${kind}]`, () => {
    const live = listeningApp(kind);

    const listen = (cookie: string) => connectClient(live.base, cookie, live.open);
    const api = <T>(player: Player | { cookie: string }, method: 'GET' | 'POST', path: string, body?: unknown) => apiCall<T>(live.base, player.cookie, method, path, body);

    const updates = (events: Received) => events.filter(([name]) => name === 'game-update').map(([, p]) => p as GameUpdate<RpsGameView>);

    it('finds each other, plays to the end, and each sees the right events in order', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 5), fundedPlayer(live.t, 5)]);
      await ensureOperator(live.t.database.db, 'watcher', 'operator-pass');
      const login = await live.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'watcher', password: 'operator-pass' } });
      const operator = await listen(cookieOf(login, 'admin_sid'));
      const a = await listen(ann.cookie);
      const b = await listen(bob.cookie);

      expect(await api(ann, 'POST', '/start-game', { gameMode: 'rps', betAmount: 1, socketId: a.socket.id })).toEqual({ status: 'searching', balance: 4 });
      const queued = await eventually(() => operator.events.find(([name, p]) => name === 'queueUpdate' && (p as QueueEntry[]).some((q) => q.gameMode === 'rps' && q.betAmount === 1 && q.count === 1)));
      expect(queued).toBeDefined();
      expect(await api(bob, 'POST', '/start-game', { gameMode: 'rps', betAmount: 1, socketId: b.socket.id })).toEqual({ status: 'started', balance: 4 });

      const startedForA = (await eventually(() => a.events.find(([name]) => name === 'gameStarted')))[1] as GameUpdate<RpsGameView>;
      const gameId = startedForA.game._id;
      expect(startedForA.game).toMatchObject({ status: 'in-progress', phase: 'choose', gameMode: 'rps', betAmount: 1, seed: null });
      expect(startedForA.opponents).toEqual([expect.objectContaining({ _id: bob.id, nickname: bob.username, score: 900 })]);
      await eventually(() => operator.events.find(([name, p]) => name === 'ongoingGamesUpdate' && (p as { id: string }[]).some((g) => g.id === gameId)));

      // Chat: a preset from a player reaches only the opponent; anything else goes nowhere.
      a.socket.emit('rps-message', { message: 'Good luck!', gameId, userID: ann.id });
      a.socket.emit('rps-message', { message: '<script>', gameId, userID: ann.id });
      b.socket.emit('belote-message', { message: 'Hello!', gameId, userID: bob.id });
      await eventually(() => b.events.find(([name]) => name === 'rps-message'));

      for (let round = 1; round <= 3; round += 1) {
        const answer = await api<GameUpdate<RpsGameView>>(ann, 'POST', '/rps-move', { gameId, choice: 'paper' });
        // The move's answer is the very update ann's socket got for it: one JSON for both.
        expect(await eventually(() => updates(a.events).find((u) => u.game.v === answer.game.v))).toEqual(answer);
        const waiting = await eventually(() => updates(b.events).find((u) => u.game.currentRound === round && u.game.chosen[ann.id]));
        expect(waiting.game.choices[ann.id]).toBeNull();
        // Earlier rounds are public; this round's choice is nowhere in what bob received.
        if (round === 1) expect(JSON.stringify(b.events)).not.toContain('paper');
        await api(bob, 'POST', '/rps-move', { gameId, choice: 'rock' });
        await eventually(() => updates(a.events).find((u) => u.game.currentRound === round && u.game.roundResults.length === round));
        if (round < 3) {
          await sweepGameTimeouts(live.t.app.services, Date.now() + 2500);
          await eventually(() => updates(b.events).find((u) => u.game.currentRound === round + 1));
        }
      }

      const finalA = await eventually(() => updates(a.events).find((u) => u.game.status === 'completed'));
      expect(finalA.game).toMatchObject({ winners: [ann.id], winnerBalances: { [ann.id]: 5.8 }, loserBalances: { [bob.id]: 4 } });
      expect(finalA.game.seed).toMatch(/^[0-9a-f]{64}$/);
      // Either player can prove the game: the revealed seed, the seeds and every input replay to this end.
      expect((await expectProofHolds(live.base, bob.cookie, gameId)).serverSeed).toBe(finalA.game.seed);
      await eventually(() => a.events.find(([name, p]) => name === 'balanceUpdated' && p === 5.8));

      for (const player of [a, b]) {
        const seen = updates(player.events).filter((u) => u.game._id === gameId);
        // Every change reached the player, once, in order: the versions count up by one.
        expect(seen.map((u) => u.game.v)).toEqual(seen.map((_, i) => seen[0]!.game.v + i));
        expect(seen[0]?.firstUpdate).toBe(true);
        const names = player.events.map(([name]) => name).filter((n) => n !== 'rps-message' && n !== 'playerReconnected');
        expect(names.indexOf('gameStarted')).toBeLessThan(names.indexOf('game-update'));
      }
      // Bob's bet left his balance as the pairing committed, before the game was announced; Ann's payout
      // arrived with the end.
      const namesOf = (events: Received) => events.map(([name]) => name);
      expect(namesOf(b.events).indexOf('balanceUpdated')).toBeLessThan(namesOf(b.events).indexOf('gameStarted'));
      expect(namesOf(a.events).lastIndexOf('balanceUpdated')).toBeGreaterThan(namesOf(a.events).indexOf('gameStarted'));
      expect(b.events.filter(([name]) => name === 'rps-message').map(([, p]) => p)).toEqual([{ message: 'Good luck!', gameId, userID: ann.id }]);
      expect(a.events.filter(([name]) => name.endsWith('-message'))).toEqual([]);
      await eventually(() => operator.events.find(([name, p]) => name === 'ongoingGamesUpdate' && !(p as { id: string }[]).some((g) => g.id === gameId)));
    });

    it("an operator's dashboard that connects during a game gets the running games and queues at once", async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 0), fundedPlayer(live.t, 0)]);
      // Nobody watches while the game starts: the node feeds no dashboard then.
      await api(ann, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      await api(bob, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      const gameId = (await api<GameUpdate>(ann, 'GET', '/current-game')).game._id;
      await ensureOperator(live.t.database.db, 'latecomer', 'operator-pass');
      const login = await live.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'latecomer', password: 'operator-pass' } });
      const operator = await listen(cookieOf(login, 'admin_sid'));
      await eventually(() => operator.events.find(([name, p]) => name === 'ongoingGamesUpdate' && (p as { id: string }[]).some((g) => g.id === gameId)));
      await eventually(() => operator.events.find(([name, p]) => name === 'queueUpdate' && (p as QueueEntry[]).length > 0));
      await api(ann, 'POST', '/leave-rps-game', { gameId });
      await eventually(() => operator.events.find(([name, p]) => name === 'ongoingGamesUpdate' && !(p as { id: string }[]).some((g) => g.id === gameId)));
    });

    it('relays at most a short burst of chat: a flood is cut off', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 0), fundedPlayer(live.t, 0)]);
      const a = await listen(ann.cookie);
      const b = await listen(bob.cookie);
      await api(ann, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      await api(bob, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      const gameId = (await api<GameUpdate>(ann, 'GET', '/current-game')).game._id;
      for (let i = 0; i < 20; i += 1) a.socket.emit('rps-message', { message: 'Hurry up!', gameId, userID: ann.id });
      await eventually(() => b.events.find(([name]) => name === 'rps-message'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const relayed = b.events.filter(([name]) => name === 'rps-message').length;
      expect(relayed).toBeGreaterThanOrEqual(1);
      expect(relayed).toBeLessThanOrEqual(3);
      await api(ann, 'POST', '/leave-rps-game', { gameId });
    });

    it("a move's update reaches the socket that sent it as the answer only; the player's other socket and the opponent's are sent it", async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 0), fundedPlayer(live.t, 0)]);
      const here = await listen(ann.cookie);
      const elsewhere = await listen(ann.cookie);
      const b = await listen(bob.cookie);
      await api(ann, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0, socketId: here.socket.id });
      await api(bob, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0, socketId: b.socket.id });
      const gameId = ((await eventually(() => here.events.find(([name]) => name === 'gameStarted')))[1] as GameUpdate).game._id;
      const fromHere = { [ANSWERED_SOCKET_HEADER]: here.socket.id as string };

      const moved = await apiCall<GameUpdate<RpsGameView>>(live.base, ann.cookie, 'POST', '/rps-move', { gameId, choice: 'rock' }, fromHere);
      expect(await eventually(() => updates(elsewhere.events).find((u) => u.game.v === moved.game.v))).toEqual(moved);
      await eventually(() => updates(b.events).find((u) => u.game.v === moved.game.v));
      // Bob's move is not ann's: her socket is sent it, and by then her own move's update would have come.
      const answered = await api<GameUpdate<RpsGameView>>(bob, 'POST', '/rps-move', { gameId, choice: 'paper' });
      await eventually(() => updates(here.events).find((u) => u.game.v === answered.game.v));
      expect(updates(here.events).map((u) => u.game.v)).not.toContain(moved.game.v);

      // Without the header, as before: the update to every socket of the mover.
      await sweepGameTimeouts(live.t.app.services, Date.now() + 2500);
      await eventually(() => updates(here.events).find((u) => u.game.currentRound === 2));
      const plain = await api<GameUpdate<RpsGameView>>(ann, 'POST', '/rps-move', { gameId, choice: 'rock' });
      expect(await eventually(() => updates(here.events).find((u) => u.game.v === plain.game.v))).toEqual(plain);

      // A header that is no socket id: refused before the move, which is not made.
      const refused = await fetch(`${live.base}/api/rps-move`, {
        method: 'POST',
        headers: { cookie: bob.cookie, 'content-type': 'application/json', [ANSWERED_SOCKET_HEADER]: 'user:everyone' },
        body: JSON.stringify({ gameId, choice: 'rock' }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'Invalid socket id', code: 'game.badSocketId' });
      const after = await api<GameUpdate<RpsGameView>>(bob, 'GET', '/current-game');
      expect({ v: after.game.v, bobChose: after.game.chosen[bob.id] }).toEqual({ v: plain.game.v, bobChose: false });
      await api(ann, 'POST', '/leave-rps-game', { gameId });
    });

    it('tells both players when one reconnects during a game', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 0), fundedPlayer(live.t, 0)]);
      const a = await listen(ann.cookie);
      await api(ann, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      await api(bob, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      const b = await listen(bob.cookie);
      const back = await eventually(() => a.events.find(([name]) => name === 'playerReconnected'));
      expect(back[1]).toEqual({ userId: bob.id, gameMode: 'rps' });
      await eventually(() => b.events.find(([name]) => name === 'playerReconnected'));
      const current = await api<GameUpdate>(bob, 'GET', '/current-game');
      await api(ann, 'POST', '/leave-rps-game', { gameId: current.game._id });
    });
  });
}
