import { tronAddressFromHex, tronAddressToHex } from '../../server/wallet/tronAddress.ts';
import { MAINNET_COSTS, SUN_PER_TRX, usdtTransferEnergy } from '../../server/wallet/tronCosts.ts';

/**
 * The accounts of the TronGrid stand-in's chain and TRON's rules for them, as java-tron applies them
 * (BandwidthProcessor, EnergyProcessor, the Transfer / DelegateResource / UnDelegateResource actuators,
 * the VM's energy limit), at MAINNET_COSTS's prices:
 * - an account exists once TRX reaches it; the sender of the TRX that creates it pays the creation
 *   (0.1 TRX in place of bandwidth, and 1 TRX); USDT alone creates nothing, and nothing leaves an
 *   address TRON has no account for;
 * - a transaction's bytes come from the sender's free bandwidth (600 a day) when it covers them all,
 *   else are burned at 1,000 sun a byte;
 * - a USDT transfer takes 31,895 energy (64,895 to an address that never held USDT): from the sender's
 *   energy first, the rest burned at 100 sun, all of it within the fee limit and the TRX it has, else
 *   OUT_OF_ENERGY (what it could burn is burned all the same);
 * - Stake 2.0: staked TRX gives 10 energy a TRX; delegating moves stake to a receiver's energy, taking
 *   it back moves the receiver's used share of it to the staker, whose delegatable stake waits for it
 *   to recover;
 * - used bandwidth and energy recover linearly over a day of 3-second slots.
 * Nothing changes on a refusal (java-tron runs a transaction in a session it throws away).
 */

/** A day of 3-second slots: the window over which used bandwidth and energy recover. */
const WINDOW = 28_800n;
/** The network's energy a day and the TRX staked for it: 10 energy per staked TRX, MAINNET_COSTS's ratio. */
export const TOTAL_ENERGY_LIMIT = 180_000_000_000n;
const TOTAL_ENERGY_WEIGHT = TOTAL_ENERGY_LIMIT / MAINNET_COSTS.energyPerStakedTrx;
/** getCreateAccountFee: burned in place of the bandwidth of a transaction that creates an account. */
export const CREATE_ACCOUNT_FEE = 100_000n;
/** getCreateNewAccountFeeInSystemContract: what the creating TransferContract itself costs. */
export const NEW_ACCOUNT_FEE = MAINNET_COSTS.activationFeeSun - CREATE_ACCOUNT_FEE;
export const MAX_FEE_LIMIT = 15_000n * SUN_PER_TRX;

interface Usage {
  used: bigint;
  slot: number;
}

interface Account {
  createdAt: number;
  trxSun: bigint;
  /** Stake 2.0 TRX staked for energy and not delegated (frozenV2 ENERGY). */
  frozenEnergySun: bigint;
  delegatedOutSun: bigint;
  acquiredEnergySun: bigint;
  freeNet: Usage;
  energy: Usage;
  contract: boolean;
}

/** A transaction's one contract, addresses in base58. */
export type Contract =
  | { type: 'TransferContract'; owner: string; to: string; amount: bigint }
  | { type: 'TriggerSmartContract'; owner: string; contract: string; data: string; feeLimit: bigint }
  | { type: 'DelegateResourceContract' | 'UnDelegateResourceContract'; owner: string; receiver: string; balance: bigint; resource: string };

/** What a transaction cost, as its receipt tells it; `fee` is all the TRX it burned. */
export interface Receipt {
  fee: bigint;
  netUsage: bigint;
  netFee: bigint;
  energyUsage: bigint;
  energyFee: bigint;
  energyTotal: bigint;
  /** Contract calls only: SUCCESS, REVERT or OUT_OF_ENERGY. */
  result?: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
}

export type Execution =
  | { ok: true; receipt: Receipt; usdt: { from: string; to: string; amount: bigint } | null }
  | { ok: false; code: 'CONTRACT_VALIDATE_ERROR' | 'BANDWITH_ERROR'; message: string };

const min = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));
export const nonZero = (fields: Record<string, bigint | number | string | boolean | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== 0n && v !== 0 && v !== '').map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]));

