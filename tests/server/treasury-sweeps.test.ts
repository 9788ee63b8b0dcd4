import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { DEVCHAIN_HOT_WALLET, DEVCHAIN_RESOURCE_ACCOUNT, devchainHotWalletKey } from '../../server/wallet/devchain.ts';
import { MAINNET_COSTS, USDT_TRANSFER_ENERGY } from '../../server/wallet/tronCosts.ts';
import { databaseKinds, rows } from './harness.ts';
import { BLOCK_MS, COLD, treasuryTestApp } from './treasuryKit.ts';

/**
 * Consolidation on the devchain (issue 34): deposits move from the players' addresses to the hot wallet
 * up to its target and the rest to the cold address, with exactly what they held; the ledger does not
 * move; the fees recorded are what the chain charged.
 */
for (const kind of databaseKinds) {
  describe(`treasury sweeps with a staking account [${kind}]`, () => {
    const kit = treasuryTestApp(kind, { DEVCHAIN_HOT_WALLET_USDT: '50', HOT_WALLET_TARGET_USDT: '100', SWEEP_MIN_USDT: '20', TREASURY_COLD_ADDRESS: COLD });

    it('moves exactly what each address held, hot wallet first up to its target, the rest cold; a second pass moves nothing', async () => {
      const [big, mid, small, tiny] = await kit.depositors([60, 30, 25, 10]);
      if (!big || !mid || !small || !tiny) throw new Error('no players');
      const ledgerBefore = await kit.ledger();
      const trxBefore = await kit.houseTrx();
      const hotBefore = await kit.chain().balances(DEVCHAIN_HOT_WALLET);

      const reports = await kit.sweepUntilSettled();
      expect(reports.map((r) => [r.address, r.destinationKind, r.step]).sort()).toEqual(
        [
          [big.address, 'hot', 'done'],
          [mid.address, 'cold', 'done'],
          [small.address, 'cold', 'done'],
        ].sort(),
      );
      // The hot wallet was 50 short of its target: the largest address (60) filled it; 30 + 25 went cold.
      expect((await kit.chain().balances(DEVCHAIN_HOT_WALLET)).usdtMicro - hotBefore.usdtMicro).toBe(60_000_000n);
      expect((await kit.chain().balances(COLD)).usdtMicro).toBe(55_000_000n);
      for (const player of [big, mid, small]) expect((await kit.chain().balances(player.address)).usdtMicro).toBe(0n);
      // Below SWEEP_MIN_USDT: left where it is.
      expect((await kit.chain().balances(tiny.address)).usdtMicro).toBe(10_000_000n);

      // The players' money did not move: a sweep moves the house's coins between its own addresses.
      expect(await kit.ledger()).toEqual(ledgerBefore);
      for (const player of [big, mid, small, tiny]) expect(await kit.balanceOf(player.cookie)).toBe(player.amount);

      // Energy came from the staking account, lent and taken back; the TRX the house lost is exactly the fees recorded.
      const txs = await rows<{ kind: string; tx_id: string; fee: string; status: string }>(
        kit.t().database,
        sql`select kind, tx_id, fee_sun::text as fee, status from sweep_transactions`,
      );
      expect(txs.every((tx) => tx.status === 'confirmed')).toBe(true);
      expect(txs.filter((tx) => tx.kind === 'delegate')).toHaveLength(3);
      expect(txs.filter((tx) => tx.kind === 'undelegate')).toHaveLength(3);
      expect(txs.filter((tx) => tx.kind === 'transfer')).toHaveLength(3);
      for (const player of [big, mid, small]) expect(await kit.chain().delegatedSun(DEVCHAIN_RESOURCE_ACCOUNT, player.address)).toBe(0n);
      const recorded = txs.reduce((sum, tx) => sum + BigInt(tx.fee), 0n);
      const [charged] = await rows<{ fee: string }>(
        kit.t().database,
        sql`select coalesce(sum(fee_sun), 0)::text as fee from devchain_transactions where tx_id in (select tx_id from sweep_transactions)`,
      );
      expect(recorded).toBe(BigInt(charged?.fee ?? '-1'));
      expect(trxBefore - (await kit.houseTrx())).toBe(recorded);
      // With delegated energy the transfers burned nothing for energy.
      const energyBurned = await rows<{ n: number }>(
        kit.t().database,
        sql`select count(*)::int as n from devchain_transactions where kind = 'usdt' and tx_id in (select tx_id from sweep_transactions) and energy_usage < energy_total`,
      );
      expect(energyBurned[0]?.n).toBe(0);

      // Again: nothing new to sweep, nothing sent.
      const sweepsBefore = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweep_transactions`);
      expect(await kit.sweepUntilSettled()).toEqual([]);
      expect(await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweep_transactions`)).toEqual(sweepsBefore);
    });

    it('sweeps an address again when it receives more, and sweeps TRX deposits to the hot wallet', async () => {
      const [player] = await kit.depositors([40]);
      if (!player) throw new Error('no player');
      await kit.sweepUntilSettled();
      expect((await kit.chain().balances(player.address)).usdtMicro).toBe(0n);
      // The same player deposits again, USDT and TRX (credited at TRX_USDT_RATE).
      await kit.call('POST', '/api/dev/deposit', undefined, { address: player.address, amount: 25, currency: 'USDT' });
      await kit.call('POST', '/api/dev/deposit', undefined, { address: player.address, amount: 500, currency: 'TRX' });
      for (let i = 0; i < 100 && (await kit.balanceOf(player.cookie)) < 40 + 25 + 75.5; i += 1) {
        await pollDeposits(kit.t().app.services, kit.chain(), kit.t().app.services.wallet.rules);
        await kit.pause(BLOCK_MS);
      }
      expect(await kit.balanceOf(player.cookie)).toBe(140.5);
      const hotTrxBefore = (await kit.chain().balances(DEVCHAIN_HOT_WALLET)).trxSun;
      await kit.sweepUntilSettled();
      const after = await kit.chain().balances(player.address);
      expect(after.usdtMicro).toBe(0n);
      // What is left is below a transfer's worth of reclaiming (under 1 TRX).
      expect(after.trxSun < 1_000_000n).toBe(true);
      expect((await kit.chain().balances(DEVCHAIN_HOT_WALLET)).trxSun > hotTrxBefore + 490_000_000n).toBe(true);
    });
  });

  describe(`treasury sweeps without stake: TRX burned for energy [${kind}]`, () => {
    const kit = treasuryTestApp(kind, { DEVCHAIN_STAKED_TRX: '0', HOT_WALLET_TARGET_USDT: '1000000', SWEEP_MIN_USDT: '20' });

    it('activates the address with just enough TRX to burn, and records what the chain burned', async () => {
      const [player] = await kit.depositors([75]);
      if (!player) throw new Error('no player');
      const trxBefore = await kit.houseTrx();
      const [report] = await kit.sweepUntilSettled();
      expect(report).toMatchObject({ step: 'done', destinationKind: 'hot', currency: 'USDT' });
      const txs = await rows<{ kind: string; amount: string; fee: string }>(
        kit.t().database,
        sql`select kind, amount_raw::text as amount, fee_sun::text as fee from sweep_transactions order by created_at`,
      );
      expect(txs.map((tx) => tx.kind)).toEqual(['activate', 'transfer']);
      // The hot wallet already held USDT: 31,895 energy at 100 sun; the address's free bandwidth pays the bytes.
      const transferFee = BigInt(txs[1]?.fee ?? '0');
      expect(transferFee).toBe(USDT_TRANSFER_ENERGY * MAINNET_COSTS.energyPriceSun);
      expect(BigInt(txs[0]?.amount ?? '0') >= transferFee).toBe(true);
      expect(BigInt(txs[0]?.amount ?? '0') - transferFee < 100_000n).toBe(true);
      expect(trxBefore - (await kit.houseTrx())).toBe(txs.reduce((sum, tx) => sum + BigInt(tx.fee), 0n));
    });

    it('holds a withdrawal larger than the hot wallet until a sweep funds it, and never refunds it', async () => {
      const [payer] = await kit.depositors([30]);
      if (!payer) throw new Error('no player');
      // Empty the hot wallet of USDT but 5, on the chain, as a week of withdrawals would.
      const hot = (await kit.chain().balances(DEVCHAIN_HOT_WALLET)).usdtMicro;
      const spend = await kit.chain().sign(devchainHotWalletKey(), { kind: 'usdt', to: COLD, amount: hot - 5_000_000n, feeLimitSun: 30_000_000n });
      expect(await kit.chain().broadcast(spend)).toEqual({ accepted: true });

      await kit.call('POST', '/api/wallet/save-address', payer.cookie, { savedAddress: COLD });
      expect((await kit.call('POST', '/api/withdraw', payer.cookie, { userId: payer.id, amount: 25 })).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        await kit.withdrawalRound();
        await kit.pause(BLOCK_MS);
      }
      const waiting = async () =>
        (await rows<{ status: string; waiting: boolean }>(kit.t().database, sql`select status, waiting_funds_since is not null as waiting from withdrawals where user_id = ${payer.id}`))[0];
      expect(await waiting()).toEqual({ status: 'pending', waiting: true });
      expect(await kit.balanceOf(payer.cookie)).toBe(5);

      // The sweep brings the depositors' USDT to the hot wallet; the withdrawal then goes out, once.
      await kit.sweepUntilSettled();
      for (let i = 0; i < 100 && (await waiting())?.status !== 'completed'; i += 1) {
        await kit.withdrawalRound();
        await kit.pause(BLOCK_MS);
      }
      expect(await waiting()).toEqual({ status: 'completed', waiting: false });
      expect(await kit.balanceOf(payer.cookie)).toBe(5);
      const refunds = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from transfers where kind = 'withdrawal-refund'`);
      expect(refunds[0]?.n).toBe(0);
    });

    it('holds a withdrawal while the hot wallet lacks the TRX its transfer may burn, and never refunds it', async () => {
      const [payer] = await kit.depositors([40]);
      if (!payer) throw new Error('no player');
      await kit.sweepUntilSettled();
      // The hot wallet keeps its USDT but its TRX leaves: below a transfer's fee limit (30 TRX).
      const hot = await kit.chain().balances(DEVCHAIN_HOT_WALLET);
      const drain = await kit.chain().sign(devchainHotWalletKey(), { kind: 'trx', to: COLD, amount: hot.trxSun - 10_000_000n });
      expect(await kit.chain().broadcast(drain)).toEqual({ accepted: true });
      await kit.call('POST', '/api/wallet/save-address', payer.cookie, { savedAddress: COLD });
      expect((await kit.call('POST', '/api/withdraw', payer.cookie, { userId: payer.id, amount: 20 })).statusCode).toBe(200);
      const state = async () =>
        (await rows<{ status: string; waiting: boolean }>(kit.t().database, sql`select status, waiting_funds_since is not null as waiting from withdrawals where user_id = ${payer.id}`))[0];
      for (let i = 0; i < 3; i += 1) {
        await kit.withdrawalRound();
        await kit.pause(BLOCK_MS);
      }
      expect(await state()).toEqual({ status: 'pending', waiting: true });
      // TRX arrives: it goes out, once.
      await kit.chain().simulateIncoming(DEVCHAIN_HOT_WALLET, 'TRX', 100_000_000n);
      for (let i = 0; i < 100 && (await state())?.status !== 'completed'; i += 1) {
        await kit.withdrawalRound();
        await kit.pause(BLOCK_MS);
      }
      expect(await state()).toEqual({ status: 'completed', waiting: false });
      expect(await kit.balanceOf(payer.cookie)).toBe(20);
    });
  });
}
