import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireChallenges } from '../../server/challenges/challenges.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { addressOf, databaseKinds, listening, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, playRpsToEnd, startGame, started, type Player } from './gameHarness.ts';
import { connectClient } from './socketClients.ts';

/**
 * Issue 36: a challenge sent into a chat. The challenger's bet is in escrow from the start; whoever opens
 * the link accepts with one tap and both play; a cancel or an expiry brings the bet back; every refusal
 * moves nothing. The ledger's invariants hold after each test.
 */
for (const kind of databaseKinds) {
  describe(`challenges [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { PUBLIC_URL: 'https://duel.example' });
    });
    afterAll(async () => {
      await t.close();
    });

    const post = (player: Player, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, ...(payload ? { payload } : {}) });
    const get = (player: Player, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });

    async function challenge(player: Player, gameMode: string, betAmount: number): Promise<{ code: string; link: string; webLink: string; expiresAt: string; balance: number }> {
      const res = await post(player, '/api/challenges', { gameMode, betAmount });
      if (res.statusCode !== 200) throw new Error(`challenge ${res.statusCode} ${res.body}`);
      return res.json();
    }
    const accept = (player: Player, code: string) => post(player, `/api/challenges/${code}/accept`);
    const cancel = (player: Player, code: string) => post(player, `/api/challenges/${code}/cancel`);
    const refusal = (res: { statusCode: number; json(): { message: string } }) => [res.statusCode, res.json().message];

    async function ledgerHolds(): Promise<void> {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    }

    it('creates a staked RPS challenge (bet in escrow), is accepted with one tap, played to the end and settled', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const made = await challenge(ann, 'rps', 1);
      expect(made.code).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(made.balance).toBe(9);
      // No bot configured: the link is the web one, /?challenge=<code>.
      expect(made.link).toBe(`https://duel.example/?challenge=${made.code}`);
      expect(made.webLink).toBe(made.link);
      expect(new Date(made.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(await balanceOf(t.app, ann)).toBe(9);

      const own = (await get(ann, '/api/challenges')).json();
      expect(own.challenge).toMatchObject({ code: made.code, status: 'open', gameMode: 'rps', betAmount: 1, payout: 1.8 });

      const seen = await get(bob, `/api/challenges/${made.code}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({
        code: made.code,
        challenger: { _id: ann.id, nickname: ann.username, country: null, score: expect.any(Number) },
        gameMode: 'rps',
        betAmount: 1,
        status: 'open',
        gameId: null,
        forFriend: false,
      });

      const accepted = await accept(bob, made.code);
      expect(accepted.statusCode).toBe(200);
      const { gameId, balance } = accepted.json();
      expect(balance).toBe(9);
      const game = (await currentGame(t.app, ann)).game;
      expect(game._id).toBe(gameId);
      expect(game.userIds).toEqual([ann.id, bob.id]);
      expect((await currentGame(t.app, bob)).game._id).toBe(gameId);
      expect((await get(ann, '/api/challenges')).json().challenge).toBeNull();
      expect((await get(bob, `/api/challenges/${made.code}`)).json()).toMatchObject({ status: 'accepted', gameId });

      await playRpsToEnd(t, ann, bob, gameId);
      expect(await balanceOf(t.app, ann)).toBe(9 + 1.8);
      expect(await balanceOf(t.app, bob)).toBe(9);
      const [marked] = await rows<{ challenge: boolean }>(t.database, sql`SELECT EXISTS (SELECT 1 FROM challenges WHERE game_id = ${gameId}::uuid AND status = 'accepted') AS challenge`);
      expect(marked?.challenge).toBe(true);
      await ledgerHolds();

      // A rematch seats the same two again, as after a queue game.
      expect((await startGame(t.app, ann, { gameMode: 'rps', betAmount: 1, isRematch: true })).json().status).toBe('searching');
      expect((await startGame(t.app, bob, { gameMode: 'rps', betAmount: 1, isRematch: true })).json().status).toBe('started');
      const rematch = (await currentGame(t.app, bob)).game;
      expect(rematch._id).not.toBe(gameId);
      expect(rematch.userIds).toEqual([ann.id, bob.id]);
      await playRpsToEnd(t, ann, bob, rematch._id);
      await ledgerHolds();
    });

    it('tells both players gameStarted on their sockets, wherever the challenger is', async () => {
      const base = await listening(t);
      const open: Socket[] = [];
      try {
        const [ann, bob] = await Promise.all([fundedPlayer(t, 5), fundedPlayer(t, 5)]);
        const [annSocket, bobSocket] = await Promise.all([connectClient(base, ann.cookie, open), connectClient(base, bob.cookie, open)]);
        const made = await challenge(ann, 'rps', 0);
        const { gameId } = (await accept(bob, made.code)).json();
        await expect.poll(() => annSocket.events.filter(([name]) => name === 'gameStarted').length).toBe(1);
        await expect.poll(() => bobSocket.events.filter(([name]) => name === 'gameStarted').length).toBe(1);
        const [, update] = annSocket.events.find(([name]) => name === 'gameStarted')!;
        expect((update as { game: { _id: string; betAmount: number } }).game).toMatchObject({ _id: gameId, betAmount: 0 });
        await playRpsToEnd(t, ann, bob, gameId);
      } finally {
        for (const socket of open) socket.close();
      }
    });

    it('cancel brings the bet back; a canceled challenge can be neither canceled again nor accepted', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const made = await challenge(ann, 'backgammon', 5);
      expect(await balanceOf(t.app, ann)).toBe(5);
      expect(refusal(await cancel(bob, made.code))).toEqual([403, 'Only the challenger can cancel a challenge']);
      const canceled = await cancel(ann, made.code);
      expect([canceled.statusCode, canceled.json()]).toEqual([200, { balance: 10 }]);
      expect(refusal(await cancel(ann, made.code))).toEqual([409, 'This challenge was canceled']);
      expect(refusal(await accept(bob, made.code))).toEqual([409, 'This challenge was canceled']);
      expect((await get(bob, `/api/challenges/${made.code}`)).json().status).toBe('canceled');
      expect([await balanceOf(t.app, ann), await balanceOf(t.app, bob)]).toEqual([10, 10]);
      // The challenger is free again: a new challenge or a search.
      expect((await started(t.app, ann, 'rps', 0)).status).toBe('searching');
      expect((await post(ann, '/api/cancel-search')).statusCode).toBe(200);
      await ledgerHolds();
    });

    it('expires after CHALLENGE_TTL_MINUTES with the bet back; an expired one cannot be accepted', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const made = await challenge(ann, 'rps', 1);
      expect(await expireChallenges(t.app.services, Date.now())).toBe(0);
      const after = new Date(made.expiresAt).getTime() + 1;
      expect(await expireChallenges(t.app.services, after)).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(t.app, ann)).toBe(10);
      expect(refusal(await accept(bob, made.code))).toEqual([409, 'This challenge has expired']);
      expect(refusal(await cancel(ann, made.code))).toEqual([409, 'This challenge has expired']);
      expect(await balanceOf(t.app, bob)).toBe(10);
      await ledgerHolds();
    });

    it('two friends accepting at once: one plays, the other is refused, and no bet moves twice', async () => {
      for (let round = 0; round < 4; round += 1) {
        const [ann, bob, cat] = await Promise.all([fundedPlayer(t, 5), fundedPlayer(t, 5), fundedPlayer(t, 5)]);
        const made = await challenge(ann, 'rps', 1);
        const answers = await Promise.all([accept(bob, made.code), accept(cat, made.code)]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const lost = answers.find((r) => r.statusCode === 409)!;
        expect(lost.json().message).toBe('This challenge has already been accepted');
        const winner = answers[0]!.statusCode === 200 ? bob : cat;
        const loser = winner === bob ? cat : bob;
        expect(await balanceOf(t.app, loser)).toBe(5);
        expect(await balanceOf(t.app, winner)).toBe(4);
        expect(await balanceOf(t.app, ann)).toBe(4);
        expect((await currentGame(t.app, loser)).game).toBeNull();
        const [bets] = await rows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM transfers WHERE idempotency_key LIKE ${`challenge:%`} AND ref = (SELECT id::text FROM challenges WHERE code = ${made.code})`);
        expect(bets?.n).toBe(2);
        await playRpsToEnd(t, ann, winner, (await currentGame(t.app, ann)).game._id);
      }
      await ledgerHolds();
    });

    it('refuses every case with a clear message and moves nothing', async () => {
      const [ann, bob, poor, searcher] = await Promise.all([fundedPlayer(t, 20), fundedPlayer(t, 20), fundedPlayer(t, 0), fundedPlayer(t, 20)]);
      const made = await challenge(ann, 'rps', 1);

      expect(refusal(await accept(ann, made.code))).toEqual([400, 'You cannot accept your own challenge']);
      expect(refusal(await accept(poor, made.code))).toEqual([400, 'Insufficient balance']);
      await started(t.app, searcher, 'rps', 0);
      expect(refusal(await accept(searcher, made.code))).toEqual([409, 'You are already searching for a game']);
      expect((await post(searcher, '/api/cancel-search')).statusCode).toBe(200);

      // One open challenge, search or game at a time, both ways.
      expect(refusal(await post(ann, '/api/challenges', { gameMode: 'rps', betAmount: 0 }))).toEqual([409, 'You already have an open challenge']);
      expect(refusal(await startGame(t.app, ann, { gameMode: 'rps', betAmount: 0 }))).toEqual([409, 'You already have an open challenge']);
      await started(t.app, searcher, 'rps', 0);
      expect(refusal(await post(searcher, '/api/challenges', { gameMode: 'rps', betAmount: 0 }))).toEqual([409, 'You are already searching for a game']);
      expect((await post(searcher, '/api/cancel-search')).statusCode).toBe(200);

      // A player in a game can neither accept nor challenge.
      const other = await challenge(bob, 'rps', 0);
      const { gameId } = (await accept(searcher, other.code)).json();
      expect(refusal(await accept(searcher, made.code))).toEqual([409, 'You are already in a game']);
      expect(refusal(await post(searcher, '/api/challenges', { gameMode: 'rps', betAmount: 0 }))).toEqual([409, 'You are already in a game']);
      await playRpsToEnd(t, bob, searcher, gameId);

      // The taken challenge.
      const taker = await fundedPlayer(t, 5);
      expect((await accept(taker, made.code)).statusCode).toBe(200);
      expect(refusal(await accept(bob, made.code))).toEqual([409, 'This challenge has already been accepted']);
      expect(refusal(await cancel(ann, made.code))).toEqual([409, 'This challenge has already been accepted']);
      await playRpsToEnd(t, ann, taker, (await currentGame(t.app, ann)).game._id);

      // Score-gated levels (Belote 10/20, RPS 3/5), for the challenger and for the taker.
      expect(refusal(await post(bob, '/api/challenges', { gameMode: 'blot', betAmount: 10 }))).toEqual([400, 'Requires score over 1000']);
      await t.database.db.execute(sql`UPDATE users SET score = 1000 WHERE id = ${bob.id}`);
      const gated = await challenge(bob, 'rps', 3);
      expect(refusal(await accept(searcher, gated.code))).toEqual([400, 'Requires score over 1000']);
      expect((await cancel(bob, gated.code)).statusCode).toBe(200);

      // A frozen account.
      const frozenChallenge = await challenge(bob, 'rps', 1);
      await t.database.db.execute(sql`UPDATE users SET frozen_at = now(), frozen_reason = 'test' WHERE id = ${searcher.id}`);
      expect(refusal(await accept(searcher, frozenChallenge.code))).toEqual([403, 'Your account is under review. Please contact support.']);
      expect(refusal(await post(searcher, '/api/challenges', { gameMode: 'rps', betAmount: 0 }))[0]).toBe(403);
      expect((await cancel(bob, frozenChallenge.code)).statusCode).toBe(200);

      // Bad input: nothing is made.
      for (const [body, message] of [
        [{ gameMode: 'chess', betAmount: 1 }, 'Unknown game mode'],
        [{ gameMode: 'rps', betAmount: 2 }, 'Unknown bet amount for this game'],
        [{ gameMode: 'rps', betAmount: '1' }, 'Amount must be a number'],
        [{ gameMode: 'rps', betAmount: 1, extra: true }, expect.any(String)],
        [{ gameMode: 'rps', betAmount: 1, friendId: 'nope' }, 'You can only challenge your friends this way'],
        [{ gameMode: 'rps', betAmount: 1, friendId: ann.id }, 'You can only challenge your friends this way'],
      ] as const) {
        expect(refusal(await post(bob, '/api/challenges', body))).toEqual([400, message]);
      }
      expect(refusal(await get(bob, '/api/challenges/not-a-code'))).toEqual([400, 'Challenge not found']);
      expect(refusal(await get(bob, '/api/challenges/abcdefghjk'))).toEqual([404, 'Challenge not found']);
      expect(refusal(await accept(bob, 'abcdefghjk'))).toEqual([404, 'Challenge not found']);
      expect((await t.app.inject({ method: 'POST', url: `/api/challenges/${made.code}/accept` })).statusCode).toBe(401);

      expect([await balanceOf(t.app, poor), await balanceOf(t.app, bob)]).toEqual([0, 20]);
      expect((await get(bob, '/api/challenges')).json().challenge).toBeNull();
      await ledgerHolds();
    });

    it('refuses a staked challenge between accounts that share a device; a free one between them plays', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      for (const player of [ann, bob]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-device-id': `one-phone-${ann.id.slice(0, 8)}` },
          payload: { username: player.username, password: 'correct-horse' },
          remoteAddress: addressOf(player.username),
        });
        expect(res.statusCode).toBe(200);
      }
      const staked = await challenge(ann, 'rps', 1);
      expect(refusal(await accept(bob, staked.code))).toEqual([403, 'Staked challenges between accounts on one device are not allowed']);
      expect([await balanceOf(t.app, ann), await balanceOf(t.app, bob)]).toEqual([9, 10]);
      expect((await cancel(ann, staked.code)).statusCode).toBe(200);

      const free = await challenge(ann, 'rps', 0);
      const { gameId } = (await accept(bob, free.code)).json();
      await playRpsToEnd(t, ann, bob, gameId);
      await ledgerHolds();
    });

    it('feeds the risk round like queue games: repeated paid challenges between two friends, and games left to one', async () => {
      const [ann, bob] = await Promise.all([fundedPlayer(t, 20), fundedPlayer(t, 20)]);
      for (let game = 0; game < 3; game += 1) {
        const { gameId } = (await accept(bob, (await challenge(ann, 'rps', 1)).code)).json();
        await playRpsToEnd(t, ann, bob, gameId);
      }
      // Bob leaves two more to Ann: the chip dump a challenge makes easiest.
      for (let game = 0; game < 2; game += 1) {
        const { gameId } = (await accept(bob, (await challenge(ann, 'rps', 1)).code)).json();
        expect((await post(bob, '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
      }
      const { riskRound } = await import('../../server/integrity/flags.ts');
      expect(await riskRound(t.app.services)).not.toBeNull();
      const flags = await rows<{ kind: string; count: number }>(
        t.database,
        sql`SELECT kind, count FROM risk_flags WHERE ${ann.id}::uuid = ANY(user_ids) AND ${bob.id}::uuid = ANY(user_ids) ORDER BY kind`,
      );
      expect(flags).toEqual([
        { kind: 'leave-dump', count: 2 },
        { kind: 'pair-repeat', count: 5 },
      ]);
      await ledgerHolds();
    });

    it('a freeze ends the open challenge with its bet back', async () => {
      const ann = await fundedPlayer(t, 10);
      const made = await challenge(ann, 'rps', 5 - 4);
      const { setFrozen } = await import('../../server/integrity/freeze.ts');
      const [operator] = await rows<{ id: string }>(t.database, sql`INSERT INTO admins (username, password_hash) VALUES (${`op-${made.code}`}, 'x') RETURNING id::text AS id`);
      await setFrozen(t.app.services, operator!.id, ann.id, { frozen: true, reason: 'review' });
      expect(await balanceOf(t.app, ann)).toBe(10);
      expect((await get(ann, `/api/challenges/${made.code}`)).json().status).toBe('canceled');
      await ledgerHolds();
    });
  });
}