/** What is left of `usage` at `slot`: it recovers linearly over the window. */
function recovered(usage: Usage, slot: number): bigint {
  const elapsed = BigInt(slot - usage.slot);
  if (elapsed >= WINDOW) return 0n;
  return (usage.used * (WINDOW - elapsed)) / WINDOW;
}

const energyOf = (sun: bigint) => ((sun / SUN_PER_TRX) * TOTAL_ENERGY_LIMIT) / TOTAL_ENERGY_WEIGHT;

export class StandInAccounts {
  private readonly accounts = new Map<string, Account>();
  private readonly usdt = new Map<string, bigint>();
  /** Stake 2.0 delegations, "from>to" → sun. */
  private readonly delegations = new Map<string, bigint>();

  constructor(
    private readonly usdtContract: string,
    genesis: number,
  ) {
    this.accounts.set(usdtContract, { ...this.blank(genesis, 0), contract: true });
  }

  private blank(createdAt: number, slot: number): Account {
    return { createdAt, trxSun: 0n, frozenEnergySun: 0n, delegatedOutSun: 0n, acquiredEnergySun: 0n, freeNet: { used: 0n, slot }, energy: { used: 0n, slot }, contract: false };
  }

  exists(address: string): boolean {
    return this.accounts.has(address);
  }

  trxOf(address: string): bigint {
    return this.accounts.get(address)?.trxSun ?? 0n;
  }

  usdtOf(address: string): bigint {
    return this.usdt.get(address) ?? 0n;
  }

  delegated(from: string, to: string): bigint {
    return this.delegations.get(`${from}>${to}`) ?? 0n;
  }

  /** Money from outside the stand-in's accounts (a test's deposit): TRX creates the account it reaches. */
  credit(currency: 'USDT' | 'TRX', to: string, amount: bigint, time: number, slot: number): void {
    if (currency === 'USDT') {
      this.usdt.set(to, this.usdtOf(to) + amount);
      return;
    }
    const account = this.accounts.get(to) ?? this.blank(time, slot);
    account.trxSun += amount;
    this.accounts.set(to, account);
  }

  /** A fork took an outside transfer back. */
  uncredit(currency: 'USDT' | 'TRX', to: string, amount: bigint): void {
    if (currency === 'USDT') this.usdt.set(to, this.usdtOf(to) - amount);
    else {
      const account = this.accounts.get(to);
      if (account) account.trxSun -= amount;
    }
  }

  /** Stakes an account's TRX for energy (FreezeBalanceV2), as a staking account is set up. */
  stake(address: string, sun: bigint): void {
    const account = this.accounts.get(address);
    if (!account || account.trxSun < sun) throw new Error(`${address} has not ${sun} sun to stake`);
    account.trxSun -= sun;
    account.frozenEnergySun += sun;
  }

  private energyLeft(account: Account, slot: number): bigint {
    const left = energyOf(account.frozenEnergySun + account.acquiredEnergySun) - recovered(account.energy, slot);
    return left > 0n ? left : 0n;
  }

  /** getcandelegatedmaxsize (ENERGY): the stake not delegated, less what its own energy use holds back. */
  delegatableSun(address: string, slot: number): bigint {
    const account = this.accounts.get(address);
    if (!account) return 0n;
    const usageSun = (recovered(account.energy, slot) * SUN_PER_TRX * TOTAL_ENERGY_WEIGHT) / TOTAL_ENERGY_LIMIT;
    const held = usageSun - account.acquiredEnergySun;
    const max = account.frozenEnergySun - (held > 0n ? held : 0n);
    return max >= SUN_PER_TRX ? max : 0n;
  }

