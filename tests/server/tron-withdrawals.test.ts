import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositAddressOf } from '../../server/wallet/deposits.ts';
import { accountXpubFromSeed, privateKeyFromSeed } from '../../server/wallet/tronAddress.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { rows, signedUp } from './harness.ts';
import { tronTestApp } from './tronKit.ts';

/**
 * Withdrawals through the tron gateway against the TronGrid stand-in: signed once, sent and settled,
 * and never paid twice whatever one of TronGrid's nodes answers (server/wallet/withdrawals.ts).
 */

const XPUB = accountXpubFromSeed(new Uint8Array(64).fill(3));
const HOT_KEY = Buffer.from(privateKeyFromSeed(new Uint8Array(64).fill(7), 0)).toString('hex');
const PAYEE = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

describe('withdrawals through the tron gateway', () => {
  const { chain, t, gateway, poll, balanceOf } = tronTestApp('pglite', { xpub: XPUB, hotWalletKey: HOT_KEY });

  /** A player with `usdt` deposited and a withdrawal of `amount` asked for: the answer, and their withdrawal row read on demand. */
  async function withdrawing(usdt: number, amount: number) {
    const player = await signedUp(t().app);
    const address = await depositAddressOf(t().database.db, gateway(), player.id);
    chain.addTransfer({ to: address, currency: 'USDT', amountRaw: BigInt(usdt) * 1_000_000n, confirmed: true });
    await poll();
    await t().app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress: PAYEE } });
    const asked = (await t().app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: player.cookie }, payload: { userId: player.id, amount } })).json();
    const record = async () =>
      (
        await rows<{ id: string; status: string; chain_tx_id: string; broadcasts: number; error: string | null }>(
          t().database,
          sql`select id, status, chain_tx_id, broadcasts, error from withdrawals where user_id = ${player.id}`,
        )
      )[0];
    return { player, asked, record };
  }
  const transferKinds = async (withdrawalId: string) =>
    (await rows<{ kind: string }>(t().database, sql`select kind from transfers where ref = ${withdrawalId} order by kind`)).map((r) => r.kind);

  it('signs withdrawals with the hot wallet, sends amount − 1.5 of USDT, and completes on confirmation', async () => {
    const { asked, record } = await withdrawing(50, 20);
    expect(asked).toEqual({ newBalance: 30, status: 'pending' });

    await processWithdrawals(t().app.services, gateway());
    const sending = await record();
    expect(sending?.status).toBe('sending');
    expect(chain.decodeTransfer(sending?.chain_tx_id ?? '')).toEqual({ to: PAYEE, amount: 18_500_000n });

    chain.confirmAll();
    await processWithdrawals(t().app.services, gateway());
    expect((await record())?.status).toBe('completed');
  });

  it('refunds the whole amount when the broadcast is refused', async () => {
    const { player, record } = await withdrawing(10, 10);
    chain.refuseBroadcastsWith = 'CONTRACT_VALIDATE_ERROR';
    try {
      await processWithdrawals(t().app.services, gateway());
    } finally {
      chain.refuseBroadcastsWith = null;
    }
    const refused = await record();
    expect(refused).toMatchObject({ status: 'failed', broadcasts: 1 });
    expect(refused?.error).toContain('CONTRACT_VALIDATE_ERROR');
    expect(await balanceOf(player.cookie)).toBe(10);
  });

  it('after a broadcast with no answer, sends the same transaction again and pays once', async () => {
    const { record } = await withdrawing(10, 5);
    chain.dropBroadcasts = true;
    try {
      await processWithdrawals(t().app.services, gateway());
    } finally {
      chain.dropBroadcasts = false;
    }
    const sending = await record();
    expect(sending?.status).toBe('sending');
    await processWithdrawals(t().app.services, gateway());
    await processWithdrawals(t().app.services, gateway());
    const txId = sending?.chain_tx_id ?? '';
    expect(chain.broadcasts.has(txId)).toBe(true);
    expect(chain.broadcastCalls.filter((id) => id === txId).length).toBeGreaterThanOrEqual(2);
    expect(new Set(chain.broadcastCalls.filter((id) => chain.decodeTransfer(id)?.amount === 3_500_000n))).toEqual(new Set([txId]));
    chain.confirmAll();
    await processWithdrawals(t().app.services, gateway());
    expect((await record())?.status).toBe('completed');
  });

  it('never refunds a withdrawal a busy node refuses after an earlier copy reached the chain: it is paid once', async () => {
    const { player, record } = await withdrawing(10, 5);
    // The first broadcast is taken in; its answer is lost. Not yet in a block, the node knows no such
    // transaction, so the worker sends it again.
    chain.loseBroadcastAnswers = true;
    try {
      await processWithdrawals(t().app.services, gateway());
    } finally {
      chain.loseBroadcastAnswers = false;
    }
    // Another node behind TronGrid is busy and refuses the copy it gets. The first is on its way.
    chain.refuseBroadcastsWith = 'SERVER_BUSY';
    try {
      await processWithdrawals(t().app.services, gateway());
    } finally {
      chain.refuseBroadcastsWith = null;
    }
    const sending = await record();
    expect(sending).toMatchObject({ status: 'sending' });
    expect(sending?.broadcasts).toBeGreaterThanOrEqual(3);
    expect(await balanceOf(player.cookie)).toBe(5);

    chain.confirmAll();
    await processWithdrawals(t().app.services, gateway());
    const done = await record();
    expect(done?.status).toBe('completed');
    expect(chain.decodeTransfer(done?.chain_tx_id ?? '')).toEqual({ to: PAYEE, amount: 3_500_000n });
    expect(await balanceOf(player.cookie)).toBe(5);
    expect(await transferKinds(done?.id ?? '')).toEqual(['withdrawal-fee', 'withdrawal-hold', 'withdrawal-sent']);
  });

  const expiryOf = async (withdrawalId: string) =>
    new Date((await rows<{ expires_at: string }>(t().database, sql`select expires_at from withdrawals where id = ${withdrawalId}`))[0]?.expires_at ?? 0).getTime();

  it('never refunds at expiry a withdrawal TronGrid\'s index shows sent while the node asked does not know it', async () => {
    const { player, record } = await withdrawing(10, 5);
    await processWithdrawals(t().app.services, gateway());
    chain.confirmAll();
    const sent = await record();
    // The node that answers lags more than the margin: it knows no such transaction.
    chain.forgetTransactions = true;
    try {
      await processWithdrawals(t().app.services, gateway(), undefined, new Date((await expiryOf(sent?.id ?? '')) + 11 * 60_000));
    } finally {
      chain.forgetTransactions = false;
    }
    expect((await record())?.status).toBe('sending');
    expect(await balanceOf(player.cookie)).toBe(5);
    await processWithdrawals(t().app.services, gateway());
    expect((await record())?.status).toBe('completed');
    expect(await transferKinds(sent?.id ?? '')).toEqual(['withdrawal-fee', 'withdrawal-hold', 'withdrawal-sent']);
  });

  it('refunds at expiry a withdrawal neither the node nor the index has, whose broadcasts never arrived', async () => {
    const { player, record } = await withdrawing(10, 6);
    chain.dropBroadcasts = true;
    try {
      await processWithdrawals(t().app.services, gateway());
      const id = (await record())?.id ?? '';
      await processWithdrawals(t().app.services, gateway(), undefined, new Date((await expiryOf(id)) + 11 * 60_000));
    } finally {
      chain.dropBroadcasts = false;
    }
    expect((await record())?.status).toBe('failed');
    expect(await balanceOf(player.cookie)).toBe(10);
  });

  // OTHER_ERROR is java-tron's catch-all; NOT_ENOUGH_EFFECTIVE_CONNECTION also comes once the node's pool has it.
  it.each(['OTHER_ERROR', 'NOT_ENOUGH_EFFECTIVE_CONNECTION', 'CONTRACT_EXE_ERROR'])('takes %s for an unknown outcome, not a refusal', async (code) => {
    const { player, record } = await withdrawing(10, 4);
    chain.refuseBroadcastsWith = code;
    try {
      await processWithdrawals(t().app.services, gateway());
    } finally {
      chain.refuseBroadcastsWith = null;
    }
    expect((await record())?.status).toBe('sending');
    expect(await balanceOf(player.cookie)).toBe(6);
    // The next round sends it again, and it goes through.
    await processWithdrawals(t().app.services, gateway());
    chain.confirmAll();
    await processWithdrawals(t().app.services, gateway());
    expect((await record())?.status).toBe('completed');
  });
});
