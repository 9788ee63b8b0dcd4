import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameModes } from '../../protocol/constants.ts';
import { betLevels } from '../../protocol/game.ts';
import { usdtToMicro } from '../../protocol/money.ts';
import { seedHashOf } from '../../rules/random.ts';
import { gamePlayers, games, users } from '../../server/db/schema.ts';
import { gameTransaction } from '../../server/games/outbox.ts';
import { nextRow } from '../../server/games/engine.ts';
import { settleAlone, settleHeld } from '../../server/games/settle.ts';
import { loadGame } from '../../server/games/store.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { balanceOf as ledgerBalance } from '../../server/ledger/ledger.ts';
import { databaseKinds, login, register, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, credit, currentGame, fundedPlayer, nextRound, pairedRps, playRpsToEnd, rpsMove, type Player } from './gameHarness.ts';
import { rpsRules } from '../../rules/rps/index.ts';

/** DESIGN.md §4's rating rule, Elo with K = 32, as the rule itself: what the settlement must compute. */
const eloChange = (winnerScore: number, loserScore: number) => Math.round(32 * (1 - 1 / (1 + 10 ** ((loserScore - winnerScore) / 400))));

const houseRake = async (t: TestApp) =>
  BigInt((await rows<{ b: string }>(t.database, sql`SELECT sum(balance_micro)::text AS b FROM accounts WHERE kind = 'house_rake'`))[0]!.b);

