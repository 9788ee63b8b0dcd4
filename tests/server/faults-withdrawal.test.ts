import { secp256k1 } from '@noble/curves/secp256k1.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { accountXpubFromSeed, privateKeyFromSeed, tronAddressOf } from '../../server/wallet/tronAddress.ts';
import { balanceOf, freshSchema, ok, signUp, startNode, until, type FreshSchema, type NodeProcess, type Player } from './faultKit.ts';
import { HoldingTronGrid } from './faultRelays.ts';
import { query, transferKinds } from './faultGames.ts';

/**
 * Faults (issue #11), on real PostgreSQL with real server processes (server/main.ts): a node killed with
 * SIGKILL between claiming a withdrawal and hearing from the chain (faults.test.ts has the others). Ends
 * with the ledger's invariants (checkLedger).
 */

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const redisEnv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const XPUB = accountXpubFromSeed(pbkdf2(sha512, new TextEncoder().encode(MNEMONIC), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 }));
const HOT_KEY = Buffer.from(privateKeyFromSeed(new Uint8Array(64).fill(7), 0)).toString('hex');
// Nobody's deposit address here (TSeJkUh4… is deposit address #1 of this test mnemonic's key: a player's).
const PAYEE = 'TXkqK26z8z9hMJzHrZDT9GMQkzeWZ9pZLF';

