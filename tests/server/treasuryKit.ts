import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import type { Treasury } from '../../server/treasury/context.ts';
import { buildTreasury } from '../../server/treasury/service.ts';
import { sweepPass, type SweepReport } from '../../server/treasury/sweeps.ts';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { DEVCHAIN_HOT_WALLET, DEVCHAIN_RESOURCE_ACCOUNT, type Devchain } from '../../server/wallet/devchain.ts';
import type { TreasuryChain } from '../../server/wallet/gateway.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { type DatabaseKind, rows, signedUp, startTestApp, type TestApp } from './harness.ts';

export const BLOCK_MS = 30;
export const COLD = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The app on the devchain with a treasury beside it, for one describe block: players who deposit, passes
 * run until their sweeps finish, and what the ledger and the chain hold before and after.
 */
export function treasuryTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(kind, { DEVCHAIN_BLOCK_MS: String(BLOCK_MS), DEPOSIT_CONFIRMATIONS: '2', WITHDRAWAL_REVIEW_USDT: '100000', ...env });
  });
  afterAll(async () => {
    if (app) {
      expect(await checkLedger(app.database.db)).toEqual({ ok: true, problems: [] });
      await app.close();
    }
  });
  const t = (): TestApp => {
    if (!app) throw new Error('the treasury test app is not started');
    return app;
  };
  const chain = () => t().app.services.wallet.gateway as Devchain;
  const treasury = (overrides: Partial<Treasury> = {}, over: TreasuryChain = chain()): Treasury =>
    buildTreasury(t().config, t().database.db, over as Devchain, undefined, { leaseMs: 1, ...overrides });
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t().app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const balanceOf = async (cookie: string) => (await call('GET', '/api/protected', cookie)).json().user.balance as number;

  /** Players who each deposited these amounts of USDT, credited. */
  async function depositors(amounts: number[]) {
    const players = [];
    for (const amount of amounts) {
      const player = await signedUp(t().app);
      const address = (await call('GET', '/api/wallet/wallet-address', player.cookie)).json().walletAddress as string;
      await call('POST', '/api/dev/deposit', undefined, { address, amount, currency: 'USDT' });
      players.push({ ...player, address, amount });
    }
    for (let i = 0; i < 200; i += 1) {
      await pollDeposits(t().app.services, chain(), t().app.services.wallet.rules);
      const credited = await Promise.all(players.map(async (p) => (await balanceOf(p.cookie)) === p.amount));
      if (credited.every(Boolean)) return players;
      await pause(BLOCK_MS);
    }
    throw new Error('deposits never credited');
  }

  /** Passes until no sweep is open (blocks follow the clock, so each wait lets the chain settle a step). */
  async function sweepUntilSettled(run: Treasury = treasury(), limit = 400): Promise<SweepReport[]> {
    const seen = new Map<string, SweepReport>();
    let plan = true;
    for (let i = 0; i < limit; i += 1) {
      for (const report of await sweepPass(run, { plan })) seen.set(report.id, report);
      plan = false;
      const [open] = await rows<{ n: number }>(t().database, sql`select count(*)::int as n from sweeps where step not in ('done', 'failed')`);
      if (open?.n === 0) return [...seen.values()];
      await pause(BLOCK_MS);
    }
    throw new Error('sweeps never settled');
  }

  /** Every account's ledger balance, to show a sweep changes none. */
  const ledger = async () => rows<{ id: string; balance: string }>(t().database, sql`select id::text, balance_micro::text as balance from accounts order by id`);

  /** TRX held by every house address: the hot wallet, the staking account, the deposit addresses. */
  async function houseTrx(): Promise<bigint> {
    const addresses = (await rows<{ address: string }>(t().database, sql`select address from deposit_addresses`)).map((r) => r.address);
    let total = 0n;
    for (const address of [DEVCHAIN_HOT_WALLET, DEVCHAIN_RESOURCE_ACCOUNT, ...addresses]) total += (await chain().balances(address)).trxSun;
    return total;
  }

  const withdrawalRound = () => processWithdrawals(t().app.services, chain());
  return { t, chain, treasury, call, balanceOf, depositors, sweepUntilSettled, ledger, houseTrx, withdrawalRound, pause };
}
