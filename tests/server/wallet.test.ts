import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { DEVCHAIN_HOT_WALLET } from '../../server/wallet/devchain.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { databaseKinds, rows, signedUp, startTestApp, type TestApp } from './harness.ts';
import { eventually } from './smtpSink.ts';

const VALID_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const BLOCK_MS = 40;

for (const kind of databaseKinds) {
  describe(`wallet [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // A small hot wallet, so a withdrawal can outgrow it.
      // Review is tested in integrity-money.test.ts; here every withdrawal goes straight to the chain.
      t = await startTestApp(kind, { DEVCHAIN_BLOCK_MS: String(BLOCK_MS), DEPOSIT_CONFIRMATIONS: '5', DEVCHAIN_HOT_WALLET_USDT: '100', WITHDRAWAL_REVIEW_USDT: '1000' });
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
      t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    const balance = async (cookie: string) => (await call('GET', '/api/protected', cookie)).json().user.balance as number;
    const round = async () => {
      await pollDeposits(t.app.services, t.app.services.wallet.gateway, t.app.services.wallet.rules);
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
    };
    /** Rounds until `probe` holds: blocks follow the clock, so confirmations come with time. */
    async function roundsUntil<T>(probe: () => Promise<T | undefined>): Promise<T> {
      for (let i = 0; i < 100; i += 1) {
        await round();
        const value = await probe();
        if (value !== undefined) return value;
        await new Promise((r) => setTimeout(r, BLOCK_MS));
      }
      throw new Error('never happened');
    }
    async function funded(amount: number) {
      const player = await signedUp(t.app);
      const address = (await call('GET', '/api/wallet/wallet-address', player.cookie)).json().walletAddress as string;
      await call('POST', '/api/dev/deposit', undefined, { address, amount, currency: 'USDT' });
      await roundsUntil(async () => ((await balance(player.cookie)) === amount ? true : undefined));
      return { ...player, address };
    }

    it('gives each player one real TRON deposit address, the same every time', async () => {
      const ann = await signedUp(t.app);
      const bob = await signedUp(t.app);
      const first = (await call('GET', '/api/wallet/wallet-address', ann.cookie)).json().walletAddress;
      const again = (await call('GET', '/api/wallet/wallet-address', ann.cookie)).json().walletAddress;
      const other = (await call('GET', '/api/wallet/wallet-address', bob.cookie)).json().walletAddress;
      expect(first).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(again).toBe(first);
      expect(other).not.toBe(first);
      expect((await call('GET', '/api/wallet/wallet-address')).statusCode).toBe(401);
    });

    it('credits a deposit once, after its confirmations, whatever the replays', async () => {
      const player = await signedUp(t.app);
      const address = (await call('GET', '/api/wallet/wallet-address', player.cookie)).json().walletAddress;
      const txId = 'ab'.repeat(32);
      await call('POST', '/api/dev/deposit', undefined, { address, amount: 20, currency: 'USDT', txId });
      await round();
      expect(await balance(player.cookie)).toBe(0);
      const history = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
      expect(history).toMatchObject([{ type: 'deposit', amount: 20, status: 'pending', blockchainTransactionId: txId }]);

      await roundsUntil(async () => ((await balance(player.cookie)) === 20 ? true : undefined));
      await call('POST', '/api/dev/deposit', undefined, { address, amount: 20, currency: 'USDT', txId });
      await new Promise((r) => setTimeout(r, BLOCK_MS * 5));
      await round();
      await round();
      expect(await balance(player.cookie)).toBe(20);
      const after = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
      expect(after).toMatchObject([{ type: 'deposit', amount: 20, status: 'completed' }]);
    });

    it('credits TRX at the fixed rate and records, but does not credit, a deposit below the minimum', async () => {
      const player = await signedUp(t.app);
      const address = (await call('GET', '/api/wallet/wallet-address', player.cookie)).json().walletAddress;
      await call('POST', '/api/dev/deposit', undefined, { address, amount: 100, currency: 'TRX' });
      await call('POST', '/api/dev/deposit', undefined, { address, amount: 0.5, currency: 'USDT' });
      await roundsUntil(async () => ((await balance(player.cookie)) === 15.1 ? true : undefined));
      await new Promise((r) => setTimeout(r, BLOCK_MS * 5));
      await round();
      expect(await balance(player.cookie)).toBe(15.1);
      const history = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
      expect(history.map((h: { amount: number; status: string }) => [h.amount, h.status]).sort()).toEqual([
        [0.5, 'below-minimum'],
        [15.1, 'completed'],
      ]);
    });

    it("tells the player's sockets the new balance when a deposit is credited", async () => {
      const player = await signedUp(t.app);
      const address = (await call('GET', '/api/wallet/wallet-address', player.cookie)).json().walletAddress;
      await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
      const port = (t.app.server.address() as { port: number }).port;
      const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], extraHeaders: { cookie: player.cookie } });
      const seen: number[] = [];
      socket.on('balanceUpdated', (value: number) => seen.push(value));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await call('POST', '/api/dev/deposit', undefined, { address, amount: 7.25, currency: 'USDT' });
      await roundsUntil(async () => (seen.length ? true : undefined));
      expect(seen).toEqual([7.25]);
      socket.disconnect();
    });

    it('validates and saves a TRC20 address, and removes it', async () => {
      const player = await signedUp(t.app);
      for (const savedAddress of ['', 'T123', `X${VALID_ADDRESS.slice(1)}`, `${VALID_ADDRESS.slice(0, -1)}h`, `${VALID_ADDRESS}1`]) {
        const res = await call('POST', '/api/wallet/save-address', player.cookie, { savedAddress });
        expect(res.statusCode, savedAddress).toBe(400);
        expect(res.json().message).toBe('Please enter a valid TRC20 wallet address.');
      }
      expect((await call('POST', '/api/wallet/save-address', player.cookie, { savedAddress: VALID_ADDRESS })).statusCode).toBe(200);
      expect((await call('GET', '/api/protected', player.cookie)).json().user.savedAddress).toBe(VALID_ADDRESS);
      await call('POST', '/api/wallet/remove-address', player.cookie);
      expect((await call('GET', '/api/protected', player.cookie)).json().user.savedAddress).toBeNull();
    });

    it('refuses bad withdrawals with the spec texts and changes nothing', async () => {
      const player = await funded(10);
      const other = await signedUp(t.app);
      const withdraw = (payload: object) => call('POST', '/api/withdraw', player.cookie, payload);
      expect((await withdraw({ userId: player.id, amount: 5 })).json().message).toBe('User ID, amount, and address are required');
      await call('POST', '/api/wallet/save-address', player.cookie, { savedAddress: VALID_ADDRESS });
      const cases: [object, number, string][] = [
        [{ userId: player.id, amount: 1.5 }, 400, 'Amount should be greater than 1.5 USDT.'],
        [{ userId: player.id, amount: -3 }, 400, 'Amount should be greater than 1.5 USDT.'],
        [{ userId: player.id, amount: 10.000001 }, 400, 'Insufficient balance'],
        [{ userId: player.id, amount: 2.0000001 }, 400, 'Amount must have at most 6 decimals'],
        [{ userId: player.id, amount: '5' }, 400, 'Amount must be a number'],
        [{ userId: other.id, amount: 5 }, 403, 'You can only withdraw from your own account'],
        [{ amount: 5 }, 400, 'User ID, amount, and address are required'],
      ];
      for (const [payload, status, message] of cases) {
        const res = await withdraw(payload);
        expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([status, message]);
      }
      expect(await balance(player.cookie)).toBe(10);
      expect((await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions).toHaveLength(1);
      expect((await call('GET', `/api/transactions/${player.id}`, other.cookie)).statusCode).toBe(403);
    });

    it('withdraws: the balance drops at once, the chain gets amount − 1.5, the house the fee', async () => {
      const player = await funded(30);
      await call('POST', '/api/wallet/save-address', player.cookie, { savedAddress: VALID_ADDRESS });
      const before = await t.app.services.wallet.gateway.balances(VALID_ADDRESS);
      const res = await call('POST', '/api/withdraw', player.cookie, { userId: player.id, amount: 12.5 });
      expect(res.json()).toEqual({ newBalance: 17.5, status: 'pending' });
      const pending = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions[0];
      expect(pending).toMatchObject({ type: 'withdrawal', amount: 12.5, status: 'pending' });

      const done = await roundsUntil(async () => {
        const [latest] = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
        return latest.status === 'completed' ? latest : undefined;
      });
      expect(done.blockchainTransactionId).toMatch(/^[0-9a-f]{64}$/);
      const after = await t.app.services.wallet.gateway.balances(VALID_ADDRESS);
      expect(after.usdtMicro - before.usdtMicro).toBe(11_000_000n);
      const [fees] = await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'house_fees'`);
      expect(BigInt(fees?.balance ?? '0') % 1_500_000n).toBe(0n);
      expect(await balance(player.cookie)).toBe(17.5);
    });

    it('holds a withdrawal the hot wallet cannot cover, never refunds it for that, and sends it once the hot wallet is funded', async () => {
      const player = await funded(200);
      await call('POST', '/api/wallet/save-address', player.cookie, { savedAddress: VALID_ADDRESS });
      // More than the devchain hot wallet (100 USDT at genesis, some already paid out) holds.
      await call('POST', '/api/withdraw', player.cookie, { userId: player.id, amount: 150 });
      expect(await balance(player.cookie)).toBe(50);
      for (let i = 0; i < 3; i += 1) await round();
      expect(await balance(player.cookie)).toBe(50);
      const [waiting] = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
      expect(waiting).toMatchObject({ type: 'withdrawal', amount: 150, status: 'pending' });
      const [row] = await rows<{ status: string; waiting: boolean }>(t.database, sql`select status, waiting_funds_since is not null as waiting from withdrawals where user_id = ${player.id}`);
      expect(row).toEqual({ status: 'pending', waiting: true });
      // The operator tops the hot wallet up: the withdrawal goes out and completes.
      await call('POST', '/api/dev/deposit', undefined, { address: DEVCHAIN_HOT_WALLET, amount: 500, currency: 'USDT' });
      const done = await roundsUntil(async () => {
        const [latest] = (await call('GET', `/api/transactions/${player.id}`, player.cookie)).json().transactions;
        return latest.status === 'completed' ? latest : undefined;
      });
      expect(done).toMatchObject({ type: 'withdrawal', amount: 150 });
      expect(await balance(player.cookie)).toBe(50);
      const [sent] = await rows<{ waiting: boolean }>(t.database, sql`select waiting_funds_since is not null as waiting from withdrawals where user_id = ${player.id}`);
      expect(sent?.waiting).toBe(false);
    });

    it('offers the simulated deposit only with a valid address and amount', async () => {
      const bad = [
        { address: 'nope', amount: 5, currency: 'USDT' },
        { address: VALID_ADDRESS, amount: 0, currency: 'USDT' },
        { address: VALID_ADDRESS, amount: 5, currency: 'TON' },
        { address: VALID_ADDRESS, amount: 5, currency: 'USDT', txId: 'xyz' },
      ];
      for (const payload of bad) expect((await call('POST', '/api/dev/deposit', undefined, payload)).statusCode).toBe(400);
    });
  });
}
