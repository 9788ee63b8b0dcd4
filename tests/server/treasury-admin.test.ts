import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { buildTreasury } from '../../server/treasury/service.ts';
import { DEVCHAIN_HOT_WALLET, DEVCHAIN_XPRV, type Devchain } from '../../server/wallet/devchain.ts';
import { accountXpubFromSeed, privateKeyFromSeed } from '../../server/wallet/tronAddress.ts';
import { databaseKinds, rows, signedUp } from './harness.ts';
import { COLD, treasuryTestApp } from './treasuryKit.ts';
import { operatorWithSecondFactor } from './operatorKit.ts';
import { tronTestApp } from './tronKit.ts';

/**
 * The Treasury page's API (issue 34): its figures agree with the ledger and the chain after real games,
 * deposits, withdrawals and sweeps; only operators reach it; and a web node never holds TRON_XPRV.
 */
const TREASURY_ROUTES = [
  ['GET', '/api/admin/treasury'],
  ['GET', '/api/admin/treasury/export'],
  ['POST', '/api/admin/treasury/sweep'],
] as const;

for (const kind of databaseKinds) {
  describe(`treasury figures [${kind}]`, () => {
    const kit = treasuryTestApp(kind, { DEVCHAIN_HOT_WALLET_USDT: '40', HOT_WALLET_TARGET_USDT: '50', SWEEP_MIN_USDT: '20', TREASURY_COLD_ADDRESS: COLD });
    let operator = '';
    const asOperator = (method: 'GET' | 'POST', url: string) => kit.t().app.inject({ method, url, headers: { cookie: operator } });

    it('is refused to anonymous callers and players', async () => {
      // Sweeping moves the house's coins: the operator has their second factor on.
      operator = (await operatorWithSecondFactor(kit.t().app, kit.t().database, 'vault', 'finance')).cookie;
      const player = await signedUp(kit.t().app);
      for (const [method, url] of TREASURY_ROUTES) {
        expect((await kit.t().app.inject({ method, url })).statusCode).toBe(401);
        expect((await kit.t().app.inject({ method, url, headers: { cookie: player.cookie } })).statusCode).toBe(401);
        expect((await kit.t().app.inject({ method, url, headers: { authorization: 'Bearer not-a-session' } })).statusCode).toBe(401);
      }
      const [sweeps] = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweeps`);
      expect(sweeps?.n).toBe(0);
    });

    it('owes what the ledger says and holds what the chain says, before and after a game, a withdrawal and a sweep', async () => {
      const [ann, bob, cat] = await kit.depositors([30, 45, 25]);
      if (!ann || !bob || !cat) throw new Error('no players');
      // A game under way: ann and bob each have 1 in escrow.
      for (const player of [ann, bob]) {
        const joined = await kit.call('POST', '/api/start-game', player.cookie, { gameMode: 'rps', betAmount: 1 });
        expect(joined.statusCode).toBe(200);
      }
      // cat withdraws 10: held until final.
      await kit.call('POST', '/api/wallet/save-address', cat.cookie, { savedAddress: COLD });
      expect((await kit.call('POST', '/api/withdraw', cat.cookie, { userId: cat.id, amount: 10 })).statusCode).toBe(200);

      const ledger = async () => {
        const [sums] = await rows<{ user: string; escrow: string; hold: string; rewards: string }>(
          kit.t().database,
          sql`select
            coalesce(sum(balance_micro) filter (where kind = 'user'), 0)::text as user,
            coalesce(sum(balance_micro) filter (where kind = 'escrow'), 0)::text as escrow,
            coalesce(sum(balance_micro) filter (where kind = 'withdrawal_hold'), 0)::text as hold,
            coalesce(sum(balance_micro) filter (where kind = 'rewards'), 0)::text as rewards
          from accounts`,
        );
        return { user: Number(sums?.user) / 1e6, escrow: Number(sums?.escrow) / 1e6, hold: Number(sums?.hold) / 1e6, rewards: Number(sums?.rewards) / 1e6 };
      };
      const onChain = async (address: string) => Number((await kit.chain().balances(address)).usdtMicro) / 1e6;

      const before = (await asOperator('GET', '/api/admin/treasury')).json();
      const owed = await ledger();
      expect(before.owes).toEqual({ balancesUsdt: owed.user, rewardsUsdt: owed.rewards, escrowUsdt: owed.escrow, withdrawalsUsdt: owed.hold });
      expect(before.owes).toMatchObject({ escrowUsdt: 2, withdrawalsUsdt: 10 });
      expect(before.owesUsdt).toBe(100);
      // Nothing swept yet: the deposits sit on the players' addresses, the hot wallet holds its genesis 40.
      expect(before.holds).toEqual({ hotUsdt: 40, depositAddressesUsdt: 100, coldUsdt: 0, inFlightUsdt: 0 });
      expect(before.holdsUsdt).toBe(140);
      expect(before.coverage).toBe(1.4);
      expect(before.differenceUsdt).toBe(40);
      expect(before.depositAddresses).toMatchObject({ count: 3, usdt: 100 });
      expect(before.canSweep).toBe(true);
      expect(before.staking.delegatableTrx).toBeGreaterThan(0);

      // The withdrawal is paid from the hot wallet, then the operator sweeps.
      for (let i = 0; i < 100; i += 1) {
        await kit.withdrawalRound();
        const [row] = await rows<{ status: string }>(kit.t().database, sql`select status from withdrawals where user_id = ${cat.id}`);
        if (row?.status === 'completed') break;
        await kit.pause(30);
      }
      const swept = await asOperator('POST', '/api/admin/treasury/sweep');
      expect(swept.statusCode).toBe(200);
      expect(swept.json().sweeps).toHaveLength(3);
      await kit.sweepUntilSettled();

      const after = (await asOperator('GET', '/api/admin/treasury')).json();
      const owedAfter = await ledger();
      expect(after.owesUsdt).toBe(Math.round((owedAfter.user + owedAfter.rewards + owedAfter.escrow + owedAfter.hold) * 1e6) / 1e6);
      expect(after.owesUsdt).toBe(90);
      expect(after.holds.hotUsdt).toBe(await onChain(DEVCHAIN_HOT_WALLET));
      expect(after.holds.coldUsdt).toBe(await onChain(COLD));
      expect(after.holds.depositAddressesUsdt).toBe(0);
      // 40 + 100 deposited, 8.5 paid out: the hot wallet took 45 (to its target of 50), the cold address 30 + 25 + the 8.5 cat withdrew there.
      expect(after.holds).toEqual({ hotUsdt: 40 - 8.5 + 45, depositAddressesUsdt: 0, coldUsdt: 55 + 8.5, inFlightUsdt: 0 });
      expect(after.fees.withdrawals).toMatchObject({ count: 1 });
      expect(after.fees.withdrawals.trxBurned).toBeGreaterThan(0);
      expect(after.fees.collectedUsdt).toBe(1.5);
      expect(after.fees.sweeps.count).toBe(3);
      const [burned] = await rows<{ fee: string }>(kit.t().database, sql`select coalesce(sum(fee_sun), 0)::text as fee from sweep_transactions`);
      expect(after.fees.sweeps.trxBurned).toBe(Number(burned?.fee) / 1e6);
      expect(after.sweeps.map((s: { step: string }) => s.step)).toEqual(['done', 'done', 'done']);
      expect(after.sweeps[0].transactions.map((tx: { kind: string }) => tx.kind)).toEqual(['activate', 'delegate', 'transfer', 'undelegate']);
      expect(after.warnings).toEqual([]);

      const audit = await rows<{ action: string }>(kit.t().database, sql`select action from admin_audit where action = 'treasury-sweep'`);
      expect(audit).toHaveLength(1);
      const file = await asOperator('GET', '/api/admin/treasury/export');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await asOperator('GET', '/api/admin/treasury?startDate=2026-01-02T00:00:00Z&endDate=2026-01-01T00:00:00Z')).statusCode).toBe(400);
      expect((await asOperator('GET', '/api/admin/treasury?startDate=yesterday')).statusCode).toBe(400);
    });

    it('warns when the house holds less than it owes and when withdrawals wait for funds', async () => {
      // The hot wallet's USDT leaves for someone else's address, outside the ledger (a stolen key): the house now holds less.
      const hot = await kit.chain().balances(DEVCHAIN_HOT_WALLET);
      const treasury = buildTreasury(kit.t().config, kit.t().database.db, kit.chain() as Devchain);
      const out = await kit.chain().sign(treasury.keys.hot.key, { kind: 'usdt', to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', amount: hot.usdtMicro, feeLimitSun: 30_000_000n });
      expect(await kit.chain().broadcast(out)).toEqual({ accepted: true });
      const [rich] = await kit.depositors([15]);
      if (!rich) throw new Error('no player');
      await kit.call('POST', '/api/wallet/save-address', rich.cookie, { savedAddress: COLD });
      await kit.call('POST', '/api/withdraw', rich.cookie, { userId: rich.id, amount: 12 });
      await kit.withdrawalRound();
      const summary = (await asOperator('GET', '/api/admin/treasury')).json();
      expect(summary.waitingWithdrawals).toEqual({ count: 1, usdt: 10.5 });
      expect(summary.holds.hotUsdt).toBe(0);
      expect(summary.holdsUsdt).toBeLessThan(summary.owesUsdt);
      expect(summary.coverage).toBeLessThan(1);
      expect(summary.warnings).toEqual(['coverage-low', 'hot-wallet-short']);
    });

    it("draws the dashboard's day: bets, deposits credited, withdrawals paid, new players, games per mode", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const daily = await asOperator('GET', `/api/admin/daily?startDate=${today}T00:00:00Z&endDate=${today}T23:59:59Z`);
      expect(daily.statusCode).toBe(200);
      expect(daily.json().days).toEqual([
        { day: today, betsUsdt: 2, rakeUsdt: 0, depositsUsdt: 30 + 45 + 25 + 15, withdrawalsUsdt: 10, newPlayers: 5, games: { rps: 1, blot: 0, carrom: 0, backgammon: 0 } },
      ]);
      expect((await kit.t().app.inject({ url: '/api/admin/daily' })).statusCode).toBe(401);
      expect((await asOperator('GET', '/api/admin/daily?startDate=2026-02-02T00:00:00Z&endDate=2026-02-01T00:00:00Z')).statusCode).toBe(400);
    });
  });
}

describe('treasury keys stay out of web nodes', () => {
  const seed = new Uint8Array(64).fill(9);
  const xpub = accountXpubFromSeed(seed);
  const hotKey = Buffer.from(privateKeyFromSeed(seed, 5)).toString('hex');

  it('a web node refuses to start with TRON_XPRV in its environment; the treasury takes it', () => {
    const env = { CHAIN: 'tron', TRON_XPUB: xpub, TRON_HOT_WALLET_KEY: hotKey, TRON_XPRV: DEVCHAIN_XPRV, NODE_ENV: 'test' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/TRON_XPRV/);
    expect(loadConfig(env, 'treasury').wallet.treasury.xprv).toBe(DEVCHAIN_XPRV);
    expect(loadConfig({ ...env, TRON_XPRV: undefined }).wallet.treasury.xprv).toBeUndefined();
  });

  it('the server process exits with the reason, before opening anything', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, TRON_XPRV: DEVCHAIN_XPRV, PORT: '0', DATA_DIR: '/nonexistent-treasury-test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('TRON_XPRV');
  });
});

describe('treasury on a tron web node', () => {
  const seed = new Uint8Array(64).fill(4);
  const { t } = tronTestApp('pglite', { xpub: accountXpubFromSeed(seed), hotWalletKey: Buffer.from(privateKeyFromSeed(seed, 9)).toString('hex') });

  it('shows the figures but refuses "Sweep now"', async () => {
    const { cookie } = await operatorWithSecondFactor(t().app, t().database, 'vault', 'finance');
    const refused = await t().app.inject({ method: 'POST', url: '/api/admin/treasury/sweep', headers: { cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('npm run treasury');
    const summary = await t().app.inject({ method: 'GET', url: '/api/admin/treasury', headers: { cookie } });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ chain: 'tron', canSweep: false, holds: { hotUsdt: 1_000_000 } });
  });
});
