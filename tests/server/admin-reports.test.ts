import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOperator } from '../../server/admin/operators.ts';
import { refreshChainBalances } from '../../server/admin/chainBalances.ts';
import { users } from '../../server/db/schema.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { cookieOf, databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { fundedPlayer, pairedRps, type Player } from './gameHarness.ts';

for (const kind of databaseKinds) {
  describe(`the back office's lists and exports [${kind}]`, () => {
    let t: TestApp;
    let operator: string;
    let player: Player;
    const gameIds: string[] = [];
    let ann: Player;
    let bob: Player;

    beforeAll(async () => {
      t = await startTestApp(kind);
      await ensureOperator(t.database.db, 'desk', 'operator-pass');
      operator = cookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'desk', password: 'operator-pass' } }), 'admin_sid');
      player = await fundedPlayer(t, 0);
      // Twelve finished games between Ann and Bob (one paid), each ended by a leave.
      [ann, bob] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      await t.database.db.update(users).set({ nickname: 'Annabel' }).where(eq(users.id, ann.id));
      for (let i = 0; i < 12; i += 1) {
        const gameId = await pairedRps(t.app, ann, bob, i === 0 ? 1 : 0);
        await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: bob.cookie }, payload: { gameId } });
        gameIds.push(gameId);
      }
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const asOperator = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: operator } });

    it.each([
      '/api/admin/ongoing-games',
      '/api/admin/completed-games',
      '/api/admin/total-bets',
      '/api/admin/users',
      '/api/admin/users/export',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/transactions/export',
      '/api/admin/games/00000000-0000-4000-8000-000000000000/log',
    ])('refuses %s to anonymous callers and to players', async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } })).statusCode).toBe(401);
    });

    it('pages completed games ten at a time, newest first, with both players and the winner', async () => {
      const first = (await asOperator('/api/admin/completed-games?page=1&limit=10')).json();
      expect(first.totalGames).toBeGreaterThanOrEqual(12);
      expect(first.games).toHaveLength(10);
      expect(first.games[0].gameId).toBe(gameIds.at(-1));
      expect(first.games[0].results).toEqual([
        { playerId: ann.id, nickname: 'Annabel', score: 0, isWinner: true },
        { playerId: bob.id, nickname: bob.username, score: 0, isWinner: false },
      ]);
      const second = (await asOperator('/api/admin/completed-games?page=2&limit=10')).json();
      expect(second.games.map((g: { gameId: string }) => g.gameId)).not.toContain(first.games[0].gameId);
      expect((await asOperator('/api/admin/completed-games?limit=101')).statusCode).toBe(400);
      expect((await asOperator('/api/admin/completed-games?page=0')).statusCode).toBe(400);
    });

    it("searches by a player's name (any case, a prefix) or by a game id", async () => {
      expect((await asOperator('/api/admin/completed-games?search=annab')).json().totalGames).toBe(12);
      expect((await asOperator(`/api/admin/completed-games?search=${bob.username.toUpperCase()}`)).json().totalGames).toBe(12);
      const byId = (await asOperator(`/api/admin/completed-games?search=${gameIds[3]!.slice(0, 13)}`)).json();
      expect(byId.games.map((g: { gameId: string }) => g.gameId)).toContain(gameIds[3]);
      expect((await asOperator('/api/admin/completed-games?search=nobody_by_that_name')).json()).toEqual({ games: [], totalGames: 0 });
      // Wildcards are literal.
      expect((await asOperator('/api/admin/completed-games?search=%25')).json().totalGames).toBe(0);
    });

    it('filters by date range and totals the bets of games started in it', async () => {
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const past = new Date(Date.now() - 86_400_000).toISOString();
      expect((await asOperator(`/api/admin/completed-games?startDate=${future}`)).json().totalGames).toBe(0);
      expect((await asOperator(`/api/admin/completed-games?startDate=${past}&endDate=${future}`)).json().totalGames).toBeGreaterThanOrEqual(12);
      expect((await asOperator(`/api/admin/total-bets?startDate=${past}&endDate=${future}`)).json()).toEqual({ totalBets: 2 });
      expect((await asOperator(`/api/admin/total-bets?startDate=${future}`)).json()).toEqual({ totalBets: 0 });
      expect((await asOperator('/api/admin/total-bets?startDate=yesterday')).statusCode).toBe(400);
    });

    it('lists users with balances, searches by id, name or inviter, filters by minimum balance, and pages', async () => {
      const all = (await asOperator('/api/admin/users?page=1&limit=10')).json();
      expect(all.totalUsers).toBeGreaterThanOrEqual(3);
      const annRow = (await asOperator('/api/admin/users?search=ANNA')).json();
      expect(annRow.users).toEqual([expect.objectContaining({ _id: ann.id, nickname: 'Annabel', balance: 10.8, invitedBy: null })]);
      expect((await asOperator(`/api/admin/users?search=${ann.id.slice(0, 8)}`)).json().users.map((u: { _id: string }) => u._id)).toContain(ann.id);
      const rich = (await asOperator('/api/admin/users?minBalance=10.5')).json();
      expect(rich.users.map((u: { _id: string }) => u._id)).toEqual([ann.id]);
      expect((await asOperator('/api/admin/users?minBalance=lots')).statusCode).toBe(400);
      const exported = (await asOperator('/api/admin/users/export?minBalance=9')).json().users;
      expect(exported.map((u: { _id: string }) => u._id).sort()).toEqual([ann.id, bob.id].sort());
    });

    it('shows the deposit address balances read from the chain in the background', async () => {
      const address = (await t.app.inject({ method: 'GET', url: '/api/wallet/wallet-address', headers: { cookie: ann.cookie } })).json().walletAddress;
      for (const [amount, currency] of [[3, 'USDT'], [40, 'TRX']] as const) {
        await t.app.inject({ method: 'POST', url: '/api/dev/deposit', payload: { address, amount, currency } });
      }
      const before = (await asOperator('/api/admin/users?search=annab')).json().users[0];
      expect([before.blockchainBalance, before.blockchainBalanceTRX]).toEqual([null, null]);
      expect(await refreshChainBalances(t.app.services)).toBeGreaterThanOrEqual(1);
      const row = (await asOperator('/api/admin/users?search=annab')).json().users[0];
      // What the chain holds at the address, whether or not it has been credited yet.
      expect([row.blockchainBalance, row.blockchainBalanceTRX]).toEqual([3, 40]);
    });

    it("exports a player's transactions as an xlsx that opens and holds them", async () => {
      const res = await asOperator(`/api/admin/users/${ann.id}/transactions/export`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-.+\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Transactions');
      expect(sheet?.getRow(1).values).toEqual([undefined, 'Date', 'Type', 'Amount (USDT)', 'Status', 'Transaction ID', 'Blockchain Transaction ID']);
      expect(sheet?.getRow(2).getCell(2).value).toBe('deposit');
      expect(sheet?.getRow(2).getCell(3).value).toBe(10);
      expect((await asOperator('/api/admin/users/00000000-0000-4000-8000-000000000000/transactions/export')).statusCode).toBe(404);
    });

    it('keeps an audit trail of operator logins and actions', async () => {
      const gameId = await pairedRps(t.app, ann, bob, 0);
      await t.app.inject({ method: 'POST', url: `/api/admin/games/${gameId}/cancel`, headers: { cookie: operator } });
      const trail = await rows<{ action: string; target: string | null }>(t.database, sql`SELECT action, target FROM admin_audit ORDER BY id`);
      expect(trail).toEqual([
        { action: 'login', target: null },
        { action: 'cancel-game', target: gameId },
      ]);
    });
  });

  describe(`the lists' kept day counts [${kind}]`, () => {
    it('counts and pages finished days from the kept counts, and a game started days ago that ends now still counts', async () => {
      const t = await startTestApp(kind);
      try {
        await ensureOperator(t.database.db, 'desk', 'operator-pass');
        const operator = cookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'desk', password: 'operator-pass' } }), 'admin_sid');
        const asOperator = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: operator } })).json();
        const [cleo, dan] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
        const old: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const gameId = await pairedRps(t.app, cleo, dan, 0);
          await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: dan.cookie }, payload: { gameId } });
          old.push(gameId);
        }
        const running = await pairedRps(t.app, cleo, dan, 0);
        // Three games finished six days ago (a day that can no longer change), one started five days ago
        // and still running, and a player who joined six days ago.
        for (const [index, id] of old.entries()) {
          // Noon of that day, so the three never straddle a midnight whatever time the test runs.
          await t.database.db.execute(
            sql`UPDATE games SET created_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '6 days' + interval '12 hours' + ${index} * interval '1 minute' WHERE id = ${id}`,
          );
        }
        await t.database.db.execute(sql`UPDATE games SET created_at = now() - interval '5 days' WHERE id = ${running}`);
        await t.database.db.execute(sql`UPDATE users SET created_at = now() - interval '6 days' WHERE id = ${cleo.id}`);

        const before = await asOperator('/api/admin/completed-games?page=1&limit=2');
        expect(before.totalGames).toBe(3);
        expect(before.games.map((g: { gameId: string }) => g.gameId)).toEqual([old[2], old[1]]);
        expect((await asOperator('/api/admin/completed-games?page=2&limit=2')).games.map((g: { gameId: string }) => g.gameId)).toEqual([old[0]]);
        // The finished day was kept; the day with a running game was not.
        const kept = await rows<{ list: string; n: number }>(t.database, sql`SELECT list, n FROM admin_day_counts WHERE list = 'completed-games' AND n > 0`);
        expect(kept).toEqual([{ list: 'completed-games', n: 3 }]);

        await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: dan.cookie }, payload: { gameId: running } });
        const after = await asOperator('/api/admin/completed-games?page=1&limit=2');
        expect(after.totalGames).toBe(4);
        expect(after.games.map((g: { gameId: string }) => g.gameId)).toEqual([running, old[2]]);
        expect((await asOperator('/api/admin/completed-games?page=2&limit=2')).games.map((g: { gameId: string }) => g.gameId)).toEqual([old[1], old[0]]);

        const people = await asOperator('/api/admin/users?page=1&limit=10');
        expect(people.totalUsers).toBe(2);
        expect(people.users.map((u: { _id: string }) => u._id)).toEqual([dan.id, cleo.id]);
        expect((await asOperator('/api/admin/users?page=1&limit=10')).totalUsers).toBe(2);
      } finally {
        await t.close();
      }
    });
  });
}
