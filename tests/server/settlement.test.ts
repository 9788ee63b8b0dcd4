import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameModes } from '../../protocol/constants.ts';
import { betLevels } from '../../protocol/game.ts';
import { usdtToMicro } from '../../protocol/money.ts';
import { seedHashOf } from '../../rules/random.ts';
import { gamePlayers, games, users } from '../../server/db/schema.ts';
import { gameTransaction } from '../../server/games/outbox.ts';
import { eloChange, settleGame } from '../../server/games/settle.ts';
import { seatsOf } from '../../server/games/store.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { balanceOf as ledgerBalance } from '../../server/ledger/ledger.ts';
import { databaseKinds, login, register, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, credit, fundedPlayer, pairedRps, playRpsToEnd } from './gameHarness.ts';

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
        const seats = await seatsOf(money.tx, row!.id);
        const settlement = await settleGame(money, row!, { winnerId: winner.id, loserId: loser.id, endReason: null, points: {} }, seats);
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
    ])('Elo K=32: a %d beating a %d gains %d', (winner, loser, gain) => {
      expect(eloChange(winner, loser)).toBe(gain);
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
