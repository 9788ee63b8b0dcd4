import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositAddressOf } from '../../server/wallet/deposits.ts';
import { DEPOSIT_CHECK_AFTER_MS, settleDroppedDeposits } from '../../server/wallet/droppedDeposits.ts';
import { accountXpubFromSeed, privateKeyFromSeed } from '../../server/wallet/tronAddress.ts';
import { databaseKinds, rows, signedUp } from './harness.ts';
import { tronTestApp } from './tronKit.ts';

/**
 * A deposit the chain dropped (server/wallet/droppedDeposits.ts): seen in a block that a fork then left
 * out, it is marked failed in the player's history once the chain no longer knows it, and nothing is
 * credited; if the chain takes it again after all, it is credited once.
 */

const seed = pbkdf2(sha512, new TextEncoder().encode('dropped deposits'), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 });
const XPUB = accountXpubFromSeed(seed);
const HOT_KEY = Buffer.from(privateKeyFromSeed(new Uint8Array(64).fill(9), 0)).toString('hex');
const MINUTE = 60_000;

for (const kind of databaseKinds) {
  describe(`deposits the chain dropped [${kind}]`, () => {
    const { chain, t, gateway, poll, balanceOf } = tronTestApp(kind, { xpub: XPUB, hotWalletKey: HOT_KEY });
    const settle = (at: number) => settleDroppedDeposits(t().app.services, gateway(), undefined, new Date(at));
    const history = async (player: { id: string; cookie: string }) =>
      ((await t().app.inject({ url: `/api/transactions/${player.id}`, headers: { cookie: player.cookie } })).json().transactions as { type: string; amount: number; status: string; blockchainTransactionId: string }[])
        .filter((row) => row.type === 'deposit')
        .map((row) => ({ amount: row.amount, status: row.status, tx: row.blockchainTransactionId }));
    /** A new player's deposit in a block not yet final, seen by a poll. */
    const seenPending = async (currency: 'USDT' | 'TRX', amountRaw: bigint) => {
      const player = await signedUp(t().app);
      const address = await depositAddressOf(t().database.db, gateway(), player.id);
      const txId = chain.addTransfer({ to: address, currency, amountRaw, confirmed: false });
      await poll();
      return { player, address, txId };
    };
    /** What a node asks about one transaction that is in a block not yet final. */
    const askedWhilePending = ['POST /walletsolidity/gettransactioninfobyid', 'POST /wallet/gettransactionbyid'];

    it('marks a deposit failed once a fork has left it out, credits nothing, and credits it once if it comes back', async () => {
      const { player, address, txId } = await seenPending('USDT', 7_000_000n);
      expect(await history(player)).toEqual([{ amount: 7, status: 'pending', tx: txId }]);
      const seenAt = Date.now();

      // Not yet due: the chain is not asked.
      chain.requests.length = 0;
      expect(await settle(seenAt + DEPOSIT_CHECK_AFTER_MS - MINUTE)).toBe(0);
      expect(chain.requests).toEqual([]);
      // Due, and still in a block on its way to final: it stays pending.
      chain.requests.length = 0;
      expect(await settle(seenAt + DEPOSIT_CHECK_AFTER_MS + MINUTE)).toBe(0);
      expect(chain.requests).toEqual(askedWhilePending);
      expect(await history(player)).toEqual([{ amount: 7, status: 'pending', tx: txId }]);

      // A fork leaves it out. It was asked about a moment ago: not again until the wait has passed once more.
      chain.drop(txId);
      chain.requests.length = 0;
      expect(await settle(seenAt + DEPOSIT_CHECK_AFTER_MS + 5 * MINUTE)).toBe(0);
      expect(chain.requests).toEqual([]);
      expect(await settle(seenAt + 2 * DEPOSIT_CHECK_AFTER_MS + 2 * MINUTE)).toBe(1);
      expect(await history(player)).toEqual([{ amount: 7, status: 'failed', tx: txId }]);
      expect(await balanceOf(player.cookie)).toBe(0);
      // A failed deposit is asked about no more.
      chain.requests.length = 0;
      expect(await settle(seenAt + 10 * DEPOSIT_CHECK_AFTER_MS)).toBe(0);
      expect(chain.requests).toEqual([]);

      // The sender's wallet puts the same transaction in again: pending once more, then credited once.
      chain.addTransfer({ txId, to: address, currency: 'USDT', amountRaw: 7_000_000n, confirmed: false });
      await poll();
      expect(await history(player)).toEqual([{ amount: 7, status: 'pending', tx: txId }]);
      chain.confirmAll();
      await poll();
      await poll();
      expect(await history(player)).toEqual([{ amount: 7, status: 'completed', tx: txId }]);
      expect(await balanceOf(player.cookie)).toBe(7);
    });

    it('credits a dropped deposit the chain makes final before the poll sees it pending again', async () => {
      const { player, address, txId } = await seenPending('TRX', 10_000_000n);
      chain.drop(txId);
      expect(await settle(Date.now() + DEPOSIT_CHECK_AFTER_MS + MINUTE)).toBe(1);
      expect((await history(player))[0]?.status).toBe('failed');
      chain.addTransfer({ txId, to: address, currency: 'TRX', amountRaw: 10_000_000n, confirmed: true });
      await poll();
      expect(await history(player)).toEqual([{ amount: 1.51, status: 'completed', tx: txId }]);
      expect(await balanceOf(player.cookie)).toBe(1.51);
    });

    it("credits a final sighting even when another node's drop check marks it failed between the poll's record and its claim", async () => {
      const player = await signedUp(t().app);
      const address = await depositAddressOf(t().database.db, gateway(), player.id);
      chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 4_000_000n, confirmed: true });
      // Stands for the drop check of another node, run right after the poll records the sighting.
      await t().database.db.execute(sql`
        CREATE FUNCTION test_mark_failed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE deposits SET status = 'failed' WHERE id = NEW.id AND status = 'pending'; RETURN NULL; END $$`);
      await t().database.db.execute(sql`CREATE TRIGGER test_mark_failed AFTER INSERT OR UPDATE OF confirmations ON deposits FOR EACH ROW EXECUTE FUNCTION test_mark_failed()`);
      try {
        await poll();
      } finally {
        await t().database.db.execute(sql`DROP TRIGGER test_mark_failed ON deposits`);
        await t().database.db.execute(sql`DROP FUNCTION test_mark_failed()`);
      }
      expect((await history(player))[0]?.status).toBe('completed');
      expect(await balanceOf(player.cookie)).toBe(4);
    });

    it('keeps a deposit pending when the node answers with an error rather than a transaction', async () => {
      const { player, txId } = await seenPending('USDT', 3_000_000n);
      chain.drop(txId);
      chain.nodeErrors = /gettransaction(info)?byid$/;
      try {
        await expect(settle(Date.now() + DEPOSIT_CHECK_AFTER_MS + MINUTE)).rejects.toThrow('answered an error');
      } finally {
        chain.nodeErrors = null;
      }
      expect(await history(player)).toEqual([{ amount: 3, status: 'pending', tx: txId }]);
      // Asked again once the wait has passed, it is marked failed.
      expect(await settle(Date.now() + 2 * DEPOSIT_CHECK_AFTER_MS + 2 * MINUTE)).toBe(1);
      expect(await history(player)).toEqual([{ amount: 3, status: 'failed', tx: txId }]);
    });

    it('leaves a deposit the chain has made final to the poll, and asks each pending one once when two nodes look at once', async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => signedUp(t().app)));
      const txIds: string[] = [];
      for (const player of players) {
        const address = await depositAddressOf(t().database.db, gateway(), player.id);
        txIds.push(chain.addTransfer({ to: address, currency: 'USDT', amountRaw: 2_000_000n, confirmed: false }));
      }
      await poll();
      // Three are left out by a fork; the other three are final on the chain, not yet polled again.
      for (const txId of txIds.slice(0, 3)) chain.drop(txId);
      chain.confirmAll();
      chain.requests.length = 0;
      const at = Date.now() + DEPOSIT_CHECK_AFTER_MS + MINUTE;
      const [first, second] = await Promise.all([settle(at), settle(at)]);
      expect(first + second).toBe(3);
      expect(chain.requests.filter((request) => request.endsWith('/walletsolidity/gettransactioninfobyid'))).toHaveLength(6);
      const statusOf = async (txId: string) => (await rows<{ status: string }>(t().database, sql`SELECT status FROM deposits WHERE chain_tx_id = ${txId}`))[0]?.status;
      expect(await Promise.all(txIds.map(statusOf))).toEqual(['failed', 'failed', 'failed', 'pending', 'pending', 'pending']);
      await poll();
      expect(await Promise.all(txIds.map(statusOf))).toEqual(['failed', 'failed', 'failed', 'completed', 'completed', 'completed']);
      expect(await Promise.all(players.map((p) => balanceOf(p.cookie)))).toEqual([0, 0, 0, 2, 2, 2]);
    });
  });
}