describe.runIf(url)('faults: a node killed between claiming a withdrawal and hearing from the chain', () => {
  let schema: FreshSchema | undefined;
  let database: Database | undefined;
  let db: pg.Client | undefined;
  const tron = new HoldingTronGrid();
  const nodes: NodeProcess[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await tron.start();
    // The hot wallet holds USDT on the chain (a withdrawal it cannot cover would wait for funds) and TRX for its fees.
    const hotWallet = tronAddressOf(secp256k1.getPublicKey(Buffer.from(HOT_KEY, 'hex'), true));
    tron.chain.addTransfer({ to: hotWallet, currency: 'TRX', amountRaw: 10_000_000_000n, confirmed: true });
    tron.chain.addTransfer({ to: hotWallet, currency: 'USDT', amountRaw: 1_000_000_000_000n, confirmed: true });
    schema = await freshSchema(url as string);
    env = {
      DATABASE_URL: schema.databaseUrl,
      ...redisEnv,
      CHAIN: 'tron',
      TRON_API_URL: tron.url,
      TRON_XPUB: XPUB,
      TRON_HOT_WALLET_KEY: HOT_KEY,
      WALLET_POLL_MS: '200',
    };
    nodes.push(await startNode('wallet-1', env));
    database = await schema.open();
    db = await schema.client();
  }, 90_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await tron.stop();
    await db?.end();
    await database?.close();
    await schema?.drop();
  });

  interface WithdrawalRow {
    id: string;
    status: string;
    chain_tx_id: string | null;
    attempts: number;
  }
  const withdrawalOf = async (player: Player) => {
    const [row] = await query<WithdrawalRow>(db as pg.Client, 'SELECT id, status, chain_tx_id, attempts FROM withdrawals WHERE user_id = $1', [player.id]);
    if (!row) throw new Error(`no withdrawal of ${player.username}`);
    return row;
  };
  const heldFor = (row: WithdrawalRow) => tron.held.find((h) => h.txId === row.chain_tx_id);

  it('sends each withdrawal on chain exactly once, whether its lost broadcast arrived or not, and debits once', async () => {
    const client = db as pg.Client;
    const first = nodes[0] as NodeProcess;
    const lost = await signUp(first.base, 'lost');
    const arrived = await signUp(first.base, 'arrived');
    // Funded through the chain: a confirmed USDT deposit to each one's address, credited by the node.
    for (const player of [lost, arrived]) {
      const { walletAddress } = await ok<{ walletAddress: string }>(first.base, player.cookie, 'GET', '/wallet/wallet-address');
      tron.chain.addTransfer({ to: walletAddress, currency: 'USDT', amountRaw: 50_000_000n, confirmed: true });
      await ok(first.base, player.cookie, 'POST', '/wallet/save-address', { savedAddress: PAYEE });
    }
    for (const player of [lost, arrived]) {
      await until(async () => ((await balanceOf(first.base, player)) === 50 ? true : undefined), 20_000, 'deposit credited', 100);
    }

    // The first transaction's broadcasts never reach the chain (the connection drops: outcome unknown,
    // the node carries on and tries that same transaction again each round); any other is held unanswered.
    let cut: string | null = null;
    tron.fate = (txId) => {
      cut ??= txId;
      return txId === cut ? 'cut' : 'hold';
    };
    expect(await ok(first.base, lost.cookie, 'POST', '/withdraw', { userId: lost.id, amount: 20 })).toEqual({ newBalance: 30, status: 'pending' });
    await until(async () => ((await withdrawalOf(lost)).status === 'sending' && tron.sent.length >= 2 ? true : undefined), 20_000, 'first broadcast cut and retried', 100);
    expect(await ok(first.base, arrived.cookie, 'POST', '/withdraw', { userId: arrived.id, amount: 10 })).toEqual({ newBalance: 40, status: 'pending' });
    // The node claims and signs the second one, stores it as 'sending', and waits on its broadcast: killed there.
    await until(() => (tron.held.length === 1 ? true : undefined), 20_000, 'second broadcast held');
    const lostRow = await withdrawalOf(lost);
    const arrivedRow = await withdrawalOf(arrived);
    expect(lostRow).toMatchObject({ status: 'sending', attempts: 1, chain_tx_id: cut });
    expect(arrivedRow).toMatchObject({ status: 'sending', attempts: 1 });
    expect(heldFor(arrivedRow)).toBeDefined();
    await first.kill();
    // The held broadcast did reach the chain; the node never heard. The other one never got there.
    await tron.deliver(arrivedRow.chain_tx_id as string);
    // ... and is in a block by the time a node asks (TRON makes one every 3 s).
    tron.chain.mineBroadcasts();
    expect([...tron.chain.broadcasts.keys()]).toEqual([arrivedRow.chain_tx_id]);
    const sentBeforeKill = tron.sent.length;

    // A node again, with a chain that answers: it looks each one up before sending anything again.
    tron.fate = () => 'pass';
    const second = await startNode('wallet-2', env);
    nodes.push(second);
    await until(() => (tron.chain.broadcasts.has(lostRow.chain_tx_id as string) ? true : undefined), 20_000, 'the lost one sent again');
    tron.chain.confirmAll();
    await until(
      async () => ((await withdrawalOf(lost)).status === 'completed' && (await withdrawalOf(arrived)).status === 'completed' ? true : undefined),
      20_000,
      'both completed',
      100,
    );

    // Exactly one transaction per withdrawal ever existed: the one signed (and stored) before its first broadcast.
    expect(await withdrawalOf(lost)).toMatchObject({ chain_tx_id: lostRow.chain_tx_id, attempts: 1 });
    expect(await withdrawalOf(arrived)).toMatchObject({ chain_tx_id: arrivedRow.chain_tx_id, attempts: 1 });
    expect(new Set(tron.sent)).toEqual(new Set([lostRow.chain_tx_id, arrivedRow.chain_tx_id]));
    expect(tron.chain.broadcasts.size).toBe(2);
    expect(tron.chain.decodeTransfer(lostRow.chain_tx_id as string)).toEqual({ to: PAYEE, amount: 18_500_000n });
    expect(tron.chain.decodeTransfer(arrivedRow.chain_tx_id as string)).toEqual({ to: PAYEE, amount: 8_500_000n });
    // After the restart: the one that arrived was found on chain and never sent again; the lost one was
    // sent again as the very same transaction (same id, same signature).
    const sentAfter = tron.sent.slice(sentBeforeKill);
    expect(sentAfter).not.toContain(arrivedRow.chain_tx_id);
    expect(sentAfter).toContain(lostRow.chain_tx_id);

    expect(await balanceOf(second.base, lost)).toBe(30);
    expect(await balanceOf(second.base, arrived)).toBe(40);
    for (const row of [lostRow, arrivedRow]) {
      expect(await transferKinds(client, row.id)).toEqual({ 'withdrawal-hold': 1, 'withdrawal-sent': 1, 'withdrawal-fee': 1 });
    }
    expect(await checkLedger((database as Database).db)).toEqual({ ok: true, problems: [] });
  }, 100_000);
});
