import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Treasury } from '../../server/treasury/context.ts';
import { buildTreasury, isTreasuryChain } from '../../server/treasury/service.ts';
import { sweepPass, type SweepReport } from '../../server/treasury/sweeps.ts';
import { openChain } from '../../server/wallet/chain.ts';
import { MAINNET_COSTS, SUN_PER_TRX, USDT_TRANSFER_ENERGY } from '../../server/wallet/tronCosts.ts';
import { privateKeyFromSeed, tronAddressOf, tronAddressToHex } from '../../server/wallet/tronAddress.ts';
import { databaseKinds, type DatabaseKind, rows, signedUp } from './harness.ts';
import { tronTestApp } from './tronKit.ts';

/**
 * The treasury on CHAIN=tron (issue 34), through the real app and the gateway `npm run treasury` builds,
 * against the TronGrid stand-in's chain: its accounts, fees and Stake 2.0 follow TRON's rules, so what a
 * sweep moves and burns is what TRON would.
 */

const ACCOUNT = HDKey.fromMasterSeed(new Uint8Array(64).fill(5)).derive("m/44'/195'/0'");
const hexKey = (key: Uint8Array) => Buffer.from(key).toString('hex');
const addressOfKey = (key: string) => tronAddressOf(secp256k1.getPublicKey(Buffer.from(key, 'hex'), true));
const KEYS = { xpub: ACCOUNT.publicExtendedKey, hotWalletKey: hexKey(privateKeyFromSeed(new Uint8Array(64).fill(7), 0)) };
const RESOURCE_KEY = hexKey(privateKeyFromSeed(new Uint8Array(64).fill(9), 0));
const RESOURCE = addressOfKey(RESOURCE_KEY);
/** An address outside the house that has never held anything: the cold address. */
const COLD = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const TRX = SUN_PER_TRX;

