import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RPS_TURN_MS } from '../../protocol/rps.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { gameSeedOf } from '../../rules/random.ts';
import { verifyProof } from '../../rules/verify.ts';
import { rpsRules, type RpsState } from '../../rules/rps/index.ts';
import { cookieOf, databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, nextRound, pairedRps, playRpsToEnd, rpsMove, started, type Player } from './gameHarness.ts';

for (const kind of databaseKinds) {
  describe(`an RPS game through the API [${kind}]`, () => {
    let t: TestApp;
    let operatorCookie: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      await ensureOperator(t.database.db, 'referee', 'operator-pass');
      const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'referee', password: 'operator-pass' } });
      operatorCookie = cookieOf(login, 'admin_sid');
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const post = (player: Player, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, payload: payload as object });
    const get = (player: Player, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
    const scoreOf = async (player: Player) => (await get(player, '/api/protected')).json().user.score as number;

    it('GET /api/current-game: the running game, else the one that ended in the last minute, else none', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const first = await pairedRps(t.app, a, b, 0);
      expect((await currentGame(t.app, a)).game).toMatchObject({ _id: first, status: 'in-progress' });
      await playRpsToEnd(t, a, b, first);
      expect((await currentGame(t.app, b)).game).toMatchObject({ _id: first, status: 'completed' });
      // A new game is shown before the one that just ended.
      const second = await pairedRps(t.app, a, b, 0);
      expect((await currentGame(t.app, a)).game).toMatchObject({ _id: second, status: 'in-progress' });
      await playRpsToEnd(t, a, b, second);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      try {
        expect(await currentGame(t.app, a)).toEqual({ game: null, opponents: [] });
      } finally {
        vi.useRealTimers();
      }
    });

    it('plays to three wins: the winner gets the payout, the house the rest, ratings and histories follow', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([9, 9]);
      const [rakeBefore] = await rows<{ b: string }>(t.database, sql`SELECT sum(balance_micro)::text AS b FROM accounts WHERE kind = 'house_rake'`);

      await playRpsToEnd(t, a, b, gameId);

      const final = await currentGame(t.app, a);
      expect(final.game).toMatchObject({ status: 'completed', phase: 'game-completed', winners: [a.id], losers: [b.id], endReason: null, payout: 1.8, betAmount: 1 });
      expect(final.game.winnerBalances).toEqual({ [a.id]: 10.8 });
      expect(final.game.loserBalances).toEqual({ [b.id]: 9 });
      expect(final.game.wins).toEqual({ [a.id]: 3, [b.id]: 0 });
      // The seed is revealed and matches the hash published at the start.
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(Buffer.from(final.game.seed, 'hex')).digest('hex')).toBe(final.game.seedHash);

      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([10.8, 9]);
      const [rakeAfter] = await rows<{ b: string }>(t.database, sql`SELECT sum(balance_micro)::text AS b FROM accounts WHERE kind = 'house_rake'`);
      expect(BigInt(rakeAfter!.b) - BigInt(rakeBefore!.b)).toBe(200_000n);

      expect([await scoreOf(a), await scoreOf(b)]).toEqual([916, 884]);
      expect(final.game.scoreChanges).toEqual({ [a.id]: 16, [b.id]: -16 });

      const history = (await get(a, `/api/played-games-history/${a.id}`)).json().games;
      expect(history[0]).toMatchObject({ gameId, gameName: 'Rock Paper Scissors', bet: 1, result: 'win', opponentUsername: b.username, userScore: 3, opponentScore: 0, endReason: null });
      expect((await get(b, `/api/played-games-history/${b.id}`)).json().games[0]).toMatchObject({ result: 'lose', userScore: 0, opponentScore: 3 });
      expect((await get(a, `/api/played-games-history/${b.id}`)).statusCode).toBe(403);
      expect((await get(b, '/api/score-history')).json().records[0]).toMatchObject({ result: 'lose', score: 884, change: -16 });
      expect((await get(a, '/api/statistics')).json()).toEqual({ wins: 1, losses: 0, totalGames: 1 });

      // Over: no more moves, and both are free to play again.
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(409);
      expect((await started(t.app, a, 'rps', 0)).status).toBe('searching');
      expect((await post(a, '/api/cancel-search', {})).statusCode).toBe(200);
    });

    it("never shows a player the opponent's choice before both are locked", async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const moved = await rpsMove(t.app, a, gameId, 'paper');
      expect(moved.json().game).toMatchObject({ phase: 'waiting-for-opponent', choices: { [a.id]: 'paper', [b.id]: null } });
      const seenByB = await currentGame(t.app, b);
      expect(JSON.stringify(seenByB)).not.toContain('paper');
      expect(seenByB.game).toMatchObject({ phase: 'choose', chosen: { [a.id]: true, [b.id]: false }, seed: null });
      const revealed = await rpsMove(t.app, b, gameId, 'rock');
      expect(revealed.json().game.choices).toEqual({ [a.id]: 'paper', [b.id]: 'rock' });
      await post(a, '/api/leave-rps-game', { gameId });
    });

    it('refuses a second choice (409), a stale version (409), a bad choice (400) and a stranger (403), changing nothing', async () => {
      const [a, b, c] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const v = (await currentGame(t.app, a)).game.v;
      expect((await rpsMove(t.app, a, gameId, 'rock', v)).statusCode).toBe(200);
      const again = await rpsMove(t.app, a, gameId, 'paper');
      expect([again.statusCode, again.json().message]).toEqual([409, 'You have already chosen this round']);
      const stale = await rpsMove(t.app, b, gameId, 'paper', v);
      expect([stale.statusCode, stale.json().message]).toEqual([409, 'The game has moved on; reload it']);
      expect((await rpsMove(t.app, b, gameId, 'lizard')).json().message).toBe('Choice must be rock, paper or scissors');
      expect((await rpsMove(t.app, c, gameId, 'rock')).statusCode).toBe(403);
      expect((await rpsMove(t.app, a, '00000000-0000-4000-8000-000000000000', 'rock')).statusCode).toBe(404);
      const game = (await currentGame(t.app, a)).game;
      expect(game).toMatchObject({ v: v + 1, choices: { [a.id]: 'rock' }, chosen: { [b.id]: false } });
      await post(b, '/api/leave-rps-game', { gameId });
    });

    it('takes both choices when the players choose at the same moment, each naming the round', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const [ra, rb] = await Promise.all([rpsMove(t.app, a, gameId, 'rock', undefined, 1), rpsMove(t.app, b, gameId, 'paper', undefined, 1)]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      const game = (await currentGame(t.app, a)).game;
      expect(game.roundResults[0]).toMatchObject({ winnerId: b.id, choices: { [a.id]: 'rock', [b.id]: 'paper' } });
      await nextRound(t);
      const late = await rpsMove(t.app, a, gameId, 'rock', undefined, 1);
      expect([late.statusCode, late.json().message]).toEqual([409, 'That round is over']);
      await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
    });

    it('gives the win to the one who stays when the other leaves', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 5), fundedPlayer(t, 5)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      expect((await post(b, '/api/leave-carrom-game', { gameId })).statusCode).toBe(404);
      expect((await post(b, '/api/leave-rps-game', { gameId })).json()).toEqual({ ok: true });
      const game = (await currentGame(t.app, a)).game;
      expect(game).toMatchObject({ status: 'completed', winners: [a.id], losers: [b.id], endReason: 'opponent-left' });
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([5.8, 4]);
      expect((await post(b, '/api/leave-rps-game', { gameId })).statusCode).toBe(409);
    });

    it('auto-picks through the sweeper when the 15 s run out, marked autoPicked, and only then', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      await rpsMove(t.app, a, gameId, 'scissors');
      await sweepGameTimeouts(t.app.services, Date.now() + RPS_TURN_MS - 2000);
      expect((await currentGame(t.app, a)).game.roundResults).toEqual([]);
      await sweepGameTimeouts(t.app.services, Date.now() + RPS_TURN_MS + 100);
      const game = (await currentGame(t.app, a)).game;
      expect(game.roundResults).toHaveLength(1);
      expect(game.roundResults[0].autoPicked).toEqual({ [a.id]: false, [b.id]: true });
      expect(game.roundResults[0].choices[a.id]).toBe('scissors');
      await post(a, '/api/leave-rps-game', { gameId });
    });

    it('keeps a move that was written when telling the players fails: 200, and the game shows it', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const before = (await currentGame(t.app, a)).game.v as number;
      const sockets = t.app.services.sockets;
      const to = sockets.to;
      sockets.to = () => {
        throw new Error('socket layer down');
      };
      try {
        const res = await post(a, '/api/rps-move', { gameId, choice: 'rock', round: 1 });
        expect(res.statusCode).toBe(200);
      } finally {
        sockets.to = to;
      }
      const after = (await currentGame(t.app, a)).game;
      expect(after.v).toBe(before + 1);
      expect(after.phases[a.id]).toBe('waiting-for-opponent');
      await post(a, '/api/leave-rps-game', { gameId });
    });

    it("never times a game out before its rules' own deadline, whatever the deadline column says", async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const before = (await currentGame(t.app, a)).game;
      await t.database.db.execute(sql`UPDATE games SET deadline_at = now() - interval '1 hour' WHERE id = ${gameId}`);
      expect(await sweepGameTimeouts(t.app.services, Date.now())).toBe(0);
      const after = (await currentGame(t.app, a)).game;
      expect([after.v, after.deadlineAt]).toEqual([before.v, before.deadlineAt]);
      await post(a, '/api/leave-rps-game', { gameId });
    });

    it('sweeps the other games when one game\'s timeout fails, and puts the broken one back by a minute', async () => {
      const [a, b, c, d] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0), fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const broken = await pairedRps(t.app, a, b, 0);
      const healthy = await pairedRps(t.app, c, d, 0);
      // A state its rules cannot read, due before the healthy game, so the sweep meets it first.
      await t.database.db.execute(sql`UPDATE games SET state = '{"deadlineAt": 0, "phase": "choose"}'::jsonb, deadline_at = now() - interval '1 hour' WHERE id = ${broken}`);
      const before = (await currentGame(t.app, c)).game.v as number;
      const now = Date.now() + RPS_TURN_MS + 1000;
      expect(await sweepGameTimeouts(t.app.services, now)).toBeGreaterThanOrEqual(1);
      expect((await currentGame(t.app, c)).game.v).toBeGreaterThan(before);
      const [row] = await rows<{ status: string; due: string }>(t.database, sql`SELECT status, (extract(epoch FROM deadline_at) * 1000)::bigint::text AS due FROM games WHERE id = ${broken}`);
      expect(row).toEqual({ status: 'in-progress', due: String(now + 60_000) });
      // Out of the way: the operator cancels it, both (free) bets back.
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/games/${broken}/cancel`, headers: { cookie: operatorCookie } })).statusCode).toBe(200);
      await post(c, '/api/leave-rps-game', { gameId: healthy });
    });

    it('lets an operator cancel a running game: both bets back, no rating change, the canceled view', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 5), fundedPlayer(t, 5)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      const scores = [await scoreOf(a), await scoreOf(b)];
      const asPlayer = await post(a, `/api/admin/games/${gameId}/cancel`, {});
      expect(asPlayer.statusCode).toBe(401);
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/games/${gameId}/cancel`, headers: { cookie: operatorCookie } });
      expect(res.json()).toEqual({ gameId, status: 'canceled' });
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([5, 5]);
      expect([await scoreOf(a), await scoreOf(b)]).toEqual(scores);
      const game = (await currentGame(t.app, b)).game;
      expect(game).toMatchObject({ status: 'canceled', phase: 'game-canceled', endReason: 'canceled', winners: [] });
      expect((await get(a, `/api/played-games-history/${a.id}`)).json().games.some((g: { gameId: string }) => g.gameId === gameId)).toBe(false);
      const twice = await t.app.inject({ method: 'POST', url: `/api/admin/games/${gameId}/cancel`, headers: { cookie: operatorCookie } });
      expect(twice.statusCode).toBe(409);
    });

    it('replays a finished game from its log and revealed seed to the same final state', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      // A mix of moves, ties, a timeout with an auto-pick, and the reveals.
      await rpsMove(t.app, a, gameId, 'rock');
      await rpsMove(t.app, b, gameId, 'rock');
      await nextRound(t);
      await rpsMove(t.app, b, gameId, 'paper');
      // The auto-pick at the turn's deadline, then the reveal's end at its own.
      await sweepGameTimeouts(t.app.services, (await currentGame(t.app, a)).game.deadlineAt);
      await sweepGameTimeouts(t.app.services, (await currentGame(t.app, a)).game.deadlineAt);
      await playRpsToEnd(t, a, b, gameId);
      expect((await currentGame(t.app, a)).game.status).toBe('completed');

      const log = await t.app.inject({ method: 'GET', url: `/api/admin/games/${gameId}/log`, headers: { cookie: operatorCookie } });
      const lines = (log.json() as string[]).map((line) => JSON.parse(line) as { action: string; actor: string; move: { players?: [string, string]; choice?: 'rock' }; at: string; seed?: string });
      const [create, ...rest] = lines;
      expect(create?.seed).toMatch(/^[0-9a-f]{64}$/);
      // The game draws from the seed derived from the revealed one, the game and the client seeds.
      const [{ client_seeds: clientSeeds } = { client_seeds: ['', ''] as [string, string] }] = await rows<{ client_seeds: [string, string] }>(
        t.database,
        sql`SELECT client_seeds FROM games WHERE id = ${gameId}`,
      );
      let state: RpsState = rpsRules.create(create!.move.players!, gameSeedOf(create!.seed!, gameId, clientSeeds), Date.parse(create!.at));
      for (const line of rest) {
        const at = Date.parse(line.at);
        if (line.action === 'move') state = rpsRules.apply(state, line.actor, { choice: line.move.choice! }, at);
        else if (line.action === 'timeout') state = rpsRules.timeout(state, at);
        else if (line.action === 'leave') state = rpsRules.resign(state, line.actor, at);
      }
      const [stored] = await rows<{ state: RpsState }>(t.database, sql`SELECT state FROM games WHERE id = ${gameId}`);
      expect(state).toEqual(stored!.state);
      expect(state.roundResults.some((r) => Object.values(r.autoPicked).some(Boolean))).toBe(true);
    });

    it("proves a finished game to its players and operators, and to no one before its end", async () => {
      const [a, b, stranger] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      const proofFor = (cookie: string | null) => t.app.inject({ method: 'GET', url: `/api/games/${gameId}/proof`, headers: cookie ? { cookie } : {} });
      const early = await proofFor(a.cookie);
      expect([early.statusCode, early.json().message]).toEqual([409, 'The proof is ready once the game is over']);
      // The seed stays secret while the game runs: in no view, and no proof.
      expect(JSON.stringify((await currentGame(t.app, a)).game)).not.toMatch(/"seed":"[0-9a-f]{64}"/);
      await rpsMove(t.app, a, gameId, 'rock');
      // B's auto-pick (a draw from the game's seed), then the reveal's end.
      await sweepGameTimeouts(t.app.services, (await currentGame(t.app, a)).game.deadlineAt);
      await sweepGameTimeouts(t.app.services, (await currentGame(t.app, a)).game.deadlineAt);
      await playRpsToEnd(t, a, b, gameId);

      const proof = (await proofFor(a.cookie)).json();
      expect(proof).toMatchObject({ gameId, gameMode: 'rps', players: [a.id, b.id], clientSeeds: ['', ''], result: { status: 'completed' } });
      expect(verifyProof(proof)).toMatchObject({ ok: true });
      expect((await proofFor(b.cookie)).json()).toEqual(proof);
      expect((await proofFor(operatorCookie)).json()).toEqual(proof);
      // Operators also have it beside the log; a player's session is no operator's.
      const adminProof = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/admin/games/${gameId}/proof`, headers: { cookie } });
      expect((await adminProof(operatorCookie)).json()).toEqual(proof);
      expect((await adminProof(a.cookie)).statusCode).toBe(401);
      expect((await proofFor(stranger.cookie)).statusCode).toBe(404);
      expect((await proofFor(null)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/games/not-a-game/proof', headers: { cookie: a.cookie } })).statusCode).toBe(400);
      // A tampered copy does not hold.
      expect(verifyProof({ ...proof, clientSeeds: ['00112233445566778899', ''] })).toMatchObject({ ok: false, step: 1 });
    });

    it('proves a canceled game too: every input up to the cancel, no winner', async () => {
      const [a, b] = await Promise.all([fundedPlayer(t, 1), fundedPlayer(t, 1)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      await rpsMove(t.app, a, gameId, 'paper');
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/games/${gameId}/cancel`, headers: { cookie: operatorCookie } })).statusCode).toBe(200);
      const proof = (await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/proof`, headers: { cookie: b.cookie } })).json();
      expect(proof.result).toEqual({ status: 'canceled', winnerId: null, loserId: null, endReason: 'canceled', points: {} });
      expect(proof.inputs.map((input: { action: string }) => input.action)).toEqual(['create', 'move', 'cancel']);
      // The players see that an operator canceled, not which one.
      expect(proof.inputs.at(-1).actor).toBe('admin');
      expect(verifyProof(proof)).toMatchObject({ ok: true });
    });

    it('starts a rematch when both ask: same opponent, same bet, a new game', async () => {
      const [a, b, c] = await Promise.all([fundedPlayer(t, 5), fundedPlayer(t, 5), fundedPlayer(t, 5)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      await post(a, '/api/leave-rps-game', { gameId });
      // A stranger in the public queue is not the rematch.
      expect((await started(t.app, c, 'rps', 1)).status).toBe('searching');
      const wrongBet = await post(a, '/api/start-game', { gameMode: 'rps', betAmount: 0, isRematch: true });
      expect([wrongBet.statusCode, wrongBet.json().message]).toEqual([400, 'There is no finished game to replay']);
      expect((await post(a, '/api/start-game', { gameMode: 'rps', betAmount: 1, isRematch: true })).json().status).toBe('searching');
      expect((await post(b, '/api/start-game', { gameMode: 'rps', betAmount: 1, isRematch: true })).json().status).toBe('started');
      const replay = (await currentGame(t.app, b)).game;
      expect(replay._id).not.toBe(gameId);
      expect(new Set(replay.userIds)).toEqual(new Set([a.id, b.id]));
      expect(replay.betAmount).toBe(1);
      expect((await post(c, '/api/cancel-search', {})).json()).toEqual({ balance: 5 });
      await post(a, '/api/leave-rps-game', { gameId: replay._id });
    });
  });
}
