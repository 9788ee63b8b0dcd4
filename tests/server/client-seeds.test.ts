import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fairnessText, SEEDING_PHASE, type GameProof } from '../../protocol/fairness.ts';
import { gameText, type GameViewBase } from '../../protocol/game.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { seedWriter } from '../../server/games/seedStatements.ts';
import { sweepGameTimeouts } from '../../server/games/timeouts.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { verifyProof } from '../../rules/verify.ts';
import { cookieOf, databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, currentGame, fundedPlayer, pairedRps, playRpsToEnd, rpsMove, started, type Player } from './gameHarness.ts';

const SEED_WAIT_MS = 3000;
const seedOf = (digit: string, length = 32) => digit.repeat(length);

/**
 * Issue 18, the players' part of every game's seed: a paired game waits (no state, no draw) until both
 * client seeds are in or SEED_WAIT_MS has passed; a seed is taken once, from the game's own players,
 * before the first draw, and anything else is a 4xx that changes nothing.
 */
for (const kind of databaseKinds) {
  describe(`client seeds [${kind}]`, () => {
    let t: TestApp;
    let operatorCookie: string;
    beforeAll(async () => {
      t = await startTestApp(kind, { SEED_WAIT_MS: String(SEED_WAIT_MS) });
      await ensureOperator(t.database.db, 'seeder', 'operator-pass');
      const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'seeder', password: 'operator-pass' } });
      operatorCookie = cookieOf(login, 'admin_sid');
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const sendSeed = (cookie: string | null, gameId: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/games/${gameId}/client-seed`, headers: cookie ? { cookie } : {}, payload: payload as object });
    const seedsOf = async (gameId: string) =>
      (await rows<{ seeds: [string, string]; version: number; lines: number }>(
        t.database,
        sql`SELECT client_seeds AS seeds, version, (SELECT count(*)::int FROM game_log WHERE game_id = games.id) AS lines FROM games WHERE id = ${gameId}`,
      ))[0]!;
    const proofOf = async (player: Player, gameId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/proof`, headers: { cookie: player.cookie } })).json() as GameProof;
    const createdAt = async (gameId: string) =>
      Number((await rows<{ at: string }>(t.database, sql`SELECT (extract(epoch FROM created_at) * 1000)::bigint::text AS at FROM games WHERE id = ${gameId}`))[0]!.at);
    const pair = async (bet = 0): Promise<[Player, Player, string]> => {
      const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
      return [a, b, await pairedRps(t.app, a, b, bet)];
    };

    it("the seeds of several games arriving together go in fewer statements; a signed-out player's takes nothing (401); each game draws once", async () => {
      const games = [];
      for (let i = 0; i < 4; i += 1) games.push(await pair());
      const [gone] = games as [[Player, Player, string]];
      // Closed in the database only, as another node's sign-out is until its word arrives here.
      await rows(t.database, sql`DELETE FROM sessions WHERE user_id = ${gone[0].id}::uuid`);

      const before = { ...seedWriter(t.app.services).counts };
      const answers = await Promise.all(
        games.flatMap(([a, b, gameId]) => [sendSeed(a.cookie, gameId, { clientSeed: seedOf('a') }), sendSeed(b.cookie, gameId, { clientSeed: seedOf('b') })]),
      );
      const after = seedWriter(t.app.services).counts;

      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 200, 200, 200, 200, 200, 200, 200]);
      expect(after.writes - before.writes).toBe(8);
      expect(after.statements - before.statements).toBeLessThan(8);
      expect(await seedsOf(gone[2])).toEqual({ seeds: ['', seedOf('b')], version: 1, lines: 0 });
      for (const [, , gameId] of games.slice(1)) expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('a'), seedOf('b')], version: 2, lines: 1 });
      // The second seed of each game answered with the drawn game, the first with its seed in.
      for (const [index, answer] of answers.entries()) {
        if (index < 2) continue;
        expect(['choose', SEEDING_PHASE]).toContain(answer.json().game.phase);
      }
      expect(answers.slice(2).filter((answer) => answer.json().game.phase === 'choose')).toHaveLength(3);
      const [, other] = gone;
      expect((await sendSeed(other.cookie, gone[2], { clientSeed: seedOf('c') })).statusCode).toBe(409);
      // The game left waiting ends (its first draw made by the leave), so no later sweep finds it.
      expect((await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: other.cookie }, payload: { gameId: gone[2] } })).statusCode).toBe(200);
    });

    it('a new game waits for its seeds: no state, no draw, no move; the second seed makes the first draw', async () => {
      const [a, b, gameId] = await pair(1);
      const waiting = (await currentGame(t.app, a)).game as GameViewBase;
      expect(waiting).toMatchObject({ _id: gameId, status: 'in-progress', phase: SEEDING_PHASE, v: 1, seed: null, clientSeeds: { [a.id]: '', [b.id]: '' } });
      expect(waiting.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(waiting).not.toHaveProperty('choices');
      expect(await seedsOf(gameId)).toEqual({ seeds: ['', ''], version: 1, lines: 0 });
      const early = await rpsMove(t.app, a, gameId, 'rock', undefined, 1);
      expect([early.statusCode, early.json().message]).toEqual([409, fairnessText.gameStarting]);

      const first = await sendSeed(a.cookie, gameId, { clientSeed: seedOf('a') });
      expect(first.statusCode).toBe(200);
      expect(first.json().game).toMatchObject({ phase: SEEDING_PHASE, v: 1, clientSeeds: { [a.id]: seedOf('a'), [b.id]: '' } });
      expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('a'), ''], version: 1, lines: 0 });
      // Until the draw each player sees only their own seed: nobody chooses theirs knowing the other's.
      expect((await currentGame(t.app, b)).game.clientSeeds).toEqual({ [a.id]: '', [b.id]: '' });
      expect((await currentGame(t.app, a)).game.clientSeeds).toEqual({ [a.id]: seedOf('a'), [b.id]: '' });

      const second = await sendSeed(b.cookie, gameId, { clientSeed: seedOf('b', 64) });
      expect(second.statusCode).toBe(200);
      expect(second.json().game).toMatchObject({ phase: 'choose', v: 2, currentRound: 1, clientSeeds: { [a.id]: seedOf('a'), [b.id]: seedOf('b', 64) } });
      expect(second.json().game.deadlineAt).toBeGreaterThan(Date.now());
      expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('a'), seedOf('b', 64)], version: 2, lines: 1 });

      // Once each, and never after the draw: the game's draws are fixed.
      for (const [player, text] of [
        [a, fairnessText.clientSeedLate],
        [b, fairnessText.clientSeedLate],
      ] as const) {
        const again = await sendSeed(player.cookie, gameId, { clientSeed: seedOf('c') });
        expect([again.statusCode, again.json().message]).toEqual([409, text]);
      }
      expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('a'), seedOf('b', 64)], version: 2, lines: 1 });

      await playRpsToEnd(t, a, b, gameId);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([2.8, 1]);
      const proof = await proofOf(b, gameId);
      expect(proof.clientSeeds).toEqual([seedOf('a'), seedOf('b', 64)]);
      expect(verifyProof(proof, { gameId, playerId: b.id, seedHash: waiting.seedHash })).toMatchObject({ ok: true });
      // The seeds are part of every draw: the swapped pair, or either one changed, replays another game.
      expect(verifyProof({ ...proof, clientSeeds: [seedOf('b', 64), seedOf('a')] })).toMatchObject({ ok: false, step: 1 });
      expect(verifyProof({ ...proof, clientSeeds: [seedOf('a'), ''] })).toMatchObject({ ok: false, step: 1 });
    });

    it('the same player twice, a stranger, an unknown game and malformed seeds are refused and change nothing', async () => {
      const [a, b, gameId] = await pair();
      const stranger = await fundedPlayer(t, 0);
      expect((await sendSeed(a.cookie, gameId, { clientSeed: seedOf('1') })).statusCode).toBe(200);
      const twice = await sendSeed(a.cookie, gameId, { clientSeed: seedOf('2') });
      expect([twice.statusCode, twice.json().message]).toEqual([409, fairnessText.clientSeedTwice]);
      const foreign = await sendSeed(stranger.cookie, gameId, { clientSeed: seedOf('3') });
      expect([foreign.statusCode, foreign.json().message]).toEqual([403, 'You are not a player of this game']);
      expect((await sendSeed(null, gameId, { clientSeed: seedOf('3') })).statusCode).toBe(401);
      expect((await sendSeed(b.cookie, '00000000-0000-4000-8000-000000000000', { clientSeed: seedOf('3') })).statusCode).toBe(404);
      expect((await sendSeed(b.cookie, 'not-a-game', { clientSeed: seedOf('3') })).statusCode).toBe(400);
      const malformed: unknown[] = [
        {},
        { clientSeed: '' },
        { clientSeed: seedOf('a', 15) },
        { clientSeed: seedOf('a', 65) },
        { clientSeed: `${seedOf('a', 30)}zz` },
        { clientSeed: ` ${seedOf('a')}` },
        { clientSeed: 1234567890123456 },
        { clientSeed: [seedOf('a')] },
        { clientSeed: null },
      ];
      for (const body of malformed) {
        const refused = await sendSeed(b.cookie, gameId, body);
        expect([refused.statusCode, refused.json().message], JSON.stringify(body)).toEqual([400, fairnessText.clientSeedFormat]);
      }
      expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('1'), ''], version: 1, lines: 0 });
      expect((await currentGame(t.app, b)).game.phase).toBe(SEEDING_PHASE);
      // Hex in capitals is hex: kept in lower case, as the game's seed is made from it.
      expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('F', 16) })).json().game.v).toBe(2);
      expect((await seedsOf(gameId)).seeds).toEqual([seedOf('1'), seedOf('f', 16)]);
      await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
    });

    it('after the wait the first draw goes ahead with the seeds that came, and a late one is refused', async () => {
      const [a, b, gameId] = await pair(1);
      const paired = await createdAt(gameId);
      expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('9', 40) })).statusCode).toBe(200);
      // Not yet: the sweep leaves it waiting until the wait is over.
      expect(await sweepGameTimeouts(t.app.services, paired + SEED_WAIT_MS - 1)).toBe(0);
      expect((await currentGame(t.app, a)).game.phase).toBe(SEEDING_PHASE);
      expect(await sweepGameTimeouts(t.app.services, paired + SEED_WAIT_MS)).toBe(1);
      const started = (await currentGame(t.app, a)).game;
      expect(started).toMatchObject({ phase: 'choose', v: 2, clientSeeds: { [a.id]: '', [b.id]: seedOf('9', 40) } });
      const late = await sendSeed(a.cookie, gameId, { clientSeed: seedOf('8') });
      expect([late.statusCode, late.json().message]).toEqual([409, fairnessText.clientSeedLate]);
      expect(await seedsOf(gameId)).toEqual({ seeds: ['', seedOf('9', 40)], version: 2, lines: 1 });

      await playRpsToEnd(t, b, a, gameId);
      const proof = await proofOf(a, gameId);
      expect(proof.clientSeeds).toEqual(['', seedOf('9', 40)]);
      // The creation is the draw at the end of the wait, after the pairing.
      expect(Date.parse(proof.inputs[0]!.at)).toBe(paired + SEED_WAIT_MS);
      expect(Date.parse(proof.created)).toBe(paired);
      expect(verifyProof(proof, { gameId, playerId: a.id })).toMatchObject({ ok: true });
    });

    it('a seed for a game this node saw drawn is answered from that copy in the lock\'s order: an ended session, a stranger, late; nothing written', async () => {
      const [a, b, gameId] = await pair(1);
      const stranger = await fundedPlayer(t, 0);
      expect(await sweepGameTimeouts(t.app.services, (await createdAt(gameId)) + SEED_WAIT_MS)).toBe(1);
      const drawn = await seedsOf(gameId);
      expect(drawn).toEqual({ seeds: ['', ''], version: 2, lines: 1 });

      const strangers = await sendSeed(stranger.cookie, gameId, { clientSeed: seedOf('c') });
      expect([strangers.statusCode, strangers.json().message]).toEqual([403, gameText.notInGame]);
      const late = await sendSeed(a.cookie, gameId, { clientSeed: seedOf('d') });
      expect([late.statusCode, late.json().message]).toEqual([409, fairnessText.clientSeedLate]);
      // Closed in the database only (another node's sign-out): the session is read, and refuses first.
      await rows(t.database, sql`DELETE FROM sessions WHERE user_id = ${b.id}::uuid`);
      expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('e') })).statusCode).toBe(401);
      expect(await seedsOf(gameId)).toEqual(drawn);
      await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
    });

    it('a seed that comes after the wait, before the sweeper, is refused, and the draw goes ahead without it', async () => {
      const [a, b, gameId] = await pair(1);
      expect((await sendSeed(a.cookie, gameId, { clientSeed: seedOf('a') })).statusCode).toBe(200);
      await t.database.db.execute(sql`UPDATE games SET deadline_at = now() - interval '1 second' WHERE id = ${gameId}`);
      const late = await sendSeed(b.cookie, gameId, { clientSeed: seedOf('b') });
      expect([late.statusCode, late.json().message]).toEqual([409, fairnessText.clientSeedLate]);
      expect(await seedsOf(gameId)).toEqual({ seeds: [seedOf('a'), ''], version: 2, lines: 1 });
      expect((await currentGame(t.app, b)).game).toMatchObject({ phase: 'choose', clientSeeds: { [a.id]: seedOf('a'), [b.id]: '' } });
      expect(await sweepGameTimeouts(t.app.services, Date.now())).toBe(0);
      await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: b.cookie }, payload: { gameId } });
      expect(verifyProof(await proofOf(a, gameId), { playerId: a.id, clientSeed: seedOf('a') })).toMatchObject({ ok: true });
    });

    it("the first draw is never dated before the pairing, even by a node whose clock is behind the pairing node's", async () => {
      const [a, b, gameId] = await pair();
      // As if the pairing node's clock ran 5 s ahead of this one.
      await t.database.db.execute(sql`UPDATE games SET created_at = created_at + interval '5 seconds' WHERE id = ${gameId}`);
      const paired = await createdAt(gameId);
      expect((await sendSeed(a.cookie, gameId, { clientSeed: seedOf('a') })).statusCode).toBe(200);
      expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('b') })).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
      const proof = await proofOf(b, gameId);
      expect(Date.parse(proof.inputs[0]!.at)).toBe(paired);
      expect(verifyProof(proof)).toMatchObject({ ok: true });
    });

    it('every game waits for its seeds and draws from them: Belote, Backgammon and Carrom as RPS', async () => {
      const leaveRoute = { blot: '/api/leave-belote-game', backgammon: '/api/leave-backgammon-game', carrom: '/api/leave-carrom-game' } as const;
      for (const mode of ['blot', 'backgammon', 'carrom'] as const) {
        for (const both of [true, false]) {
          const [a, b] = await Promise.all([fundedPlayer(t, 2), fundedPlayer(t, 2)]);
          expect((await started(t.app, a, mode, 0)).status).toBe('searching');
          expect((await started(t.app, b, mode, 0)).status).toBe('started');
          const waiting = (await currentGame(t.app, a)).game as GameViewBase;
          expect([waiting.gameMode, waiting.phase, waiting.v]).toEqual([mode, SEEDING_PHASE, 1]);
          const gameId = waiting._id;
          expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('b', 20) })).statusCode).toBe(200);
          if (both) expect((await sendSeed(a.cookie, gameId, { clientSeed: seedOf('a', 20) })).json().game.v).toBe(2);
          else expect(await sweepGameTimeouts(t.app.services, (await createdAt(gameId)) + SEED_WAIT_MS)).toBe(1);
          const drawn = (await currentGame(t.app, b)).game as GameViewBase;
          expect(drawn.phase).not.toBe(SEEDING_PHASE);
          expect(drawn.v).toBe(2);
          // The mode's own view is there now (a board, hands or dice), not only the common fields.
          expect(Object.keys(drawn).length).toBeGreaterThan(Object.keys(waiting).length);
          await t.app.inject({ method: 'POST', url: leaveRoute[mode], headers: { cookie: a.cookie }, payload: { gameId } });
          const proof = await proofOf(b, gameId);
          expect(proof.clientSeeds).toEqual([both ? seedOf('a', 20) : '', seedOf('b', 20)]);
          expect(verifyProof(proof, { gameId, playerId: b.id, clientSeed: seedOf('b', 20), seedHash: waiting.seedHash })).toMatchObject({ ok: true });
          // Held to the seed this player's device sent: a proof recording another one does not hold.
          expect(verifyProof(proof, { playerId: b.id, clientSeed: seedOf('c', 20) })).toMatchObject({ ok: false, step: 0, reason: 'Your client seed is not the one your device sent' });
        }
      }
    });

    it('a leave or an operator cancel while the game waits makes the first draw first, so its proof holds', async () => {
      const [a, b, left] = await pair(1);
      const leave = await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId: left } });
      expect(leave.statusCode).toBe(200);
      expect((await currentGame(t.app, b)).game).toMatchObject({ status: 'completed', winners: [b.id], endReason: 'opponent-left' });
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([1, 2.8]);
      const leftProof = await proofOf(b, left);
      expect(leftProof.inputs.map((input) => input.action)).toEqual(['create', 'leave']);
      expect(leftProof.clientSeeds).toEqual(['', '']);
      expect(verifyProof(leftProof)).toMatchObject({ ok: true });

      const [c, d, canceled] = await pair(1);
      expect((await sendSeed(d.cookie, canceled, { clientSeed: seedOf('d') })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/games/${canceled}/cancel`, headers: { cookie: operatorCookie } })).statusCode).toBe(200);
      expect([await balanceOf(t.app, c), await balanceOf(t.app, d)]).toEqual([2, 2]);
      const canceledProof = await proofOf(c, canceled);
      expect(canceledProof.inputs.map((input) => input.action)).toEqual(['create', 'cancel']);
      expect(canceledProof.clientSeeds).toEqual(['', seedOf('d')]);
      expect(verifyProof(canceledProof)).toMatchObject({ ok: true });
      const late = await sendSeed(c.cookie, canceled, { clientSeed: seedOf('c') });
      expect([late.statusCode, late.json().message]).toEqual([409, fairnessText.clientSeedLate]);
    });

    it('a waiting game whose first draw cannot be made is still canceled by an operator, both bets back', async () => {
      const [a, b, gameId] = await pair(1);
      // A server seed the draw cannot use: the sweeper would retry it every minute, the bets in escrow.
      await t.database.db.execute(sql`UPDATE games SET seed = 'broken' WHERE id = ${gameId}`);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/games/${gameId}/cancel`, headers: { cookie: operatorCookie } })).statusCode).toBe(200);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([2, 2]);
      expect((await currentGame(t.app, a)).game).toMatchObject({ status: 'canceled' });
      const proof = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/proof`, headers: { cookie: a.cookie } });
      expect([proof.statusCode, proof.json().message]).toEqual([404, fairnessText.neverDrawn]);
    });

    it('a seed on a session that has ended since this node last saw it is 401, whatever it sends, and is not taken', async () => {
      for (const end of ['logout', 'expiry'] as const) {
        const [a, b, gameId] = await pair();
        // The node has seen both sessions (the seed's route takes them from memory from now on).
        expect((await currentGame(t.app, a)).game.phase).toBe(SEEDING_PHASE);
        expect((await sendSeed(b.cookie, gameId, { clientSeed: seedOf('b') })).statusCode).toBe(200);
        if (end === 'logout') expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: a.cookie } })).statusCode).toBe(200);
        else await t.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${a.id}::uuid`);
        for (const [id, body] of [
          [gameId, { clientSeed: seedOf('a') }],
          [gameId, { clientSeed: 'zz' }],
          ['not-a-game', { clientSeed: seedOf('a') }],
        ] as const) {
          expect((await sendSeed(a.cookie, id, body)).statusCode, `${end} ${JSON.stringify(body)}`).toBe(401);
        }
        expect(await seedsOf(gameId)).toEqual({ seeds: ['', seedOf('b')], version: 1, lines: 0 });
        await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: b.cookie }, payload: { gameId } });
      }
    });

    it('seeds and the wait racing: exactly one first draw, with every seed it took', async () => {
      for (let round = 0; round < 4; round += 1) {
        const [a, b, gameId] = await pair();
        const paired = await createdAt(gameId);
        const [ra, rb] = await Promise.all([
          sendSeed(a.cookie, gameId, { clientSeed: seedOf('a') }),
          sendSeed(b.cookie, gameId, { clientSeed: seedOf('b') }),
          round % 2 === 1 ? sweepGameTimeouts(t.app.services, paired + SEED_WAIT_MS) : Promise.resolve(0),
        ]);
        const { seeds, version, lines } = await seedsOf(gameId);
        expect([version, lines]).toEqual([2, 1]);
        // Each seed either went into the draw (200) or arrived after it (409), never both or neither.
        expect(ra!.statusCode === 200).toBe(seeds[0] === seedOf('a'));
        expect(rb!.statusCode === 200).toBe(seeds[1] === seedOf('b'));
        for (const answer of [ra!, rb!]) expect([200, 409]).toContain(answer.statusCode);
        const [line] = await rows<{ move: { clientSeeds: [string, string] } }>(t.database, sql`SELECT move FROM game_log WHERE game_id = ${gameId}`);
        expect(line!.move.clientSeeds).toEqual(seeds);
        await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: a.cookie }, payload: { gameId } });
        expect(verifyProof(await proofOf(b, gameId))).toMatchObject({ ok: true });
      }
    });
  });
}
