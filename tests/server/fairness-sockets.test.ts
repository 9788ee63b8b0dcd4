import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shotSpeed } from '../../protocol/carrom.ts';
import { randomBytes } from 'node:crypto';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameUpdate, GameViewBase } from '../../protocol/game.ts';
import { knownSessions } from '../../server/auth/knownSessions.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { eventually } from './smtpSink.ts';
import { fundedPlayer, seededRandom } from './gameHarness.ts';
import { databaseKinds, rows } from './harness.ts';
import { apiCall, connectClient, expectProofHolds, gameUpdates, latestGame, listeningApp } from './socketClients.ts';

/**
 * Issue 18 over the sockets: a carrom game between two socket clients (shots, then a leave) proves
 * itself, and the server seed appears in no event either player received before the game ended. The
 * other modes' whole games prove themselves at the end of their own socket suites.
 */
for (const kind of databaseKinds) {
  describe(`a game's proof over the sockets [${kind}]`, () => {
    const live = listeningApp(kind);

    it('carrom: shots then a leave; the proof holds and the seed was never sent before the end', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 5), fundedPlayer(live.t, 5)]);
      const clients = { [ann.id]: await connectClient(live.base, ann.cookie, live.open), [bob.id]: await connectClient(live.base, bob.cookie, live.open) };
      const players = { [ann.id]: ann, [bob.id]: bob };
      await apiCall(live.base, ann.cookie, 'POST', '/start-game', { gameMode: 'carrom', betAmount: 1 });
      await apiCall(live.base, bob.cookie, 'POST', '/start-game', { gameMode: 'carrom', betAmount: 1 });
      const first = (await eventually(() => gameUpdates<GameViewBase & { turn: string | null }>(clients[ann.id]!.events)[0])).game;
      const gameId = first._id;
      const random = seededRandom(11);
      let turn = first.turn;
      for (let shot = 0; shot < 6 && turn; shot += 1) {
        const shooter = players[turn]!;
        const hitStrength = 18 + Math.floor(random() * 40);
        const move = { playerId: shooter.id, strikerPosition: 80 + random() * 140, angle: -Math.PI / 2 + (random() - 0.5), hitStrength, speed: shotSpeed(hitStrength) };
        const answer = await apiCall<{ game: GameViewBase & { turn: string | null } }>(live.base, shooter.cookie, 'POST', '/make-carrom-move', { gameId, move });
        turn = answer.game.status === 'in-progress' ? answer.game.turn : null;
      }
      await apiCall(live.base, bob.cookie, 'POST', '/leave-carrom-game', { gameId });
      const proof = await expectProofHolds(live.base, ann.cookie, gameId);
      expect(proof.inputs.filter((input) => input.action === 'move').length).toBeGreaterThan(0);
      expect(proof.inputs.at(-1)).toMatchObject({ action: 'leave', actor: bob.id });

      for (const client of Object.values(clients)) {
        await eventually(() => gameUpdates(client.events).find((u) => u.game.status === 'completed'));
        const updates = gameUpdates(client.events);
        const end = updates.findIndex((u) => u.game.status === 'completed');
        const before = JSON.stringify(client.events.slice(0, client.events.findIndex(([, p]) => p === updates[end])));
        expect(before).not.toContain(proof.serverSeed);
        expect(updates[end]!.game.seed).toBe(proof.serverSeed);
      }
    });
  });

  describe(`client seeds over the sockets [${kind}]`, () => {
    const live = listeningApp(kind, { SEED_WAIT_MS: '3000' });

    it("a socket's handshake tells the node the player's session, so their seeds and moves need no read of it; a bad one tells it nothing", async () => {
      const ann = await fundedPlayer(live.t, 0);
      const known = knownSessions(live.t.app.services);
      // The session the sign-in opened is known from the sign-in itself.
      expect(known.playerOf(hashToken(ann.cookie.replace(/^sid=/, '')))).toBe(ann.id);
      // One another node opened: this node has never seen it until the socket's handshake reads it.
      const token = randomBytes(32).toString('hex');
      const hash = hashToken(token);
      await rows(live.t.database, sql`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (${hash}, ${ann.id}::uuid, now() + interval '1 day')`);
      expect(known.playerOf(hash)).toBeUndefined();
      await connectClient(live.base, `sid=${token}`, live.open);
      expect(known.playerOf(hash)).toBe(ann.id);
      const forged = `sid=${randomBytes(32).toString('hex')}`;
      await connectClient(live.base, forged, live.open);
      expect(known.playerOf(hashToken(forged.replace(/^sid=/, '')))).toBeUndefined();
    });

    it('both players hear the waiting game, then its first draw; the whole game proves itself with their seeds', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(live.t, 5), fundedPlayer(live.t, 5)]);
      const clients = [await connectClient(live.base, ann.cookie, live.open), await connectClient(live.base, bob.cookie, live.open)];
      await apiCall(live.base, ann.cookie, 'POST', '/start-game', { gameMode: 'rps', betAmount: 1 });
      await apiCall(live.base, bob.cookie, 'POST', '/start-game', { gameMode: 'rps', betAmount: 1 });
      const waiting = await Promise.all(clients.map((client) => eventually(() => client.events.find(([name]) => name === 'gameStarted')?.[1] as GameUpdate | undefined)));
      for (const update of waiting) expect(update.game).toMatchObject({ phase: SEEDING_PHASE, v: 1, seed: null });
      // The pairing turn told each player their bet's balance first, then the waiting game with the
      // opponent's panel.
      expect(waiting[0]!.opponents).toEqual([expect.objectContaining({ _id: bob.id, nickname: bob.username })]);
      expect(waiting[1]!.opponents).toEqual([expect.objectContaining({ _id: ann.id, nickname: ann.username })]);
      for (const client of clients) {
        const names = client.events.map(([name]) => name);
        expect(client.events.find(([name]) => name === 'balanceUpdated')?.[1]).toBe(4);
        expect(names.indexOf('balanceUpdated')).toBeLessThan(names.indexOf('gameStarted'));
      }
      const gameId = waiting[0]!.game._id;
      const seeds = [randomBytes(16).toString('hex'), randomBytes(24).toString('hex')] as const;
      await apiCall(live.base, ann.cookie, 'POST', `/games/${gameId}/client-seed`, { clientSeed: seeds[0] });
      await apiCall(live.base, bob.cookie, 'POST', `/games/${gameId}/client-seed`, { clientSeed: seeds[1] });
      for (const client of clients) {
        const drawn = await eventually(() => latestGame<GameViewBase>(client.events, gameId)?.v === 2 && latestGame<GameViewBase>(client.events, gameId));
        expect(drawn).toMatchObject({ phase: 'choose', clientSeeds: { [ann.id]: seeds[0], [bob.id]: seeds[1] } });
      }
      for (let round = 1; round <= 3; round += 1) {
        await apiCall(live.base, ann.cookie, 'POST', '/rps-move', { gameId, choice: 'paper', round });
        await apiCall(live.base, bob.cookie, 'POST', '/rps-move', { gameId, choice: 'rock', round });
        await sweepGameTimeouts(live.t.app.services, Date.now() + 2500);
      }
      const proof = await expectProofHolds(live.base, bob.cookie, gameId);
      expect(proof.clientSeeds).toEqual(seeds);
      expect(proof.result).toMatchObject({ status: 'completed', winnerId: ann.id });
      for (const client of clients) {
        const updates = gameUpdates(client.events);
        const end = updates.findIndex((u) => u.game.status === 'completed');
        expect(end).toBeGreaterThan(0);
        expect(JSON.stringify(updates.slice(0, end))).not.toContain(proof.serverSeed);
      }
    });
  });
}