function tronTreasuryKit(kind: DatabaseKind, { staked, hotWalletUsdt, env }: { staked: boolean; hotWalletUsdt: number; env: Record<string, string> }) {
  const kit = tronTestApp(kind, KEYS, { hotWalletMicro: BigInt(hotWalletUsdt) * 1_000_000n, env });
  const { chain } = kit;
  beforeAll(() => {
    if (!staked) return;
    // The staking account: TRX for its transactions' bandwidth, and 100,000 TRX staked for energy.
    chain.addTransfer({ to: RESOURCE, currency: 'TRX', amountRaw: 101_000n * TRX, confirmed: true });
    chain.accounts.stake(RESOURCE, 100_000n * TRX);
  });

  /** A treasury as the CLI builds one: the treasury's config, the chain gateway of that config. */
  async function treasury(overrides: Partial<Treasury> = {}): Promise<Treasury> {
    const config = kit.treasuryConfig({ TRON_XPRV: ACCOUNT.privateExtendedKey, ...(staked ? { TRON_RESOURCE_KEY: RESOURCE_KEY } : {}) });
    const gateway = await openChain(config, kit.t().database);
    if (!isTreasuryChain(gateway)) throw new Error('the tron gateway cannot carry the treasury');
    return buildTreasury(config, kit.t().database.db, gateway, undefined, { leaseMs: 1, ...overrides });
  }

  /** Players who each deposited these amounts of USDT, credited. */
  async function depositors(amounts: number[]) {
    const players = [];
    for (const amount of amounts) {
      const player = await signedUp(kit.t().app);
      const address = (await kit.t().app.inject({ url: '/api/wallet/wallet-address', headers: { cookie: player.cookie } })).json().walletAddress as string;
      chain.addTransfer({ to: address, currency: 'USDT', amountRaw: BigInt(amount) * 1_000_000n, confirmed: true });
      players.push({ ...player, address, amount });
    }
    await kit.poll();
    for (const player of players) expect(await kit.balanceOf(player.cookie)).toBe(player.amount);
    return players;
  }

  /**
   * Passes until no sweep is open, the chain putting what was sent in a block and solidifying it between
   * passes; `between` may upset TronGrid before each pass. The clock the treasury judges expiry by is the
   * chain's, as a real node's time is the treasury's.
   */
  async function sweepUntilSettled(run: Treasury, between: (pass: number) => void = () => undefined) {
    const seen = new Map<string, SweepReport>();
    let failedPasses = 0;
    for (let pass = 0; pass < 80; pass += 1) {
      between(pass);
      try {
        for (const report of await sweepPass(run, { now: new Date(chain.headTime()) })) seen.set(report.id, report);
      } catch {
        failedPasses += 1;
      }
      chain.confirmAll();
      const [open] = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweeps where step not in ('done', 'failed')`);
      if (open?.n === 0 && pass > 0) return { reports: [...seen.values()], failedPasses };
    }
    throw new Error('sweeps never settled');
  }

  const ledger = async () => rows<{ id: string; balance: string }>(kit.t().database, sql`select id::text, balance_micro::text as balance from accounts order by id`);
  const sweepTxs = async () =>
    rows<{ kind: string; tx_id: string; to_address: string; from_address: string; amount: string; fee: string; energy: string; status: string }>(
      kit.t().database,
      sql`select kind, tx_id, to_address, from_address, amount_raw::text as amount, fee_sun::text as fee, energy_used::text as energy, status from sweep_transactions order by created_at`,
    );
  /** Liquid TRX of every house address: the hot wallet, the staking account, the deposit addresses. */
  async function houseTrx(): Promise<bigint> {
    const addresses = (await rows<{ address: string }>(kit.t().database, sql`select address from deposit_addresses`)).map((r) => r.address);
    return [kit.hotWallet, RESOURCE, ...addresses].reduce((sum, address) => sum + chain.accounts.trxOf(address), 0n);
  }
  /** What the stand-in burned for these transactions, by its own receipts. */
  const charged = (txIds: string[]) => txIds.reduce((sum, txId) => sum + (chain.broadcasts.get(txId)?.receipt.fee ?? 0n), 0n);
  return { ...kit, treasury, depositors, sweepUntilSettled, ledger, sweepTxs, houseTrx, charged };
}

for (const kind of databaseKinds) {
  describe(`the treasury on tron with a staking account [${kind}]`, () => {
    const kit = tronTreasuryKit(kind, { staked: true, hotWalletUsdt: 50, env: { HOT_WALLET_TARGET_USDT: '100', SWEEP_MIN_USDT: '20', TREASURY_COLD_ADDRESS: COLD } });
    const { chain } = kit;

    it('moves exactly what each address held, hot wallet first up to its target, the rest cold, with delegated energy; a second pass moves nothing', async () => {
      const [big, mid, small, tiny] = await kit.depositors([60, 30, 25, 10]);
      if (!big || !mid || !small || !tiny) throw new Error('no players');
      const ledgerBefore = await kit.ledger();
      const trxBefore = await kit.houseTrx();
      const hotBefore = chain.accounts.usdtOf(kit.hotWallet);

      const { reports } = await kit.sweepUntilSettled(await kit.treasury());
      expect(reports.map((r) => [r.address, r.destinationKind, r.step]).sort()).toEqual(
        [
          [big.address, 'hot', 'done'],
          [mid.address, 'cold', 'done'],
          [small.address, 'cold', 'done'],
        ].sort(),
      );
      // The hot wallet was 50 short of its target: the largest address (60) filled it; 30 + 25 went cold.
      expect(chain.accounts.usdtOf(kit.hotWallet) - hotBefore).toBe(60_000_000n);
      expect(chain.accounts.usdtOf(COLD)).toBe(55_000_000n);
      for (const player of [big, mid, small]) expect(chain.accounts.usdtOf(player.address)).toBe(0n);
      expect(chain.accounts.usdtOf(tiny.address)).toBe(10_000_000n);

      // The players' money did not move: a sweep moves the house's coins between its own addresses.
      expect(await kit.ledger()).toEqual(ledgerBefore);
      for (const player of [big, mid, small, tiny]) expect(await kit.balanceOf(player.cookie)).toBe(player.amount);

      // Each address: activated by the hot wallet (TRON has no account for an address that only got
      // USDT), lent energy, swept, the energy taken back.
      const txs = await kit.sweepTxs();
      expect(txs.every((tx) => tx.status === 'confirmed')).toBe(true);
      for (const player of [big, mid, small]) {
        expect(txs.filter((tx) => tx.to_address === player.address || tx.from_address === player.address).map((tx) => tx.kind)).toEqual(['activate', 'delegate', 'transfer', 'undelegate']);
        expect(await (await kit.treasury()).chain.delegatedSun(RESOURCE, player.address)).toBe(0n);
      }
      expect(chain.accounts.delegated(RESOURCE, big.address)).toBe(0n);
      // The transfers burned nothing for energy: the delegations covered it all.
      for (const tx of txs.filter((t) => t.kind === 'transfer')) {
        const receipt = chain.broadcasts.get(tx.tx_id)?.receipt;
        expect(receipt?.energyFee).toBe(0n);
        expect(receipt?.energyUsage).toBe(BigInt(tx.energy));
      }
      // The fees recorded are what the chain burned, and all the TRX the house lost.
      const recorded = txs.reduce((sum, tx) => sum + BigInt(tx.fee), 0n);
      expect(recorded).toBe(kit.charged(txs.map((tx) => tx.tx_id)));
      expect(recorded > 0n).toBe(true);
      expect(trxBefore - (await kit.houseTrx())).toBe(recorded);

      // Again: nothing new to sweep, nothing sent.
      const sent = chain.broadcastCalls.length;
      const { reports: again } = await kit.sweepUntilSettled(await kit.treasury());
      expect(again).toEqual([]);
      expect(await kit.sweepTxs()).toHaveLength(txs.length);
      expect(chain.broadcastCalls.length).toBe(sent);
    });

    it('never credits a player the TRX the treasury sent their address; USDT the hot wallet sends them is a deposit', async () => {
      const [player] = await kit.depositors([40]);
      if (!player) throw new Error('no player');
      await kit.sweepUntilSettled(await kit.treasury());
      const [activation] = (await kit.sweepTxs()).filter((tx) => tx.kind === 'activate' && tx.to_address === player.address);
      const activationBlock = chain.broadcasts.get(activation?.tx_id ?? '')?.block;
      expect(activationBlock).toBeDefined();
      for (let i = 0; i < 3; i += 1) await kit.poll();
      // The scan read past the block holding the hot wallet's TRX to the address, and credited nothing for it.
      const [cursor] = await rows<{ value: string }>(kit.t().database, sql`select value from chain_state where name = 'deposit_cursor'`);
      expect(JSON.parse(cursor?.value ?? '{}').block > (activationBlock ?? Infinity)).toBe(true);
      const trxDeposits = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from deposits where address = ${player.address} and currency = 'TRX'`);
      expect(trxDeposits[0]?.n).toBe(0);
      expect(await kit.balanceOf(player.cookie)).toBe(40);

      // USDT from the hot wallet (a withdrawal to a player's deposit address) is credited as any deposit.
      const gateway = kit.gateway();
      if (!isTreasuryChain(gateway)) throw new Error('not a treasury chain');
      const paid = await gateway.sign(Buffer.from(KEYS.hotWalletKey, 'hex'), { kind: 'usdt', to: player.address, amount: 3_000_000n, feeLimitSun: 30n * TRX });
      expect(await gateway.broadcast(paid)).toEqual({ accepted: true });
      chain.confirmAll();
      await kit.poll();
      expect(await kit.balanceOf(player.cookie)).toBe(43);
    });

    it('waits through TronGrid errors, lost answers and lagging nodes, never repeats a step, and finishes', async () => {
      const players = await kit.depositors([26, 27]);
      const coldBefore = chain.accounts.usdtOf(COLD);
      // A fixed schedule: every kind of trouble, pass after pass, then a quiet pass now and then.
      const troubles: ((on: boolean) => void)[] = [
        (on) => (chain.rateLimited = on ? /getaccountresource|triggerconstantcontract/ : null),
        (on) => (chain.loseBroadcastAnswers = on),
        (on) => (chain.forgetTransactions = on),
        (on) => (chain.nodeErrors = on ? /gettransactioninfobyid|getdelegatedresourcev2/ : null),
        (on) => (chain.dropBroadcasts = on),
        (on) => (chain.rateLimited = on ? /getcandelegatedmaxsize|getaccount$/ : null),
        () => undefined,
      ];
      const callsBefore = chain.broadcastCalls.length;
      const acceptedBefore = chain.broadcasts.size;
      const { failedPasses } = await kit.sweepUntilSettled(await kit.treasury(), (pass) => {
        for (const trouble of troubles) trouble(false);
        troubles[pass % troubles.length]?.(true);
      });
      for (const trouble of troubles) trouble(false);

      // It did meet the trouble: passes failed, and transactions were sent again after lost answers.
      expect(failedPasses).toBeGreaterThan(0);
      expect(chain.broadcastCalls.length - callsBefore).toBeGreaterThan(chain.broadcasts.size - acceptedBefore);
      for (const player of players) {
        const [sweep] = await rows<{ step: string; transfers: number }>(
          kit.t().database,
          sql`select s.step, (select count(*)::int from sweep_transactions st where st.sweep_id = s.id and st.kind = 'transfer') as transfers from sweeps s where s.address = ${player.address}`,
        );
        expect(sweep).toEqual({ step: 'done', transfers: 1 });
        // One transaction of each step reached the chain for the address, and its USDT moved once.
        const taken = [...chain.broadcasts.values()].filter((b) => {
          const value = b.transaction.raw_data.contract[0]?.parameter.value;
          return [value?.owner_address, value?.to_address, value?.receiver_address].some((hex) => typeof hex === 'string' && hex === tronAddressToHex(player.address));
        });
        expect(taken.map((b) => b.transaction.raw_data.contract[0]?.type)).toEqual(['TransferContract', 'DelegateResourceContract', 'TriggerSmartContract', 'UnDelegateResourceContract']);
        expect(chain.accounts.usdtOf(player.address)).toBe(0n);
        expect(chain.accounts.delegated(RESOURCE, player.address)).toBe(0n);
      }
      expect(chain.accounts.usdtOf(COLD) - coldBefore).toBe(53_000_000n);
    });
  });

  describe(`the treasury on tron without a staking account: TRX burned for energy [${kind}]`, () => {
    const kit = tronTreasuryKit(kind, { staked: false, hotWalletUsdt: 1_000, env: { HOT_WALLET_TARGET_USDT: '1000000', SWEEP_MIN_USDT: '20' } });

    it('activates the address with just enough TRX to burn, and records what the chain burned', async () => {
      const [player] = await kit.depositors([75]);
      if (!player) throw new Error('no player');
      const trxBefore = await kit.houseTrx();
      const { reports } = await kit.sweepUntilSettled(await kit.treasury());
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ step: 'done', destinationKind: 'hot', currency: 'USDT', amountRaw: 75_000_000n });
      const txs = await kit.sweepTxs();
      expect(txs.map((tx) => tx.kind)).toEqual(['activate', 'transfer']);
      // The hot wallet holds USDT: 31,895 energy at 100 sun; the new account's free bandwidth pays the bytes.
      const transferFee = BigInt(txs[1]?.fee ?? '0');
      expect(transferFee).toBe(USDT_TRANSFER_ENERGY * MAINNET_COSTS.energyPriceSun);
      // Funded for the node's estimate with 10 % to spare (the contract's energy penalty moves), in tenths of a TRX.
      const sentForFees = BigInt(txs[0]?.amount ?? '0');
      expect(sentForFees >= transferFee && sentForFees < (transferFee * 11n) / 10n + 100_000n).toBe(true);
      // The activation itself cost the hot wallet TRON's account creation: 0.1 TRX for bandwidth and 1 TRX.
      expect(BigInt(txs[0]?.fee ?? '0')).toBe(MAINNET_COSTS.activationFeeSun);
      expect(kit.charged(txs.map((tx) => tx.tx_id))).toBe(txs.reduce((sum, tx) => sum + BigInt(tx.fee), 0n));
      expect(trxBefore - (await kit.houseTrx())).toBe(txs.reduce((sum, tx) => sum + BigInt(tx.fee), 0n));
      expect(kit.chain.accounts.usdtOf(player.address)).toBe(0n);
      expect(await kit.balanceOf(player.cookie)).toBe(75);
    });

    it('signs a new transaction every time, even twice the same within one block', async () => {
      const gateway = (await kit.treasury()).chain;
      const hotKey = Buffer.from(KEYS.hotWalletKey, 'hex');
      const block = kit.chain.blockNumber;
      // A step the chain refused and the treasury signs anew at once is a new transaction, with a new id.
      const once = await gateway.sign(hotKey, { kind: 'trx', to: COLD, amount: TRX });
      const again = await gateway.sign(hotKey, { kind: 'trx', to: COLD, amount: TRX });
      expect(again.txId).not.toBe(once.txId);
      // So are two withdrawals of one amount to one address: as one transaction they would be paid once.
      const first = await kit.gateway().signWithdrawal(COLD, 5_000_000n);
      const second = await kit.gateway().signWithdrawal(COLD, 5_000_000n);
      expect(second.txId).not.toBe(first.txId);
      expect(kit.chain.blockNumber).toBe(block);
      // All four are good transactions: the chain takes each.
      for (const signed of [once, again, first, second]) expect(await gateway.broadcast(signed)).toEqual({ accepted: true });
      kit.chain.confirmAll();
    });

    it('refuses what a node refuses, and settles a transfer that ran out of energy as failed with what it burned', async () => {
      const { chain } = kit;
      const gateway = (await kit.treasury()).chain;
      expect(await gateway.costs()).toEqual(MAINNET_COSTS);
      const hotKey = Buffer.from(KEYS.hotWalletKey, 'hex');
      const [player] = await kit.depositors([30]);
      if (!player) throw new Error('no player');
      const [row] = await rows<{ index: number }>(kit.t().database, sql`select derivation_index as index from deposit_addresses where address = ${player.address}`);
      const depositKey = ACCOUNT.deriveChild(0).deriveChild(row?.index ?? -1).privateKey;
      if (!depositKey) throw new Error('no deposit key');
      const refusal = async (tx: Parameters<typeof gateway.sign>[1], key: Uint8Array) => gateway.broadcast(await gateway.sign(key, tx));

      // An address that only ever received USDT has no account on TRON: nothing leaves it, not even with its key.
      expect(await refusal({ kind: 'usdt', to: kit.hotWallet, amount: 30_000_000n, feeLimitSun: 30n * TRX }, depositKey)).toEqual({
        accepted: false,
        reason: `CONTRACT_VALIDATE_ERROR: Contract validate error : account [${player.address}] does not exist`,
      });
      expect(await gateway.account(player.address)).toEqual({ activated: false, usdtMicro: 30_000_000n, trxSun: 0n, energyAvailable: 0n, bandwidthAvailable: 0n });
      const hotTrx = chain.accounts.trxOf(kit.hotWallet);
      expect(await refusal({ kind: 'trx', to: player.address, amount: hotTrx }, hotKey)).toEqual({
        accepted: false,
        reason: 'CONTRACT_VALIDATE_ERROR: Contract validate error : Validate TransferContract error, balance is not sufficient.',
      });
      expect(await refusal({ kind: 'delegate', to: kit.hotWallet, amount: TRX }, Buffer.from(RESOURCE_KEY, 'hex'))).toEqual({
        accepted: false,
        reason: `CONTRACT_VALIDATE_ERROR: Contract validate error : account [${RESOURCE}] does not exist`,
      });
      expect(await gateway.delegatableSun(kit.hotWallet)).toBe(0n);

      // A fee limit of 1 TRX buys 10,000 energy of the 31,895 a transfer takes: it is mined, fails, and burns them.
      const starved = await gateway.sign(hotKey, { kind: 'usdt', to: COLD, amount: 1_000_000n, feeLimitSun: TRX });
      expect(await gateway.broadcast(starved)).toEqual({ accepted: true });
      const usdtBefore = chain.accounts.usdtOf(kit.hotWallet);
      expect((await gateway.transactionInfo(starved.txId)).status).toBe('unknown');
      chain.confirmAll();
      const info = await gateway.transactionInfo(starved.txId);
      expect(info).toEqual({ status: 'failed', feeSun: chain.broadcasts.get(starved.txId)?.receipt.fee, energyUsed: 10_000n });
      expect(info.feeSun >= TRX).toBe(true);
      expect(chain.accounts.usdtOf(kit.hotWallet)).toBe(usdtBefore);
    });
  });
}
