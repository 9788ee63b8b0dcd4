import { createHash, randomBytes } from 'node:crypto';
import { eq, gte } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import type { Db, Tx } from '../db/client.ts';
import { chainState, devchainTransactions, devchainTransfers } from '../db/schema.ts';
import { BLACK_HOLE, balancesOf, delegatedBetween, energyOfSun, isActivated, mainDelegator, stakeOf, usedToday } from './devchainState.ts';
import { openDevchainTx, signDevchainTx, type DevchainTxBody } from './devchainTx.ts';
import type {
  BroadcastResult,
  ChainAccount,
  ChainCurrency,
  ChainGateway,
  DepositWatch,
  IncomingTransfer,
  SignedWithdrawal,
  TransactionInfo,
  TransactionStatus,
  TreasuryChain,
  TreasuryTxKind,
} from './gateway.ts';
import { depositAddressFromXpub, privateKeyFromSeed } from './tronAddress.ts';
import { MAINNET_COSTS, SUN_PER_TRX, TX_BYTES, WITHDRAWAL_FEE_LIMIT_SUN, burnSun, usdtTransferEnergy, type TronCosts } from './tronCosts.ts';

// A fixed, public seed: devchain addresses are real TRON addresses whose keys everyone can derive, and
// which hold nothing real.
const DEV_SEED = createHash('sha256').update('duel-stakes devchain seed').digest();
const DEV_ACCOUNT = HDKey.fromMasterSeed(DEV_SEED).derive("m/44'/195'/0'");
const DEV_XPUB = DEV_ACCOUNT.publicExtendedKey;
/** The devchain's account-level extended private key: what TRON_XPRV is on mainnet, public here. */
export const DEVCHAIN_XPRV = DEV_ACCOUNT.privateExtendedKey;
const HOT_INDEX = 2 ** 31 - 1;
const OUTSIDE_INDEX = 2 ** 31 - 2;
const RESOURCE_INDEX = 2 ** 31 - 3;
/** Where the devchain's withdrawals come from. */
export const DEVCHAIN_HOT_WALLET = depositAddressFromXpub(DEV_XPUB, HOT_INDEX);
/** The "outside world": the sender of simulated deposits and of the genesis funds. */
const OUTSIDE_SENDER = depositAddressFromXpub(DEV_XPUB, OUTSIDE_INDEX);
/** The devchain's staking account, which delegates energy to deposit addresses for their sweeps. */
export const DEVCHAIN_RESOURCE_ACCOUNT = depositAddressFromXpub(DEV_XPUB, RESOURCE_INDEX);
export const devchainHotWalletKey = () => privateKeyFromSeed(DEV_SEED, HOT_INDEX);
export const devchainResourceKey = () => privateKeyFromSeed(DEV_SEED, RESOURCE_INDEX);
/** TRX the hot wallet starts with, to pay its transfers' fees. */
const HOT_WALLET_GENESIS_TRX = 1_000_000n * SUN_PER_TRX;
const WITHDRAWAL_CONFIRMATIONS = 2;
const FINAL_CONFIRMATIONS = 19;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DevchainOptions {
  blockMs: number;
  /** USDT the hot wallet holds at genesis, in micro-USDT. */
  hotWalletMicro: bigint;
  /** TRX the staking account has staked for energy at genesis, in sun (0: none, sweeps burn TRX). */
  stakedSun?: bigint;
  now?: () => number;
}

type Refusal = { code: string; reason: string };
type Outcome = { result: string; feeSun: bigint; energyTotal: bigint; energyUsage: bigint; energyStaker: string | null; netUsage: bigint; moves: boolean };

/**
 * A simulated TRON kept in the database, so it survives restarts and every node sees one chain. Block
 * height follows the clock (one block every `blockMs` from a genesis time stored once). Transactions
 * carry their owner's signature; every account has its balances, activation, energy and bandwidth, and
 * pays TRON's fees (tronCosts.ts). The hot wallet's USDT is what genesis gave it, like any address's.
 */
export class Devchain implements ChainGateway, TreasuryChain {
  readonly name = 'devchain' as const;
  private genesis: number | undefined;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: DevchainOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  depositAddress(index: number): string {
    return depositAddressFromXpub(DEV_XPUB, index);
  }

  hotWalletAddress(): string {
    return DEVCHAIN_HOT_WALLET;
  }

  async costs(): Promise<TronCosts> {
    return MAINNET_COSTS;
  }

  /** The first block of the last day: used bandwidth and energy come back a day after their use. */
  private dayAgo(height: number): number {
    return height - Math.ceil(DAY_MS / this.options.blockMs);
  }