for (const kind of databaseKinds) {
  describe(`settlement [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(() => t.close());
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const levels = gameModes.flatMap((mode) => betLevels[mode].map((level) => [mode, level.bet, level.payout] as const));

    it.each(levels)('%s at a bet of %d pays the winner %d, the house the rest, the inviter 3.5 %% of the net win', async (mode, bet, payout) => {
      const { inviter, player: winner } = await invitedPair(50);
      const loser = await fundedPlayer(t, 50);
      const rakeBefore = await houseRake(t);
      // A game of this mode as matchmaking leaves it: both bets in escrow, both seated.
      await gameTransaction(t.app.services, async (money) => {
        const betMicro = usdtToMicro(bet);
        for (const player of [winner, loser]) {
          if (betMicro > 0n) {
            await money.transfer({ from: { kind: 'user', userId: player.id }, to: 'escrow', amount: betMicro, kind: 'bet', idempotencyKey: `t:${randomBytes(8).toString('hex')}` });
          }
        }
        const seed = randomBytes(32).toString('hex');
        const [row] = await money.tx
          .insert(games)
          .values({ gameMode: mode, betMicro, payoutMicro: usdtToMicro(payout), state: {}, seed, seedHash: seedHashOf(seed) })
          .returning();
        await money.tx.insert(gamePlayers).values([
          { gameId: row!.id, userId: winner.id, seat: 0, scoreBefore: 900 },
          { gameId: row!.id, userId: loser.id, seat: 1, scoreBefore: 900 },
        ]);
        const now = Date.now();
        const next = { ...row!, status: 'completed' as const, version: row!.version + 1, deadlineAt: null, winnerId: winner.id, loserId: loser.id, endedAt: new Date(now) };
        const write = { next, readVersion: row!.version, log: { at: now, actor: winner.id, action: 'move' } };
        const settlement = await settleHeld(money, write, { winnerId: winner.id, loserId: loser.id, endReason: null, points: {} });
        expect(settlement.balances[winner.id]).toBe(usdtToMicro(50 - bet + payout).toString());
        expect(settlement.balances[loser.id]).toBe(usdtToMicro(50 - bet).toString());
        expect(settlement.scoreChanges).toEqual({ [winner.id]: 16, [loser.id]: -16 });
      });
      expect(await balanceOf(t.app, winner)).toBeCloseTo(50 - bet + payout, 6);
      expect(await balanceOf(t.app, loser)).toBe(50 - bet);
      expect((await houseRake(t)) - rakeBefore).toBe(usdtToMicro(2 * bet - payout));
      // Referral share: 3.5 % of (payout − bet), rounded down to the micro-USDT, out of house rewards.
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(bet > 0 ? (usdtToMicro(payout - bet) * 350n) / 10_000n : 0n);
    });

    it.each([
      [900, 900, 16],
      [1000, 900, 12],
      [900, 1000, 20],
      [1400, 900, 2],
      [900, 1400, 30],
    ])('Elo K=32: a %d beating a %d gains %d', async (winner, loser, gain) => {
      expect(eloChange(winner, loser)).toBe(gain);
      expect(await sqlEloChanges([[winner, loser]])).toEqual([gain]);
    });

    it('rates in the database exactly as the rule says, at every score gap from -4000 to 4000', async () => {
      const pairs = Array.from({ length: 8001 }, (_, i) => [1000, 1000 + i - 4000] as [number, number]);
      expect(await sqlEloChanges(pairs)).toEqual(pairs.map(([winner, loser]) => eloChange(winner, loser)));
    });

    /** The settlement's Elo (migration 0025 elo_change) for each (winner, loser) pair. */
    async function sqlEloChanges(pairs: [number, number][]): Promise<number[]> {
      const result = await rows<{ gain: number }>(
        t.database,
        sql`SELECT elo_change(p.w, p.l) AS gain FROM unnest(${`{${pairs.map(([w]) => w).join(',')}}`}::integer[], ${`{${pairs.map(([, l]) => l).join(',')}}`}::integer[])
              WITH ORDINALITY AS p(w, l, n) ORDER BY p.n`,
      );
      return result.map((r) => r.gain);
    }

    /** The game's settlement transfers by kind (each keyed by the game: a payout can only ever be one). */
    const transfersOf = async (gameId: string) =>
      rows<{ kind: string; n: number }>(
        t.database,
        sql`SELECT kind, count(*)::int AS n FROM transfers WHERE idempotency_key LIKE ${`game:${gameId}:%`} GROUP BY kind ORDER BY kind`,
      );
    const post = (player: Player, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, payload });

    /** An RPS game at a bet of 1 where a has won two rounds and chosen rock in the third: b's choice ends it. */
    async function lastMoveLeft(): Promise<{ a: Player; b: Player; gameId: string }> {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      for (let round = 0; round < 2; round += 1) {
        expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
        expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
        await nextRound(t);
      }
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
      return { a, b, gameId };
    }

    it("settles a game's last move and the loser's leave arriving together once: one ends it, the other is refused", async () => {
      const { a, b, gameId } = await lastMoveLeft();
      const [move, leave] = await Promise.all([rpsMove(t.app, b, gameId, 'scissors'), post(b, '/api/leave-rps-game', { gameId })]);
      expect([move.statusCode, leave.statusCode].sort()).toEqual([200, 409]);
      const game = (await currentGame(t.app, a)).game;
      expect(game).toMatchObject({ status: 'completed', winners: [a.id], losers: [b.id], endReason: move.statusCode === 200 ? null : 'opponent-left' });
      expect(await transfersOf(gameId)).toEqual([
        { kind: 'payout', n: 1 },
        { kind: 'rake', n: 1 },
      ]);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([10.8, 9]);
      expect(game.scoreChanges).toEqual({ [a.id]: 16, [b.id]: -16 });
    });

    it("refuses a signed-out player's game-ending move (401) and settles nothing, even on a node that still knows the session", async () => {
      const { a, b, gameId } = await lastMoveLeft();
      // Closed in the database only, as another node's sign-out is until its word arrives here.
      await rows(t.database, sql`DELETE FROM sessions WHERE user_id = ${b.id}::uuid`);
      expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(401);
      expect((await currentGame(t.app, a)).game.status).toBe('in-progress');
      expect(await transfersOf(gameId)).toEqual([]);
      expect(await balanceOf(t.app, a)).toBe(9);
      expect((await post(a, '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
    });

    it('settles nothing from a copy of the game it has moved on from, and changes nothing', async () => {
      const { a, b, gameId } = await lastMoveLeft();
      const copy = (await loadGame(t.database.db, gameId))!;
      // b leaves first: the copy's version is gone.
      expect((await post(b, '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
      const after = await rows<{ version: number; settlement: unknown }>(t.database, sql`SELECT version, settlement FROM games WHERE id = ${gameId}::uuid`);
      const state = rpsRules.apply(copy.row.state as never, b.id, { choice: 'scissors' }, Date.now());
      const { next, outcome } = nextRow(copy.row, state, Date.now());
      expect(outcome).toMatchObject({ winnerId: a.id, loserId: b.id });
      const write = { next, readVersion: copy.row.version, log: { at: Date.now(), actor: b.id, action: 'move' } };
      expect(await settleAlone(t.app.services, write, outcome!)).toBeNull();
      expect(await rows(t.database, sql`SELECT version, settlement FROM games WHERE id = ${gameId}::uuid`)).toEqual(after);
      expect(await transfersOf(gameId)).toEqual([
        { kind: 'payout', n: 1 },
        { kind: 'rake', n: 1 },
      ]);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual([10.8, 9]);
    });

    it("refuses to settle a game for anyone but its two players, and changes nothing", async () => {
      const { a, b, gameId } = await lastMoveLeft();
      const stranger = await fundedPlayer(t, 0);
      const copy = (await loadGame(t.database.db, gameId))!;
      const state = rpsRules.apply(copy.row.state as never, b.id, { choice: 'scissors' }, Date.now());
      const { next, outcome } = nextRow(copy.row, state, Date.now());
      const wrong = { ...outcome!, winnerId: stranger.id };
      const write = { next: { ...next, winnerId: stranger.id }, readVersion: copy.row.version, log: { at: Date.now(), actor: b.id, action: 'move' } };
      const refused = await settleAlone(t.app.services, write, wrong).then(() => null, (error: unknown) => error as Error & { cause?: Error });
      expect(refused?.cause?.message).toMatch(/not its two players/);
      expect(await transfersOf(gameId)).toEqual([]);
      expect([await balanceOf(t.app, a), await balanceOf(t.app, b), await balanceOf(t.app, stranger)]).toEqual([9, 9, 0]);
      expect((await currentGame(t.app, a)).game.status).toBe('in-progress');
      expect((await post(a, '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
    });

    async function invitedPair(funds = 10, inviterSetup: (id: string) => Promise<void> = async () => undefined) {
      const inviter = await register(t.app);
      await inviterSetup(inviter.id);
      const [code] = await t.database.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, inviter.id));
      const friend = await register(t.app, { invitedBy: code!.code });
      const player = { id: friend.id, username: friend.username, cookie: await login(t.app, friend.username, friend.password) };
      await credit(t, player.id, funds);
      return { inviter, player };
    }

    it("pays the winner's inviter 3.5 % of the net win into pending rewards, in the settlement", async () => {
      const { inviter, player } = await invitedPair();
      const opponent = await fundedPlayer(t, 10);
      const gameId = await pairedRps(t.app, player, opponent, 5 - 4);
      await playRpsToEnd(t, player, opponent, gameId);
      // Net win 0.8 USDT; 3.5 % of it is 0.028.
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(28_000n);
      expect(await ledgerBalance(t.database.db, inviter.id, 'user')).toBe(0n);
    });

    it("pays an affiliate inviter their own percentage, and nothing when the friend loses", async () => {
      const { inviter, player } = await invitedPair(10, async (id) => {
        await t.database.db.update(users).set({ isAffiliate: true, affiliatePercentage: '10.00' }).where(eq(users.id, id));
      });
      const opponent = await fundedPlayer(t, 10);
      const lost = await pairedRps(t.app, opponent, player, 1);
      await playRpsToEnd(t, opponent, player, lost);
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(0n);
      const won = await pairedRps(t.app, player, opponent, 1);
      await playRpsToEnd(t, player, opponent, won);
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(80_000n);
    });
  });
}
