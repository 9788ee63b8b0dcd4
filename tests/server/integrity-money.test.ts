import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riskFlags } from '../../server/db/schema.ts';
import { riskRound } from '../../server/integrity/flags.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { tronAddressFromHex } from '../../server/wallet/tronAddress.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { operatorWithSecondFactor } from './operatorKit.ts';
import { balanceOf, credit, fundedPlayer, pairedRps, startGame, type Player } from './gameHarness.ts';
import { seedFinishedGame } from './integrityKit.ts';

/**
 * Issue 17: the brakes. A frozen account keeps its money and history but moves none of it; a large or
 * flagged withdrawal waits for an operator, who approves it (sent once) or rejects it (refunded), and
 * only one decision ever wins.
 */
const FROZEN = 'Your account is under review. Please contact support.';

for (const kind of databaseKinds) {
  describe(`freeze and withdrawal review [${kind}]`, () => {
    let t: TestApp;
    let operator: { cookie: string };
    beforeAll(async () => {
      t = await startTestApp(kind, { WITHDRAWAL_REVIEW_USDT: '100' });
      // Approving and rejecting move money: the operator (an owner, who also freezes) has their second factor on.
      operator = await operatorWithSecondFactor(t.app, t.database, 'risk-op');
    });
    afterAll(() => t.close());
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const call = (who: { cookie: string } | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    const freeze = (userId: string, body: unknown) => call(operator, 'POST', `/api/admin/users/${userId}/freeze`, body);
    const withdraw = (player: Player, amount: number) => call(player, 'POST', '/api/withdraw', { userId: player.id, amount });
    const history = async (player: Player) => (await call(player, 'GET', `/api/transactions/${player.id}`)).json().transactions as { type: string; amount: number; status: string; transactionId: string }[];
    // Each player withdraws to an address of their own: a shared one is a risk signal of its own.
    let addresses = 0;
    const withAddress = async (usdt: number) => {
      const player = await fundedPlayer(t, usdt);
      addresses += 1;
      const savedAddress = tronAddressFromHex(`41${addresses.toString(16).padStart(40, '0')}`);
      expect((await call(player, 'POST', '/api/wallet/save-address', { savedAddress })).statusCode).toBe(200);
      return Object.assign(player, { address: savedAddress });
    };
    const auditOf = async (target: string) => (await rows<{ action: string }>(t.database, sql`SELECT action FROM admin_audit WHERE target = ${target} ORDER BY id`)).map((r) => r.action);

    it('a frozen account signs in and sees its money, but every money path answers 403 and changes nothing', async () => {
      const player = await withAddress(50);
      const opponent = await fundedPlayer(t, 50);
      const frozen = await freeze(player.id, { frozen: true, reason: 'plays against itself' });
      expect(frozen.statusCode).toBe(200);
      expect(frozen.json()).toMatchObject({ frozen: true, reason: 'plays against itself' });
      expect(await auditOf(player.id)).toEqual(['freeze-user']);

      const me = (await call(player, 'GET', '/api/protected')).json().user;
      expect([me.frozen, me.balance]).toEqual([true, 50]);
      expect((await call(player, 'GET', `/api/transactions/${player.id}`)).statusCode).toBe(200);
      for (const res of [
        await startGame(t.app, player, { gameMode: 'rps', betAmount: 1, socketId: 'test' }),
        await startGame(t.app, player, { gameMode: 'rps', betAmount: 0, socketId: 'test' }),
        await withdraw(player, 10),
        await call(player, 'POST', '/api/claim-rewards'),
        await call(player, 'POST', '/api/claim-task-reward', { taskId: 'win_100_games' }),
      ]) {
        expect([res.statusCode, res.json().message]).toEqual([403, FROZEN]);
      }
      expect(await balanceOf(t.app, player)).toBe(50);
      expect(await history(player)).toEqual([expect.objectContaining({ type: 'deposit', amount: 50 })]);
      // The opponent waits alone: no game was made with the frozen account.
      expect((await startGame(t.app, opponent, { gameMode: 'rps', betAmount: 1, socketId: 'test' })).json().status).toBe('searching');
      await call(opponent, 'POST', '/api/cancel-search');

      expect((await freeze(player.id, { frozen: false })).json()).toEqual({ frozen: false, reason: null, frozenAt: null });
      expect((await call(player, 'GET', '/api/protected')).json().user.frozen).toBe(false);
      expect((await withdraw(player, 10)).statusCode).toBe(200);
      expect(await auditOf(player.id)).toEqual(['freeze-user', 'unfreeze-user']);
    });

    it('freezing a searching player ends the search with the bet back, so no game starts for them', async () => {
      const player = await fundedPlayer(t, 10);
      const other = await fundedPlayer(t, 10);
      expect((await startGame(t.app, player, { gameMode: 'rps', betAmount: 1, socketId: 'test' })).json()).toMatchObject({ status: 'searching' });
      expect(await balanceOf(t.app, player)).toBe(9);
      expect((await freeze(player.id, { frozen: true, reason: 'review' })).statusCode).toBe(200);
      expect(await balanceOf(t.app, player)).toBe(10);
      expect((await startGame(t.app, other, { gameMode: 'rps', betAmount: 1, socketId: 'test' })).json().status).toBe('searching');
      await call(other, 'POST', '/api/cancel-search');
    });

    it('freeze refuses bad input and player sessions, and changes nothing', async () => {
      const player = await fundedPlayer(t, 0);
      for (const [who, url, body, status] of [
        [operator, `/api/admin/users/${player.id}/freeze`, { frozen: true }, 400],
        [operator, `/api/admin/users/${player.id}/freeze`, { frozen: true, reason: '   ' }, 400],
        [operator, `/api/admin/users/${player.id}/freeze`, { frozen: 'yes', reason: 'x' }, 400],
        [operator, `/api/admin/users/${player.id}/freeze`, { frozen: true, reason: 'x'.repeat(501) }, 400],
        [operator, '/api/admin/users/not-a-uuid/freeze', { frozen: true, reason: 'x' }, 400],
        [operator, `/api/admin/users/${crypto.randomUUID()}/freeze`, { frozen: true, reason: 'x' }, 404],
        [player, `/api/admin/users/${player.id}/freeze`, { frozen: false }, 401],
        [null, `/api/admin/users/${player.id}/freeze`, { frozen: true, reason: 'x' }, 401],
      ] as const) {
        expect((await call(who, 'POST', url, body)).statusCode, JSON.stringify(body)).toBe(status);
      }
      expect((await call(player, 'GET', '/api/protected')).json().user.frozen).toBe(false);
      expect(await auditOf(player.id)).toEqual([]);
    });

    it('a small withdrawal goes out as today; one of at least 100 waits in review, untouched by the worker', async () => {
      const player = await withAddress(300);
      const small = await withdraw(player, 20);
      expect(small.json()).toEqual({ newBalance: 280, status: 'pending' });
      const large = await withdraw(player, 100);
      expect(large.json()).toEqual({ newBalance: 180, status: 'review' });
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
      const statuses = (await history(player)).filter((tx) => tx.type === 'withdrawal').map((tx) => [tx.amount, tx.status]);
      expect(statuses.sort()).toEqual([
        [100, 'under-review'],
        [20, 'pending'],
      ]);
      const list = (await call(operator, 'GET', '/api/admin/withdrawals?status=review')).json();
      const mine = list.withdrawals.find((w: { userId: string }) => w.userId === player.id);
      expect(mine).toMatchObject({ amount: 100, fee: 1.5, toAddress: player.address, status: 'review', risk: { frozen: false, openFlags: [], linkedAccounts: 0 } });
    });

    it('an account with an open flag has every withdrawal reviewed; approve sends it once, reject refunds it whole', async () => {
      const player = await withAddress(100);
      const dumper = await fundedPlayer(t, 10);
      for (let i = 0; i < 2; i += 1) await seedFinishedGame(t, { winnerId: player.id, loserId: dumper.id, betMicro: 1_000_000n, endReason: 'opponent-left' });
      await riskRound(t.app.services);
      const first = await withdraw(player, 10);
      const second = await withdraw(player, 20);
      expect([first.json().status, second.json().status]).toEqual(['review', 'review']);
      expect(await balanceOf(t.app, player)).toBe(70);
      const review = (await call(operator, 'GET', '/api/admin/withdrawals?status=review')).json().withdrawals.filter((w: { userId: string }) => w.userId === player.id);
      expect(review.map((w: { amount: number; risk: unknown }) => [w.amount, w.risk])).toEqual([
        [10, { frozen: false, openFlags: ['leave-dump'], linkedAccounts: 1 }],
        [20, { frozen: false, openFlags: ['leave-dump'], linkedAccounts: 1 }],
      ]);
      const [toApprove, toReject] = review as { _id: string }[];

      const approved = await call(operator, 'POST', `/api/admin/withdrawals/${toApprove!._id}/approve`, {});
      expect(approved.json()).toEqual({ _id: toApprove!._id, status: 'pending' });
      const chainBefore = await t.app.services.wallet.gateway.balances(player.address);
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
      const chainAfter = await t.app.services.wallet.gateway.balances(player.address);
      expect(chainAfter.usdtMicro - chainBefore.usdtMicro).toBe(8_500_000n);

      const rejected = await call(operator, 'POST', `/api/admin/withdrawals/${toReject!._id}/reject`, { reason: 'chip dumping' });
      expect(rejected.json()).toEqual({ _id: toReject!._id, status: 'rejected' });
      expect(await balanceOf(t.app, player)).toBe(90);
      const mine = (await history(player)).filter((tx) => tx.type === 'withdrawal');
      expect(mine.find((tx) => tx.transactionId === toReject!._id)?.status).toBe('rejected');
      expect((await call(operator, 'GET', '/api/admin/withdrawals?status=rejected')).json().withdrawals).toEqual(
        expect.arrayContaining([expect.objectContaining({ _id: toReject!._id, reviewReason: 'chip dumping' })]),
      );
      expect(await auditOf(toApprove!._id)).toEqual(['approve-withdrawal']);
      // Who, when and from where: the operator's address is in the trail.
      const [trail] = await rows<{ ip: string | null }>(t.database, sql`SELECT details->>'ip' AS ip FROM admin_audit WHERE target = ${toApprove!._id}`);
      expect(trail?.ip).toBeTruthy();
      expect(await auditOf(toReject!._id)).toEqual(['reject-withdrawal']);
      // Decided is decided.
      for (const [id, action] of [[toApprove!._id, 'reject'], [toReject!._id, 'approve'], [toReject!._id, 'reject']] as const) {
        const again = await call(operator, 'POST', `/api/admin/withdrawals/${id}/${action}`, action === 'reject' ? { reason: 'x' } : {});
        expect([again.statusCode, again.json().message]).toEqual([409, 'This withdrawal was already decided']);
      }
      expect(await balanceOf(t.app, player)).toBe(90);
      await t.database.db.delete(riskFlags).where(sql`${riskFlags.userIds} @> ARRAY[${player.id}::uuid]`);
    });

    it('approve and reject racing each other and themselves: exactly one wins, the money moves once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const player = await withAddress(150);
        const id = ((await withdraw(player, 120)).json().status === 'review' ? (await call(operator, 'GET', '/api/admin/withdrawals?status=review')).json() : null)
          ?.withdrawals.find((w: { userId: string }) => w.userId === player.id)?._id as string;
        expect(id).toBeDefined();
        const answers = await Promise.all([
          call(operator, 'POST', `/api/admin/withdrawals/${id}/approve`, {}),
          call(operator, 'POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'race' }),
          call(operator, 'POST', `/api/admin/withdrawals/${id}/approve`, {}),
          call(operator, 'POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'race' }),
        ]);
        const winners = answers.filter((a) => a.statusCode === 200);
        expect(winners).toHaveLength(1);
        expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
        const refunds = await rows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM transfers WHERE kind = 'withdrawal-refund' AND ref = ${id}`);
        const status = winners[0]!.json().status;
        expect(refunds[0]?.n).toBe(status === 'rejected' ? 1 : 0);
        expect(await balanceOf(t.app, player)).toBe(status === 'rejected' ? 150 : 30);
        expect(await auditOf(id)).toHaveLength(1);
      }
    });

    it('the review routes refuse player sessions and malformed input, and change nothing', async () => {
      const player = await withAddress(200);
      await withdraw(player, 150);
      const [pending] = await rows<{ id: string }>(t.database, sql`SELECT id::text AS id FROM withdrawals WHERE user_id = ${player.id}::uuid`);
      for (const [who, method, url, body, status] of [
        [player, 'GET', '/api/admin/withdrawals', undefined, 401],
        [player, 'POST', `/api/admin/withdrawals/${pending!.id}/approve`, {}, 401],
        [null, 'POST', `/api/admin/withdrawals/${pending!.id}/reject`, { reason: 'x' }, 401],
        [operator, 'GET', '/api/admin/withdrawals?status=bogus', undefined, 400],
        [operator, 'GET', '/api/admin/withdrawals?page=0', undefined, 400],
        [operator, 'GET', '/api/admin/withdrawals?page=abc', undefined, 400],
        [operator, 'POST', `/api/admin/withdrawals/${pending!.id}/reject`, {}, 400],
        [operator, 'POST', `/api/admin/withdrawals/${pending!.id}/reject`, { reason: '  ' }, 400],
        [operator, 'POST', `/api/admin/withdrawals/${pending!.id}/approve`, { extra: true }, 400],
        [operator, 'POST', '/api/admin/withdrawals/nope/approve', {}, 400],
        [operator, 'POST', `/api/admin/withdrawals/${crypto.randomUUID()}/approve`, {}, 404],
        [player, 'GET', `/api/admin/users/${player.id}/risk`, undefined, 401],
        [operator, 'GET', '/api/admin/users/zzz/risk', undefined, 400],
        [operator, 'GET', `/api/admin/users/${crypto.randomUUID()}/risk`, undefined, 404],
      ] as const) {
        expect((await call(who, method, url, body)).statusCode, `${method} ${url}`).toBe(status);
      }
      expect(await balanceOf(t.app, player)).toBe(50);
      const [row] = await rows<{ status: string }>(t.database, sql`SELECT status FROM withdrawals WHERE id = ${pending!.id}::uuid`);
      expect(row?.status).toBe('review');
    });

    it("an operator's risk view shows the account's signals, links, flags and head-to-head record", async () => {
      const ann = await fundedPlayer(t, 20);
      const bob = await fundedPlayer(t, 20);
      await credit(t, bob.id, 0.5);
      const gameId = await pairedRps(t.app, ann, bob, 1);
      expect((await call(bob, 'POST', '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
      await seedFinishedGame(t, { winnerId: ann.id, loserId: bob.id, betMicro: 1_000_000n, endReason: 'opponent-left' });
      await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-device-id': 'shared-device-000000' }, payload: { username: ann.username, password: 'correct-horse' } });
      await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-device-id': 'shared-device-000000' }, payload: { username: bob.username, password: 'correct-horse' } });
      await riskRound(t.app.services);
      const view = (await call(operator, 'GET', `/api/admin/users/${ann.id}/risk`)).json();
      expect(view.user).toMatchObject({ _id: ann.id, username: ann.username, balance: 20.8, frozen: false });
      expect(view.devices).toEqual([expect.objectContaining({ deviceId: 'shared-device-000000', sessions: 1 })]);
      expect(view.ips.length).toBeGreaterThan(0);
      expect(view.linkedAccounts).toEqual([{ _id: bob.id, nickname: bob.username, signals: ['device', 'ip'] }]);
      expect(view.flags.map((f: { kind: string }) => f.kind).sort()).toEqual(['leave-dump', 'shared-device', 'shared-ip']);
      expect(view.headToHead).toEqual([{ opponentId: bob.id, nickname: bob.username, games: 2, wins: 2, losses: 0, leftByUser: 0, leftByOpponent: 2, netUsdt: 1.6 }]);
      expect(view.games.map((g: { gameId: string; endReason: string; opponentId: string }) => [g.endReason, g.opponentId])).toEqual([
        ['opponent-left', bob.id],
        ['opponent-left', bob.id],
      ]);
      expect(view.games.map((g: { gameId: string }) => g.gameId)).toContain(gameId);
    });
  });
}