  /** Validates and applies one transaction of `bytes` bytes at `slot`, or refuses it with java-tron's code and message. */
  execute(contract: Contract, bytes: bigint, slot: number, time: number): Execution {
    const refuse = (message: string): Execution => ({ ok: false, code: 'CONTRACT_VALIDATE_ERROR', message: `Contract validate error : ${message}` });
    const owner = this.accounts.get(contract.owner);
    if (!owner) return refuse(`account [${contract.owner}] does not exist`);
    // Bandwidth first: java-tron takes it before it runs the contract.
    const creates = contract.type === 'TransferContract' && !this.accounts.has(contract.to);
    const freeLeft = MAINNET_COSTS.freeBandwidth - recovered(owner.freeNet, slot);
    let netUsage = 0n;
    let netFee = 0n;
    if (creates) netFee = CREATE_ACCOUNT_FEE;
    else if (freeLeft >= bytes) netUsage = bytes;
    else netFee = bytes * MAINNET_COSTS.bandwidthPriceSun;
    if (owner.trxSun < netFee) return { ok: false, code: 'BANDWITH_ERROR', message: 'Account resource insufficient error.' };
    const balance = owner.trxSun - netFee;
    const receipt: Receipt = { fee: netFee, netUsage, netFee, energyUsage: 0n, energyFee: 0n, energyTotal: 0n };
    const commit = (trxSun: bigint) => {
      owner.trxSun = trxSun;
      if (netUsage > 0n) owner.freeNet = { used: recovered(owner.freeNet, slot) + netUsage, slot };
    };

    if (contract.type === 'TransferContract') {
      if (contract.owner === contract.to) return refuse('Cannot transfer TRX to yourself.');
      if (contract.amount <= 0n) return refuse('Amount must be greater than 0.');
      const receiver = this.accounts.get(contract.to);
      if (receiver?.contract) return refuse('Cannot transfer TRX to a smartContract.');
      const creationFee = creates ? NEW_ACCOUNT_FEE : 0n;
      if (balance < contract.amount + creationFee) return refuse('Validate TransferContract error, balance is not sufficient.');
      commit(balance - contract.amount - creationFee);
      this.credit('TRX', contract.to, contract.amount, time, slot);
      return { ok: true, receipt: { ...receipt, fee: netFee + creationFee }, usdt: null };
    }

    if (contract.type === 'TriggerSmartContract') {
      if (contract.contract !== this.usdtContract) return refuse('No contract or not a smart contract');
      if (contract.feeLimit < 0n || contract.feeLimit > MAX_FEE_LIMIT) return refuse(`feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`);
      const call = /^a9059cbb0{24}([0-9a-f]{40})([0-9a-f]{64})$/i.exec(contract.data);
      if (!call) return refuse('the stand-in’s USDT knows only transfer(address,uint256)');
      const to = tronAddressFromHex(`41${call[1]}`);
      const amount = BigInt(`0x${call[2]}`);
      const price = MAINNET_COSTS.energyPriceSun;
      const needed = usdtTransferEnergy(this.usdtOf(to) > 0n);
      const left = this.energyLeft(owner, slot);
      // The VM's limit: the energy it has plus what its TRX can buy, within the fee limit (which caps
      // delegated energy as well as burned).
      const limit = min(left + balance / price, contract.feeLimit / price);
      const used = needed > limit ? limit : needed;
      const own = min(left, used);
      const energyFee = (used - own) * price;
      const result = needed > limit ? 'OUT_OF_ENERGY' : this.usdtOf(contract.owner) < amount ? 'REVERT' : 'SUCCESS';
      commit(balance - energyFee);
      if (own > 0n) owner.energy = { used: recovered(owner.energy, slot) + own, slot };
      if (result === 'SUCCESS') {
        this.usdt.set(contract.owner, this.usdtOf(contract.owner) - amount);
        this.usdt.set(to, this.usdtOf(to) + amount);
      }
      return {
        ok: true,
        receipt: { ...receipt, fee: netFee + energyFee, energyUsage: own, energyFee, energyTotal: used, result },
        usdt: result === 'SUCCESS' ? { from: contract.owner, to, amount } : null,
      };
    }

    if (contract.resource !== 'ENERGY') return refuse('the stand-in delegates energy only');
    if (contract.receiver === contract.owner) return refuse('receiverAddress must not be the same as ownerAddress');
    const key = `${contract.owner}>${contract.receiver}`;
    const receiver = this.accounts.get(contract.receiver);
    if (contract.type === 'DelegateResourceContract') {
      if (contract.balance < SUN_PER_TRX) return refuse('delegateBalance must be greater than or equal to 1 TRX');
      if (this.delegatableSun(contract.owner, slot) < contract.balance) return refuse('delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
      if (!receiver) return refuse(`Account[${tronAddressToHex(contract.receiver)}] not exists`);
      if (receiver.contract) return refuse('Do not allow delegate resources to contract addresses');
      commit(balance);
      owner.frozenEnergySun -= contract.balance;
      owner.delegatedOutSun += contract.balance;
      receiver.acquiredEnergySun += contract.balance;
      this.delegations.set(key, this.delegated(contract.owner, contract.receiver) + contract.balance);
      return { ok: true, receipt, usdt: null };
    }
    const delegated = this.delegated(contract.owner, contract.receiver);
    if (delegated === 0n) return refuse('delegated Resource does not exist');
    if (contract.balance <= 0n) return refuse('unDelegateBalance must be more than 0 TRX');
    if (delegated < contract.balance) return refuse(`insufficient delegateFrozenBalance(Energy), request=${contract.balance}, unlock_balance=${delegated}`);
    commit(balance);
    if (receiver) {
      // The receiver's energy use in proportion to what is taken back goes with it, to the staker.
      const usage = recovered(receiver.energy, slot);
      const all = receiver.frozenEnergySun + receiver.acquiredEnergySun;
      const moved = min(energyOf(contract.balance), all > 0n ? (usage * contract.balance) / all : 0n);
      receiver.acquiredEnergySun -= contract.balance;
      receiver.energy = { used: usage - moved, slot };
      owner.energy = { used: recovered(owner.energy, slot) + moved, slot };
    }
    owner.frozenEnergySun += contract.balance;
    owner.delegatedOutSun -= contract.balance;
    this.delegations.set(key, delegated - contract.balance);
    return { ok: true, receipt, usdt: null };
  }

  /** /wallet/getaccount: null for an address TRON has no account for (the node answers {}). */
  accountJson(address: string, visible: boolean, slot: number) {
    const account = this.accounts.get(address);
    if (!account) return null;
    const shown = visible ? address : tronAddressToHex(address);
    return {
      ...nonZero({ address: shown, balance: account.trxSun, create_time: account.createdAt, free_net_usage: recovered(account.freeNet, slot) }),
      net_window_size: 28_800_000,
      net_window_optimized: true,
      account_resource: {
        ...nonZero({
          energy_usage: recovered(account.energy, slot),
          acquired_delegated_frozenV2_balance_for_energy: account.acquiredEnergySun,
          delegated_frozenV2_balance_for_energy: account.delegatedOutSun,
        }),
        energy_window_size: 28_800_000,
        energy_window_optimized: true,
      },
      owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: shown, weight: 1 }] },
      frozenV2: [{}, { type: 'ENERGY', ...nonZero({ amount: account.frozenEnergySun }) }, { type: 'TRON_POWER' }],
    };
  }

  /** /wallet/getaccountresource: null for an address TRON has no account for. */
  resourceJson(address: string, slot: number) {
    const account = this.accounts.get(address);
    if (!account) return null;
    return nonZero({
      freeNetUsed: recovered(account.freeNet, slot),
      freeNetLimit: MAINNET_COSTS.freeBandwidth,
      TotalNetLimit: 43_200_000_000,
      TotalNetWeight: 26_000_000_000,
      EnergyUsed: recovered(account.energy, slot),
      EnergyLimit: energyOf(account.frozenEnergySun + account.acquiredEnergySun),
      TotalEnergyLimit: TOTAL_ENERGY_LIMIT,
      TotalEnergyWeight: TOTAL_ENERGY_WEIGHT,
    });
  }

  /** /wallet/getdelegatedresourcev2: the one unlocked delegation between two accounts, or {}. */
  delegationJson(from: string, to: string, visible: boolean) {
    const sun = this.delegated(from, to);
    if (sun === 0n) return {};
    const shown = (address: string) => (visible ? address : tronAddressToHex(address));
    return { delegatedResource: [{ from: shown(from), to: shown(to), frozen_balance_for_energy: Number(sun) }] };
  }
}
