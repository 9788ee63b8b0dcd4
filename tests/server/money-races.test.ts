import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { applyIncoming, depositAddressOf } from '../../server/wallet/deposits.ts';
import { Devchain } from '../../server/wallet/devchain.ts';
import type { ChainGateway, IncomingTransfer, SignedWithdrawal } from '../../server/wallet/gateway.ts';
import { claimAndSign, processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { databaseKinds, rows, signedUp, startTestApp, type TestApp } from './harness.ts';

const VALID_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

// Races need real concurrency: PostgreSQL when it is there (CI), else PGlite, which serialises.
const kind = databaseKinds.includes('postgres') ? 'postgres' : 'pglite';

describe(`money under concurrency [${kind}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  });

  const rules = () => t.app.services.wallet.rules;

  async function credit(userId: string, amountMicro: bigint): Promise<void> {
    const address = await depositAddressOf(t.database.db, t.app.services.wallet.gateway, userId);
    const incoming: IncomingTransfer = {
      txId: `seed-${userId}-${amountMicro}`,
      eventIndex: 0,
      to: address,
      currency: 'USDT',
      amountRaw: amountMicro,
      confirmations: 100,
      final: true,
    };
    await applyIncoming(t.app.services, [incoming], rules());
  }

  it('20 parallel withdrawals of 5 against a balance of 25: exactly 5 succeed', async () => {
    const player = await signedUp(t.app);
    await credit(player.id, 25_000_000n);
    await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress: VALID_ADDRESS } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: player.cookie }, payload: { userId: player.id, amount: 5 } }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json().message === 'Insufficient balance')).toBe(true);
    const [count] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from withdrawals where user_id = ${player.id}`);
    expect(count?.n).toBe(5);
    const [account] = await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${player.id}`);
    expect(account?.balance).toBe('0');
  });

  it('the same chain deposit delivered by two pollers at once credits once', async () => {
    const player = await signedUp(t.app);
    const address = await depositAddressOf(t.database.db, t.app.services.wallet.gateway, player.id);
    const incoming: IncomingTransfer = { txId: 'f'.repeat(64), eventIndex: 0, to: address, currency: 'USDT', amountRaw: 9_000_000n, confirmations: 30, final: true };
    const credited = await Promise.all(Array.from({ length: 6 }, () => applyIncoming(t.app.services, [incoming], rules())));
    expect(credited.reduce((a, b) => a + b, 0)).toBe(1);
    const [account] = await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${player.id}`);
    expect(account?.balance).toBe('9000000');
  });

  it('one poll of many deposits, seen again as they confirm, credits each confirmed one once and only its owner', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => signedUp(t.app)));
    const addresses = await Promise.all(players.map((p) => depositAddressOf(t.database.db, t.app.services.wallet.gateway, p.id)));
    const required = rules().requiredConfirmations;
    // Chain transaction ids are 64 hex digits.
    const txIds = players.map((_, i) => createHash('sha256').update(`batch-${players[0]?.id}-${i}`).digest('hex'));
    const sighting = (i: number, confirmations: number): IncomingTransfer => ({
      txId: txIds[i] as string,
      eventIndex: 0,
      to: addresses[i] as string,
      currency: 'USDT',
      amountRaw: BigInt(i + 1) * 1_000_000n,
      confirmations,
      final: false,
    });
    // Every deposit twice in the same poll (an older and a newer sighting), the even ones confirmed by
    // the newer; a transfer to an address nobody was given is nobody's deposit.
    const stranger: IncomingTransfer = { ...sighting(0, required), txId: `stranger-${players[0]?.id}`, to: VALID_ADDRESS };
    const poll = players.flatMap((_, i) => [sighting(i, 0), sighting(i, i % 2 === 0 ? required : required - 1)]);
    // Two pollers at once with the same page.
    const first = await Promise.all([applyIncoming(t.app.services, [...poll, stranger], rules()), applyIncoming(t.app.services, [...poll, stranger], rules())]);
    expect(first[0] + first[1]).toBe(6);
    // The next poll sees all of them confirmed: only the odd ones are new credits.
    const next = await applyIncoming(t.app.services, players.map((_, i) => sighting(i, required + 1)), rules());
    expect(next).toBe(6);
    // Seen again once settled, it changes nothing: not even its count of confirmations is written.
    expect(await applyIncoming(t.app.services, players.map((_, i) => sighting(i, required + 2)), rules())).toBe(0);

    const balances = await rows<{ id: string; balance: string }>(
      t.database,
      sql`select user_id as id, balance_micro::text as balance from accounts where kind = 'user' and user_id in ${players.map((p) => p.id)}`,
    );
    for (const [i, player] of players.entries()) {
      expect(balances.find((b) => b.id === player.id)?.balance).toBe(String((i + 1) * 1_000_000));
    }
    const recorded = await rows<{ n: number; confirmations: number }>(
      t.database,
      sql`select count(*)::int as n, max(confirmations)::int as confirmations from deposits where chain_tx_id in ${txIds} and status = 'completed'`,
    );
    expect(recorded).toEqual([{ n: 12, confirmations: required + 1 }]);
    const [strangers] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from deposits where chain_tx_id = ${stranger.txId}`);
    expect(strangers?.n).toBe(0);
  });

  it('a deposit keeps what it was recorded as when the minimum changes before it is confirmed', async () => {
    const player = await signedUp(t.app);
    const address = await depositAddressOf(t.database.db, t.app.services.wallet.gateway, player.id);
    const incoming = (confirmations: number): IncomingTransfer => ({
      txId: createHash('sha256').update(`minimum-${player.id}`).digest('hex'),
      eventIndex: 0,
      to: address,
      currency: 'USDT',
      amountRaw: 3_000_000n,
      confirmations,
      final: false,
    });
    // Seen under a minimum of 1 USDT: pending. Confirmed after the minimum became 5: credited all the same.
    expect(await applyIncoming(t.app.services, [incoming(0)], { ...rules(), minDepositMicro: 1_000_000n })).toBe(0);
    expect(await applyIncoming(t.app.services, [incoming(40)], { ...rules(), minDepositMicro: 5_000_000n })).toBe(1);
    const [account] = await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${player.id}`);
    expect(account?.balance).toBe('3000000');
  });

  it('a deposit that cannot be credited holds up none of the others in its poll, and a later poll credits it', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => signedUp(t.app)));
    const addresses = await Promise.all(players.map((p) => depositAddressOf(t.database.db, t.app.services.wallet.gateway, p.id)));
    const txIds = players.map((_, i) => createHash('sha256').update(`stuck-${players[0]?.id}-${i}`).digest('hex'));
    const poll = players.map((_, i): IncomingTransfer => ({
      txId: txIds[i] as string,
      eventIndex: 0,
      to: addresses[i] as string,
      currency: 'USDT',
      amountRaw: 3_000_000n,
      confirmations: 40,
      final: true,
    }));
    // The first player's account is gone (it has never moved money): their credit's ledger transfer fails.
    const stuck = players[0]?.id as string;
    const [kept] = await rows<{ id: string }>(t.database, sql`delete from accounts where kind = 'user' and user_id = ${stuck} returning id::text as id`);
    const failure = await applyIncoming(t.app.services, poll, rules()).then(
      () => null,
      (error: Error) => error,
    );
    // Drizzle's error names the statement; PostgreSQL's own is its cause.
    expect((failure?.cause as Error | undefined)?.message).toMatch(/no ledger account/);

    const balanceOf = async (userId: string) =>
      (await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${userId}`))[0]?.balance;
    for (const player of players.slice(1)) expect(await balanceOf(player.id)).toBe('3000000');
    const statuses = await rows<{ tx: string; status: string }>(t.database, sql`select chain_tx_id as tx, status from deposits where chain_tx_id in ${txIds}`);
    expect(statuses.find((row) => row.tx === txIds[0])?.status).toBe('pending');
    expect(statuses.filter((row) => row.status === 'completed')).toHaveLength(5);

    await rows(t.database, sql`insert into accounts (id, kind, user_id) values (${kept?.id}::bigint, 'user', ${stuck})`);
    expect(await applyIncoming(t.app.services, poll, rules())).toBe(1);
    expect(await balanceOf(stuck)).toBe('3000000');
    for (const player of players.slice(1)) expect(await balanceOf(player.id)).toBe('3000000');
  });

  it('a worker killed between claim and send, restarted, sends once', async () => {
    const player = await signedUp(t.app);
    await credit(player.id, 40_000_000n);
    await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress: VALID_ADDRESS } });
    await t.app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: player.cookie }, payload: { userId: player.id, amount: 20 } });

    // The first worker claims and signs, then dies before it sends anything.
    const claimed = await claimAndSign(t.app.services, t.app.services.wallet.gateway);
    expect(claimed?.status).toBe('sending');

    // Restarted workers (two at once, for good measure) pick it up; the clock moves on until confirmed.
    let clock = Date.now();
    const restarted = new Devchain(t.database.db, { blockMs: 1000, hotWalletMicro: 10n ** 12n, now: () => clock });
    await Promise.all([processWithdrawals(t.app.services, restarted), processWithdrawals(t.app.services, restarted)]);
    clock += 10_000;
    await processWithdrawals(t.app.services, restarted);

    const sent = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from devchain_transactions where tx_id = ${claimed?.chainTxId}`);
    expect(sent[0]?.n).toBe(1);
    const [record] = await rows<{ status: string; chain_tx_id: string }>(t.database, sql`select status, chain_tx_id from withdrawals where id = ${claimed?.id}`);
    expect(record).toEqual({ status: 'completed', chain_tx_id: claimed?.chainTxId });
    const paid = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from transfers where ref = ${claimed?.id} and kind = 'withdrawal-sent'`);
    expect(paid[0]?.n).toBe(1);
  });

  it('a signed withdrawal that never reached the chain and expired is refunded, never re-signed', async () => {
    const player = await signedUp(t.app);
    await credit(player.id, 10_000_000n);
    await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress: VALID_ADDRESS } });
    await t.app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: player.cookie }, payload: { userId: player.id, amount: 10 } });
    const claimed = await claimAndSign(t.app.services, t.app.services.wallet.gateway);
    const expiresAt = new Date((await rows<{ expires_at: string }>(t.database, sql`select expires_at from withdrawals where id = ${claimed?.id}`))[0]?.expires_at ?? 0).getTime();
    // Past its expiry, but within the margin for a node that lags, and every broadcast's outcome unknown:
    // it may yet be on the chain, so it is neither refunded nor re-signed.
    const unreachable = Object.assign(Object.create(t.app.services.wallet.gateway) as ChainGateway, {
      broadcast: async () => {
        throw new Error('connection reset');
      },
    });
    await processWithdrawals(t.app.services, unreachable, undefined, new Date(expiresAt + 5 * 60_000));
    expect((await rows<{ status: string; chain_tx_id: string }>(t.database, sql`select status, chain_tx_id from withdrawals where id = ${claimed?.id}`))[0]).toEqual({ status: 'sending', chain_tx_id: claimed?.chainTxId });
    await processWithdrawals(t.app.services, unreachable, undefined, new Date(expiresAt + 11 * 60_000));
    const [record] = await rows<{ status: string }>(t.database, sql`select status from withdrawals where id = ${claimed?.id}`);
    expect(record?.status).toBe('failed');
    const [account] = await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${player.id}`);
    expect(account?.balance).toBe('10000000');
    const onChain = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from devchain_transfers where tx_id = ${claimed?.chainTxId}`);
    expect(onChain[0]?.n).toBe(0);
  });

  it("a refusal of the first broadcast refunds nothing when another node sent a copy meanwhile, and that copy is paid once", async () => {
    const player = await signedUp(t.app);
    await credit(player.id, 10_000_000n);
    await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress: VALID_ADDRESS } });
    await t.app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: player.cookie }, payload: { userId: player.id, amount: 10 } });
    const chain = t.app.services.wallet.gateway;
    // While the first broadcast waits for its answer, another node's reconcile sends the same
    // transaction, and the chain takes it; then a busy node's refusal answers the first.
    const racing = Object.assign(Object.create(chain) as ChainGateway, {
      broadcast: async (withdrawal: SignedWithdrawal) => {
        await processWithdrawals(t.app.services, chain);
        expect((await rows<{ broadcasts: number }>(t.database, sql`select broadcasts from withdrawals where chain_tx_id = ${withdrawal.txId}`))[0]?.broadcasts).toBe(2);
        return { accepted: false as const, reason: 'SERVER_BUSY: Server busy.' };
      },
    });
    const claimed = await claimAndSign(t.app.services, chain);
    if (!claimed) throw new Error('nothing claimed');
    let clock = Date.now();
    // The first broadcast of this claim, through the worker's own send (reconcile finds it 'sending', unknown on the chain).
    await processWithdrawals(t.app.services, racing, undefined, new Date(clock));
    const [after] = await rows<{ status: string }>(t.database, sql`select status from withdrawals where id = ${claimed.id}`);
    expect(after?.status).toBe('sending');
    expect((await rows<{ balance: string }>(t.database, sql`select balance_micro::text as balance from accounts where kind = 'user' and user_id = ${player.id}`))[0]?.balance).toBe('0');
    // The copy is mined: completed, and the player was never refunded.
    const later = new Devchain(t.database.db, { blockMs: 1000, hotWalletMicro: 10n ** 12n, now: () => clock });
    clock += 10_000;
    await processWithdrawals(t.app.services, later, undefined, new Date(clock));
    expect((await rows<{ status: string }>(t.database, sql`select status from withdrawals where id = ${claimed.id}`))[0]?.status).toBe('completed');
    const kinds = await rows<{ kind: string }>(t.database, sql`select kind from transfers where ref = ${claimed.id} order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['withdrawal-fee', 'withdrawal-hold', 'withdrawal-sent']);
  });
});
