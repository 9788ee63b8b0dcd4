import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { balanceOf as ledgerBalance } from '../../server/ledger/ledger.ts';
import { recordSessionStart } from '../../server/integrity/signals.ts';
import { databaseKinds, login, register, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, credit, fundedPlayer, pairedRps, playRpsToEnd, type Player } from './gameHarness.ts';
import { inviteCodeOf, seedWins } from './integrityKit.ts';

/**
 * Issue 17: house money pays only for real play. Each farming path a person with many accounts would
 * try pays nothing (and the ledger holds); the honest path still pays.
 */
const VALID_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

for (const kind of databaseKinds) {
  describe(`rewards pay only for real play [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { TASK_REWARD_INVITE_20: '5', TASK_REWARD_WIN_100: '10' });
    });
    afterAll(() => t.close());
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const get = (player: { cookie: string }, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
    const post = (player: { cookie: string }, url: string, payload: unknown = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, payload: payload as object });
    const progress = async (player: Player) =>
      (await get(player, '/api/tasks')).json().tasks.map((task: { _id: string; progress: { current: number }; conditionMet: boolean }) => [task._id, task.progress.current, task.conditionMet]);
    const houseRewardsPaid = async () =>
      (await rows<{ n: string }>(t.database, sql`SELECT coalesce(sum(amount_micro), 0)::text AS n FROM transfers WHERE kind IN ('task-reward', 'referral')`))[0]?.n;

    async function invitedBy(inviter: Player, funds = 0): Promise<Player> {
      const friend = await register(t.app, { invitedBy: await inviteCodeOf(t, inviter.id) });
      const player = { id: friend.id, username: friend.username, cookie: await login(t.app, friend.username, friend.password) };
      if (funds > 0) await credit(t, player.id, funds);
      return player;
    }

    const leave = (player: Player, gameId: string) => post(player, '/api/leave-rps-game', { gameId });

    it('twenty invited accounts that never deposited count for nothing, and the invite reward stays unpaid', async () => {
      const inviter = await fundedPlayer(t, 0);
      for (let i = 0; i < 20; i += 1) await invitedBy(inviter);
      const friends = (await get(inviter, '/api/friends')).json().friends as { qualified: boolean }[];
      expect(friends).toHaveLength(20);
      expect(friends.every((f) => !f.qualified)).toBe(true);
      expect(await progress(inviter)).toEqual([
        ['invite_20_friends', 0, false],
        ['win_100_games', 0, false],
      ]);
      const claim = await post(inviter, '/api/claim-task-reward', { taskId: 'invite_20_friends' });
      expect([claim.statusCode, claim.json().message]).toEqual([400, 'The task is not completed yet']);
      expect(await balanceOf(t.app, inviter)).toBe(0);
    });

    it('a friend counts only after depositing 10 and finishing a paid game against someone other than the inviter', async () => {
      const inviter = await fundedPlayer(t, 20);
      const friend = await invitedBy(inviter, 9);
      const qualified = async () => ((await get(inviter, '/api/friends')).json().friends as { _id: string; qualified: boolean }[]).find((f) => f._id === friend.id)?.qualified;

      // Their only paid game is against the inviter: it does not count, even with the deposit made up.
      await credit(t, friend.id, 1);
      await playRpsToEnd(t, friend, inviter, await pairedRps(t.app, friend, inviter, 1));
      expect(await qualified()).toBe(false);
      expect((await progress(inviter))[0]).toEqual(['invite_20_friends', 0, false]);

      // A free game against a stranger does not count either.
      const stranger = await fundedPlayer(t, 20);
      await playRpsToEnd(t, stranger, friend, await pairedRps(t.app, stranger, friend, 0));
      expect(await qualified()).toBe(false);

      // A paid game against a stranger, lost or won: now the friend counts.
      await playRpsToEnd(t, stranger, friend, await pairedRps(t.app, stranger, friend, 1));
      expect(await qualified()).toBe(true);
      expect((await progress(inviter))[0]).toEqual(['invite_20_friends', 1, false]);
    });

    it('two invited accounts on one device playing each other are not two friends', async () => {
      const inviter = await fundedPlayer(t, 0);
      const [a, b] = [await invitedBy(inviter, 10), await invitedBy(inviter, 10)];
      for (const player of [a, b]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-device-id': 'device-feedface01234567' }, payload: { username: player.username, password: 'correct-horse' } });
        expect(res.statusCode).toBe(200);
      }
      await playRpsToEnd(t, a, b, await pairedRps(t.app, a, b, 1));
      const qualified = async () => ((await get(inviter, '/api/friends')).json().friends as { _id: string; qualified: boolean }[]).map((f) => [f._id, f.qualified]);
      expect(await qualified()).toEqual(expect.arrayContaining([[a.id, false], [b.id, false]]));
      // A paid game against a stranger does count.
      const stranger = await fundedPlayer(t, 10);
      await playRpsToEnd(t, stranger, b, await pairedRps(t.app, stranger, b, 1));
      expect(await qualified()).toEqual(expect.arrayContaining([[a.id, false], [b.id, true]]));
    });

    it('a hundred free wins count for nothing', async () => {
      const player = await fundedPlayer(t, 0);
      const opponent = await fundedPlayer(t, 0);
      await playRpsToEnd(t, player, opponent, await pairedRps(t.app, player, opponent, 0));
      expect((await get(player, '/api/statistics')).json().wins).toBe(1);
      await seedWins(t, player.id, 99, { betMicro: 0n, endReason: null });
      // History and statistics still show every win; only the task counts differently.
      expect((await get(player, '/api/statistics')).json().wins).toBe(100);
      expect((await progress(player))[1]).toEqual(['win_100_games', 0, false]);
      expect((await post(player, '/api/claim-task-reward', { taskId: 'win_100_games' })).statusCode).toBe(400);
      expect(await balanceOf(t.app, player)).toBe(0);
    });

    it('a hundred paid wins by the opponent leaving or timing out count for nothing, and pay the inviter no share', async () => {
      const inviter = await fundedPlayer(t, 0);
      const player = await invitedBy(inviter, 10);
      const dumper = await fundedPlayer(t, 10);
      const paidBefore = await houseRewardsPaid();
      const gameId = await pairedRps(t.app, player, dumper, 1);
      expect((await leave(dumper, gameId)).statusCode).toBe(200);
      expect(await balanceOf(t.app, player)).toBe(10.8);
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(0n);
      await seedWins(t, player.id, 50, { betMicro: 1_000_000n, endReason: 'opponent-left' });
      await seedWins(t, player.id, 49, { betMicro: 1_000_000n, endReason: 'timeout' });
      expect((await progress(player))[1]).toEqual(['win_100_games', 0, false]);
      expect((await post(player, '/api/claim-task-reward', { taskId: 'win_100_games' })).statusCode).toBe(400);
      expect(await houseRewardsPaid()).toBe(paidBefore);
    });

    it('a paid win by play against a stranger counts and pays the inviter 3.5 % of the net win', async () => {
      const inviter = await fundedPlayer(t, 0);
      const player = await invitedBy(inviter, 10);
      const stranger = await fundedPlayer(t, 10);
      await playRpsToEnd(t, player, stranger, await pairedRps(t.app, player, stranger, 1));
      expect((await progress(player))[1]).toEqual(['win_100_games', 1, false]);
      expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(28_000n);
    });

    describe('no referral share between accounts that share a signal', () => {
      async function winAgainst(setUp: (winner: Player, loser: Player, inviter: Player) => Promise<void>) {
        const inviter = await fundedPlayer(t, 10);
        const winner = await invitedBy(inviter, 10);
        const loser = await fundedPlayer(t, 10);
        await setUp(winner, loser, inviter);
        await playRpsToEnd(t, winner, loser, await pairedRps(t.app, winner, loser, 1));
        // The winner is paid as always; the win counts for the task; only the house pays no share.
        expect(await balanceOf(t.app, winner)).toBe(10.8);
        return ledgerBalance(t.database.db, inviter.id, 'rewards');
      }

      it('the same device', async () => {
        const shared = 'device-0123456789abcdef';
        const share = await winAgainst(async (winner, loser) => {
          for (const player of [winner, loser]) {
            const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-device-id': shared }, payload: { username: player.username, password: 'correct-horse' }, remoteAddress: `172.16.${player === winner ? 1 : 2}.9` });
            expect(res.statusCode).toBe(200);
          }
        });
        expect(share).toBe(0n);
      });

      it('the same IP within 24 hours', async () => {
        const share = await winAgainst(async (winner, loser) => {
          for (const player of [winner, loser]) {
            const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: player.username, password: 'correct-horse' }, remoteAddress: '198.51.100.7' });
            expect(res.statusCode).toBe(200);
          }
        });
        expect(share).toBe(0n);
      });

      it('but an IP both used more than 24 hours ago does not tie them', async () => {
        const share = await winAgainst(async (winner, loser) => {
          for (const player of [winner, loser]) await recordSessionStart(t.database.db, { userId: player.id, source: 'login', ip: '198.51.100.8', deviceId: null, telegramId: null });
          await t.database.db.execute(sql`UPDATE session_signals SET at = now() - interval '25 hours' WHERE ip = '198.51.100.8'`);
        });
        expect(share).toBe(28_000n);
      });

      it('the same withdrawal address', async () => {
        const share = await winAgainst(async (winner, loser) => {
          for (const player of [winner, loser]) expect((await post(player, '/api/wallet/save-address', { savedAddress: VALID_ADDRESS })).statusCode).toBe(200);
        });
        expect(share).toBe(0n);
      });

      it('the loser invited the winner', async () => {
        const inviter = await fundedPlayer(t, 10);
        const winner = await invitedBy(inviter, 10);
        await playRpsToEnd(t, winner, inviter, await pairedRps(t.app, winner, inviter, 1));
        expect(await balanceOf(t.app, winner)).toBe(10.8);
        expect(await ledgerBalance(t.database.db, inviter.id, 'rewards')).toBe(0n);
      });
    });
  });
}
