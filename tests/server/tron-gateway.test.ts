import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { eq, sql } from 'drizzle-orm';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { chainState } from '../../server/db/schema.ts';
import { depositAddressOf } from '../../server/wallet/deposits.ts';
import { accountXpubFromSeed, depositAddressFromXpub, privateKeyFromSeed, tronAddressOf } from '../../server/wallet/tronAddress.ts';
import { TronGateway } from '../../server/wallet/tron.ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { rows, signedUp } from './harness.ts';
import { tronTestApp } from './tronKit.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2(sha512, new TextEncoder().encode(MNEMONIC), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 });
const XPUB = accountXpubFromSeed(seed);
const HOT_KEY = Buffer.from(privateKeyFromSeed(new Uint8Array(64).fill(7), 0)).toString('hex');
/** Someone else's address: the crowd's transfers go there. */
// Nobody's deposit address here (TSeJkUh4… is deposit address #1 of this test mnemonic's key: a player's).
const PAYEE = 'TXkqK26z8z9hMJzHrZDT9GMQkzeWZ9pZLF';

describe('TRON address derivation', () => {
  it('matches the known vector of the BIP-39 test mnemonic at m/44\'/195\'/0\'/0/0', () => {
    expect(depositAddressFromXpub(XPUB, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('matches TronWeb\'s own derivation from the mnemonic for the first indexes', () => {
    for (const index of [0, 1, 2, 7, 1000]) {
      const wallet = TronWeb.fromMnemonic(MNEMONIC, `m/44'/195'/0'/0/${index}`);
      expect(depositAddressFromXpub(XPUB, index), `index ${index}`).toBe(wallet.address);
    }
  });

  it('derives the hot wallet address the same way TronWeb does from its key', () => {
    const ours = tronAddressOf(secp256k1.getPublicKey(Buffer.from(HOT_KEY, 'hex'), true));
    expect(ours).toBe(TronWeb.address.fromPrivateKey(HOT_KEY));
  });
});

describe('the tron gateway against a TronGrid stand-in', () => {
  const { chain, t, gateway, poll, balanceOf } = tronTestApp('pglite', { xpub: XPUB, hotWalletKey: HOT_KEY });


  it('hands out addresses from the xpub', async () => {
    const player = await signedUp(t().app);
    const address = (await t().app.inject({ url: '/api/wallet/wallet-address', headers: { cookie: player.cookie } })).json().walletAddress;
    const [row] = await rows<{ derivation_index: number }>(t().database, sql`select derivation_index from deposit_addresses where user_id = ${player.id}`);
    expect(address).toBe(depositAddressFromXpub(XPUB, row?.derivation_index ?? -1));
  });

  it('finds deposits, waits for confirmation, and credits each once even when seen twice', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    const usdtTx = chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 25_000_000n, confirmed: false });
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 200_000_000n, confirmed: false });
    // The same transfer listed twice (a page overlap), and a second Transfer event in one transaction.
    const listed = chain.transfers.find((x) => x.txId === usdtTx);
    if (!listed) throw new Error('no transfer');
    chain.transfers.push({ ...listed });
    chain.transfers.push({ ...listed, eventIndex: 1, amountRaw: 5_000_000n });

    await poll();
    expect(await balanceOf(player.cookie)).toBe(0);
    const [pending] = await rows<{ n: number }>(t().database, sql`select count(*)::int as n from deposits where user_id = ${player.id} and status = 'pending'`);
    expect(pending?.n).toBe(3);

    chain.confirmAll();
    await poll();
    await poll();
    expect(await balanceOf(player.cookie)).toBe(25 + 5 + 200 * 0.151);
    // Found in the chain's own lists (the USDT contract's events, the blocks), never by asking about the address.
    expect(chain.requests.filter((r) => r.includes(address))).toEqual([]);
  });

  it('asks TronGrid the same few things each poll whether it watches one address or two thousand', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => depositAddressFromXpub(XPUB, 20_000 + i));
    const one = many.slice(0, 1);
    const fresh = () => new TronGateway({ apiUrl: chain.url, apiKey: 'test-key', usdtContract: chain.usdtContract, xpub: XPUB, hotWalletKey: HOT_KEY });
    // The product's addresses as the gateway may ask about them (the poll asks the database the same).
    const watching = (addresses: string[]) => ({
      asked: [] as string[],
      async ours(candidates: string[]) {
        this.asked.push(...candidates);
        return new Set(candidates.filter((address) => addresses.includes(address)));
      },
      since: async () => new Date(),
    });
    const { cursor } = await fresh().incomingTransfers(null, watching(one));
    chain.addBlock([
      { to: many[0] as string, currency: 'USDT', amountRaw: 1_000_000n, confirmed: true },
      { to: many[1_999] as string, currency: 'USDT', amountRaw: 3_000_000n, confirmed: true },
      { to: many[1_999] as string, currency: 'TRX', amountRaw: 2_000_000n, confirmed: true },
    ]);
    chain.addTransfer({ to: many[1_000] as string, currency: 'USDT', amountRaw: 4_000_000n, confirmed: false });

    const calls = async (addresses: string[]) => {
      chain.requests.length = 0;
      const watch = watching(addresses);
      const seen = await fresh().incomingTransfers(cursor, watch);
      const at = (address: string) => many.indexOf(address);
      return { seen: seen.transfers.map((x) => [at(x.to), x.currency, x.amountRaw, x.final]), requests: [...chain.requests], asked: new Set(watch.asked.map(at)) };
    };
    const forOne = await calls(one);
    const forMany = await calls(many);
    chain.confirmAll();
    expect(forOne.seen).toEqual([[0, 'USDT', 1_000_000n, true]]);
    expect(forMany.seen).toEqual(
      expect.arrayContaining([
        [0, 'USDT', 1_000_000n, true],
        [1_999, 'USDT', 3_000_000n, true],
        [1_999, 'TRX', 2_000_000n, true],
        [1_000, 'USDT', 4_000_000n, false],
      ]),
    );
    expect(forMany.seen).toHaveLength(4);
    expect(forMany.requests.length).toBe(forOne.requests.length);
    // It asks about the addresses the chain showed it, not about every address it watches.
    forMany.asked.delete(-1);
    expect(forMany.asked).toEqual(new Set([0, 1_999, 1_000]));
    expect(forMany.requests.length).toBeLessThanOrEqual(6);
  });

  it('reads a busy chain page by page and keeps what is sent to its own addresses', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    const strangers = [PAYEE, depositAddressFromXpub(XPUB, 900_000)];
    const crowd = (currency: 'USDT' | 'TRX', n: number) =>
      Array.from({ length: n }, (_, i) => ({ to: strangers[i % 2] as string, currency, amountRaw: 1_000_000n + BigInt(i), confirmed: true }));
    chain.addBlock([...crowd('USDT', 450), { to: address, currency: 'USDT', amountRaw: 7_000_000n, confirmed: true }, ...crowd('TRX', 30)]);
    chain.addBlock([...crowd('TRX', 30), { to: address, currency: 'TRX', amountRaw: 10_000_000n, confirmed: true }]);
    chain.requests.length = 0;
    await poll();
    expect(await balanceOf(player.cookie)).toBe(7 + 10 * 0.151);
    // 451 events of that block at 200 a page.
    expect(chain.requests.filter((r) => r.includes('/events')).length).toBeGreaterThanOrEqual(3);
  });

  it('reads on by block time when TronGrid leaves the fingerprint out of a full page of events', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    // The cursor on a quiet block (a busy one at the cursor is the next test's case).
    chain.addTransfer({ to: PAYEE, currency: 'USDT', amountRaw: 1_000_000n, confirmed: true });
    await poll();
    const crowd = (n: number) => Array.from({ length: n }, (_, i) => ({ to: PAYEE, currency: 'USDT' as const, amountRaw: 1_000_000n + BigInt(i), confirmed: true }));
    for (let block = 0; block < 5; block += 1) chain.addBlock(crowd(150));
    chain.addBlock([...crowd(100), { to: address, currency: 'USDT', amountRaw: 9_000_000n, confirmed: true }]);
    chain.omitFingerprint = true;
    try {
      await poll();
    } finally {
      chain.omitFingerprint = false;
    }
    expect(await balanceOf(player.cookie)).toBe(9);
  });

  it('stops loudly at a block whose events fill a page with no fingerprint, and goes on once TronGrid pages again', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    chain.addTransfer({ to: PAYEE, currency: 'USDT', amountRaw: 1_000_000n, confirmed: true });
    await poll();
    chain.addBlock([...Array.from({ length: 250 }, (_, i) => ({ to: PAYEE, currency: 'USDT' as const, amountRaw: 2_000_000n + BigInt(i), confirmed: true })), { to: address, currency: 'USDT', amountRaw: 6_000_000n, confirmed: true }]);
    const cursorNow = async () => (await t().database.db.select().from(chainState).where(eq(chainState.name, 'deposit_cursor')))[0]?.value;
    chain.omitFingerprint = true;
    try {
      // The first poll may read up to that block; from there on every poll fails, and the cursor stays.
      await poll().catch(() => 0);
      const stuckAt = await cursorNow();
      await expect(poll()).rejects.toThrow('cuts the USDT Transfer events');
      await expect(poll()).rejects.toThrow('cuts the USDT Transfer events');
      expect(await cursorNow()).toBe(stuckAt);
    } finally {
      chain.omitFingerprint = false;
    }
    expect(await balanceOf(player.cookie)).toBe(0);
    await poll();
    expect(await balanceOf(player.cookie)).toBe(6);
  });

  it('a zero-value Transfer to a player (address poisoning) is nobody\'s deposit and stops no poll', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    chain.addBlock([
      { to: address, currency: 'USDT', amountRaw: 0n, confirmed: true },
      { to: address, currency: 'USDT', amountRaw: 3_000_000n, confirmed: true },
    ]);
    await poll();
    chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 2_000_000n, confirmed: true });
    await poll();
    expect(await balanceOf(player.cookie)).toBe(5);
    const [recorded] = await rows<{ n: number }>(t().database, sql`select count(*)::int as n from deposits where user_id = ${player.id}`);
    expect(recorded?.n).toBe(2);
  });

  it('a poll TronGrid refuses half way (rate limited) credits nothing and moves no cursor; the next finds it all', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 10_000_000n, confirmed: true });
    chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 6_000_000n, confirmed: true });
    const cursorNow = async () => (await t().database.db.select().from(chainState).where(eq(chainState.name, 'deposit_cursor')))[0]?.value;
    const before = await cursorNow();
    // The blocks are read, then the events are refused.
    chain.rateLimited = /\/events$/;
    try {
      await expect(poll()).rejects.toThrow('429');
    } finally {
      chain.rateLimited = null;
    }
    expect(await balanceOf(player.cookie)).toBe(0);
    expect(await cursorNow()).toBe(before);
    await poll();
    expect(await balanceOf(player.cookie)).toBe(6 + 10 * 0.151);
  });

  it('a block range the node answers with an error credits nothing and moves no cursor; the next poll finds the TRX', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 20_000_000n, confirmed: true });
    const cursorNow = async () => (await t().database.db.select().from(chainState).where(eq(chainState.name, 'deposit_cursor')))[0]?.value;
    const before = await cursorNow();
    chain.nodeErrors = /getblockbylimitnext$/;
    try {
      await expect(poll()).rejects.toThrow('answered an error');
    } finally {
      chain.nodeErrors = null;
    }
    expect(await cursorNow()).toBe(before);
    await poll();
    expect(await balanceOf(player.cookie)).toBe(20 * 0.151);
  });

  it('reads a block range a lagging node answers only in part again next poll, and credits the TRX in it', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    await poll();
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 30_000_000n, confirmed: true });
    // The node that answers the range is two blocks behind the one that named the newest final block.
    chain.solidityRangeLag = 2;
    try {
      await poll();
    } finally {
      chain.solidityRangeLag = 0;
    }
    expect(await balanceOf(player.cookie)).toBe(0);
    await poll();
    expect(await balanceOf(player.cookie)).toBe(30 * 0.151);
  });

  it('shows a TRX deposit pending once the node that lagged has its block', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    await poll();
    const txId = chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 40_000_000n, confirmed: false });
    const statusOf = async () => (await rows<{ status: string }>(t().database, sql`select status from deposits where chain_tx_id = ${txId}`))[0]?.status;
    chain.fullRangeLag = 1;
    try {
      await poll();
    } finally {
      chain.fullRangeLag = 0;
    }
    expect(await statusOf()).toBeUndefined();
    await poll();
    expect(await statusOf()).toBe('pending');
    chain.confirmAll();
    await poll();
    expect(await statusOf()).toBe('completed');
  });

  it('moves on from the cursor of the per-address scan it replaced without missing a deposit', async () => {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    // Sent while the new code was being deployed: after the old scan's last poll, which stored a block
    // time ten minutes behind the newest final transfer it had seen.
    chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 4_000_000n, confirmed: true });
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 20_000_000n, confirmed: true });
    await t().database.db.update(chainState).set({ value: String(Date.now() - 10 * 60_000) }).where(eq(chainState.name, 'deposit_cursor'));
    await poll();
    expect(await balanceOf(player.cookie)).toBe(4 + 20 * 0.151);
    const [stored] = await t().database.db.select().from(chainState).where(eq(chainState.name, 'deposit_cursor'));
    expect(JSON.parse(stored?.value ?? 'null')).toMatchObject({ block: chain.blockNumber + 1 });
  });

  it("reads an address's on-chain USDT and TRX", async () => {
    const address = depositAddressFromXpub(XPUB, 500);
    chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 3_000_000n, confirmed: true });
    chain.addTransfer({ to: address, currency: 'TRX', amountRaw: 7_000_000n, confirmed: true });
    expect(await gateway().balances(address)).toEqual({ usdtMicro: 3_000_000n, trxSun: 7_000_000n });
  });
});