  async height(): Promise<number> {
    if (this.genesis === undefined) {
      await this.db
        .insert(chainState)
        .values({ name: 'devchain_genesis', value: String(this.now()) })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(chainState).where(eq(chainState.name, 'devchain_genesis'));
      this.genesis = Number(row?.value);
      await this.fundGenesis();
    }
    return Math.floor((this.now() - this.genesis) / this.options.blockMs);
  }

  /** Block 0's funds, once per chain: the hot wallet's USDT and TRX, the staking account's TRX and stake. */
  private async fundGenesis(): Promise<void> {
    const staked = this.options.stakedSun ?? 0n;
    const funds: { txId: string; to: string; currency: ChainCurrency; amount: bigint }[] = [
      { txId: 'genesis-hot-usdt', to: DEVCHAIN_HOT_WALLET, currency: 'USDT', amount: this.options.hotWalletMicro },
      { txId: 'genesis-hot-trx', to: DEVCHAIN_HOT_WALLET, currency: 'TRX', amount: HOT_WALLET_GENESIS_TRX },
      { txId: 'genesis-resource-trx', to: DEVCHAIN_RESOURCE_ACCOUNT, currency: 'TRX', amount: 1_000n * SUN_PER_TRX },
    ];
    for (const fund of funds.filter((f) => f.amount > 0n)) {
      await this.db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(devchainTransactions)
          .values({ txId: fund.txId, kind: 'genesis', ownerAddress: OUTSIDE_SENDER, toAddress: fund.to, amountRaw: fund.amount, blockNumber: 0, result: 'SUCCESS' })
          .onConflictDoNothing()
          .returning();
        if (fresh) {
          await tx.insert(devchainTransfers).values({ txId: fund.txId, currency: fund.currency, fromAddress: OUTSIDE_SENDER, toAddress: fund.to, amountRaw: fund.amount, blockNumber: 0 });
        }
      });
    }
    if (staked > 0n) {
      await this.db
        .insert(devchainTransactions)
        .values({ txId: 'genesis-stake', kind: 'stake', ownerAddress: DEVCHAIN_RESOURCE_ACCOUNT, toAddress: DEVCHAIN_RESOURCE_ACCOUNT, amountRaw: staked, blockNumber: 0, result: 'SUCCESS' })
        .onConflictDoNothing();
    }
  }

  /** The dev-only way money arrives: a transfer from outside to `to`, included in the current block. */
  async simulateIncoming(to: string, currency: ChainCurrency, amountRaw: bigint, txId?: string): Promise<string> {
    const id = txId ?? randomBytes(32).toString('hex');
    await this.db
      .insert(devchainTransfers)
      .values({ txId: id, eventIndex: 0, currency, fromAddress: OUTSIDE_SENDER, toAddress: to, amountRaw, blockNumber: await this.height() })
      .onConflictDoNothing();
    return id;
  }

  async incomingTransfers(cursor: string | null, watch: DepositWatch) {
    const height = await this.height();
    const fromBlock = cursor === null ? 0 : Number(cursor);
    const recent = await this.db.select().from(devchainTransfers).where(gte(devchainTransfers.blockNumber, fromBlock));
    // TRX the house sends a deposit address to pay a sweep's fees is the house's, never a deposit.
    const house = new Set([DEVCHAIN_HOT_WALLET, DEVCHAIN_RESOURCE_ACCOUNT]);
    const candidates = recent.filter((row) => !(row.currency === 'TRX' && house.has(row.fromAddress)));
    const ours = await watch.ours(candidates.map((row) => row.toAddress));
    const transfers: IncomingTransfer[] = candidates
      .filter((row) => ours.has(row.toAddress))
      .map((row) => ({
        txId: row.txId,
        eventIndex: row.eventIndex,
        to: row.toAddress,
        currency: row.currency,
        amountRaw: row.amountRaw,
        confirmations: Math.max(0, height - row.blockNumber),
        final: height - row.blockNumber >= FINAL_CONFIRMATIONS,
      }));
    // Keep looking back far enough that nothing unconfirmed is skipped.
    const next = Math.max(fromBlock, height - 20);
    return { transfers, cursor: String(next), lagBlocks: Math.max(0, height - next) };
  }

  async signWithdrawal(to: string, amountMicro: bigint): Promise<SignedWithdrawal> {
    return signDevchainTx(devchainHotWalletKey(), { kind: 'usdt', to, amount: amountMicro, feeLimitSun: WITHDRAWAL_FEE_LIMIT_SUN }, this.now());
  }

  async sign(key: Uint8Array, tx: { kind: TreasuryTxKind; to: string; amount: bigint; feeLimitSun?: bigint }): Promise<SignedWithdrawal> {
    return signDevchainTx(key, tx, this.now());
  }

  /**
   * As a node: checks the signature, the expiry and the contract (balances, activation, stake), refusing
   * with java-tron's codes; a valid transaction is included in the current block with its receipt, even
   * when its contract then fails (a USDT transfer out of energy or reverted burns its fees all the same).
   */
  async broadcast(signed: SignedWithdrawal): Promise<BroadcastResult> {
    const opened = openDevchainTx(signed.payload);
    if (!opened.ok) return { accepted: false, reason: `${opened.code}: ${opened.reason}` };
    if (opened.txId !== signed.txId) return { accepted: false, reason: 'SIGERROR: the id is not the transaction’s' };
    const height = await this.height();
    return this.db.transaction(async (tx) => {
      // One transaction in at a time, as a block orders them: no two spend the same balance.
      await tx.select().from(chainState).where(eq(chainState.name, 'devchain_genesis')).for('update');
      const [existing] = await tx.select({ txId: devchainTransactions.txId }).from(devchainTransactions).where(eq(devchainTransactions.txId, opened.txId));
      if (existing) return { accepted: true } as const;
      if (opened.body.expiration < this.now()) return { accepted: false, reason: 'TRANSACTION_EXPIRATION_ERROR: transaction expired' } as const;
      const outcome = await this.execute(tx, opened.body, height);
      if ('code' in outcome) return { accepted: false, reason: `${outcome.code}: ${outcome.reason}` } as const;
      await this.include(tx, opened.txId, opened.body, height, outcome);
      return { accepted: true } as const;
    });
  }

  private async execute(tx: Tx, body: DevchainTxBody, height: number): Promise<Outcome | Refusal> {
    const costs = MAINNET_COSTS;
    const amount = BigInt(body.amount);
    const refuse = (reason: string): Refusal => ({ code: 'CONTRACT_VALIDATE_ERROR', reason });
    if (body.to === body.from) return refuse('cannot send to oneself');
    if (!(await isActivated(tx, body.from))) return refuse(`account ${body.from} does not exist`);
    const since = this.dayAgo(height);
    const used = await usedToday(tx, body.from, since);
    const funds = await balancesOf(tx, body.from);
    const bytes = TX_BYTES[body.kind];
    const freeBandwidth = costs.freeBandwidth - used.bandwidth;
    const bandwidthFee = burnSun(costs, { bytes, energy: 0n }, { bandwidth: freeBandwidth, energy: 0n });
    const netUsage = bandwidthFee === 0n ? bytes : 0n;
    const plain = (feeSun: bigint): Outcome => ({ result: 'SUCCESS', feeSun, energyTotal: 0n, energyUsage: 0n, energyStaker: null, netUsage, moves: true });
    if (body.kind === 'trx') {
      const activation = (await isActivated(tx, body.to)) ? 0n : costs.activationFeeSun;
      if (funds.trxSun < amount + bandwidthFee + activation) return refuse('balance is not sufficient');
      return plain(bandwidthFee + activation);
    }
    if (funds.trxSun < bandwidthFee) return { code: 'BANDWITH_ERROR', reason: 'account resource insufficient error' };
    if (body.kind === 'delegate') {
      if (amount < SUN_PER_TRX) return refuse('delegateBalance must be greater than or equal to 1 TRX');
      if (!(await isActivated(tx, body.to))) return refuse(`account ${body.to} does not exist`);
      if (amount > (await this.delegatableSun(body.from, tx))) return refuse('delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
      return plain(bandwidthFee);
    }
    if (body.kind === 'undelegate') {
      if (amount > (await delegatedBetween(tx, body.from, body.to))) return refuse('insufficient delegatedFrozenBalance(Energy)');
      return plain(bandwidthFee);
    }
    // A USDT transfer: energy from delegations first, the rest burned, up to the fee limit.
    const receiver = await balancesOf(tx, body.to);
    const energy = usdtTransferEnergy(receiver.usdtMicro > 0n);
    const delegated = energyOfSun(costs, (await stakeOf(tx, body.from)).delegatedInSun) - used.energy;
    const fromDelegation = delegated <= 0n ? 0n : delegated >= energy ? energy : delegated;
    const energyFee = (energy - fromDelegation) * costs.energyPriceSun;
    const staker = fromDelegation > 0n ? await mainDelegator(tx, body.from) : null;
    const spendable = funds.trxSun - bandwidthFee;
    const feeLimit = BigInt(body.feeLimit);
    if (energyFee > feeLimit || energyFee > spendable) {
      // Out of energy: the call stops, and everything it could burn is burned.
      const burned = [feeLimit, spendable, energyFee].reduce((a, b) => (b < a ? b : a));
      return { result: 'OUT_OF_ENERGY', feeSun: bandwidthFee + burned, energyTotal: energy, energyUsage: fromDelegation, energyStaker: staker, netUsage, moves: false };
    }
    const result = funds.usdtMicro < amount ? 'REVERT' : 'SUCCESS';
    return { result, feeSun: bandwidthFee + energyFee, energyTotal: energy, energyUsage: fromDelegation, energyStaker: staker, netUsage, moves: result === 'SUCCESS' };
  }

  private async include(tx: Tx, txId: string, body: DevchainTxBody, height: number, outcome: Outcome): Promise<void> {
    const amount = BigInt(body.amount);
    await tx.insert(devchainTransactions).values({
      txId,
      kind: body.kind,
      ownerAddress: body.from,
      toAddress: body.to,
      amountRaw: amount,
      blockNumber: height,
      result: outcome.result,
      feeSun: outcome.feeSun,
      energyTotal: outcome.energyTotal,
      energyUsage: outcome.energyUsage,
      energyStaker: outcome.energyStaker,
      netUsage: outcome.netUsage,
    });
    const moves: (typeof devchainTransfers.$inferInsert)[] = [];
    if (outcome.moves && (body.kind === 'trx' || body.kind === 'usdt')) {
      moves.push({ txId, eventIndex: 0, currency: body.kind === 'trx' ? 'TRX' : 'USDT', fromAddress: body.from, toAddress: body.to, amountRaw: amount, blockNumber: height });
    }
    if (outcome.feeSun > 0n) {
      moves.push({ txId, eventIndex: 1, currency: 'TRX', fromAddress: body.from, toAddress: BLACK_HOLE, amountRaw: outcome.feeSun, blockNumber: height });
    }
    if (moves.length > 0) await tx.insert(devchainTransfers).values(moves);
  }

  async transactionInfo(txId: string): Promise<TransactionInfo> {
    const [row] = await this.db.select().from(devchainTransactions).where(eq(devchainTransactions.txId, txId));
    if (!row) {
      // A withdrawal sent by a devchain from before receipts (migration 0019) left only its transfer.
      const [transfer] = await this.db.select().from(devchainTransfers).where(eq(devchainTransfers.txId, txId));
      return { status: transfer ? 'confirmed' : 'unknown', feeSun: 0n, energyUsed: 0n };
    }
    const settled = (await this.height()) - row.blockNumber >= WITHDRAWAL_CONFIRMATIONS;
    const status: TransactionStatus = !settled ? 'pending' : row.result === 'SUCCESS' ? 'confirmed' : 'failed';
    return { status, feeSun: row.feeSun, energyUsed: row.energyTotal };
  }

  async transactionStatus(txId: string): Promise<TransactionStatus> {
    return (await this.transactionInfo(txId)).status;
  }

  /** The devchain is one database: its transactions are the only source. */
  async withdrawalSeen(txId: string): Promise<boolean> {
    return (await this.transactionStatus(txId)) !== 'unknown';
  }

  async balances(address: string) {
    await this.height();
    return balancesOf(this.db, address);
  }

  async account(address: string): Promise<ChainAccount> {
    const height = await this.height();
    const used = await usedToday(this.db, address, this.dayAgo(height));
    const funds = await balancesOf(this.db, address);
    const delegated = energyOfSun(MAINNET_COSTS, (await stakeOf(this.db, address)).delegatedInSun) - used.energy;
    const bandwidth = MAINNET_COSTS.freeBandwidth - used.bandwidth;
    return {
      activated: await isActivated(this.db, address),
      usdtMicro: funds.usdtMicro,
      trxSun: funds.trxSun,
      energyAvailable: delegated > 0n ? delegated : 0n,
      bandwidthAvailable: bandwidth > 0n ? bandwidth : 0n,
    };
  }

  async delegatableSun(staker: string, db: Db | Tx = this.db): Promise<bigint> {
    const height = await this.height();
    const stake = await stakeOf(db, staker);
    const used = await usedToday(db, staker, this.dayAgo(height));
    // Energy its delegations spent comes back to it a day later, as TRON's usage recovers.
    const recovering = (used.stakerEnergy * SUN_PER_TRX + MAINNET_COSTS.energyPerStakedTrx - 1n) / MAINNET_COSTS.energyPerStakedTrx;
    const free = stake.stakedSun - stake.delegatedOutSun - recovering;
    return free > 0n ? free : 0n;
  }

  /** The devchain charges TRON's base energy, more to a receiver that never held USDT (tronCosts.ts). */
  async usdtTransferEnergy(_from: string, to: string): Promise<bigint> {
    return usdtTransferEnergy((await balancesOf(this.db, to)).usdtMicro > 0n);
  }

  async delegatedSun(staker: string, receiver: string): Promise<bigint> {
    return delegatedBetween(this.db, staker, receiver);
  }
}
