import type { TronWeb } from 'tronweb';
import type { ChainAccount, SignedWithdrawal, TreasuryTxKind } from './gateway.ts';
import { tronAddressToHex } from './tronAddress.ts';
import { USDT_TRANSFER_ENERGY, type TronCosts } from './tronCosts.ts';
import type { TronGrid } from './tronGrid.ts';

/**
 * TronGateway's account reads and signing, which the treasury needs (the TreasuryChain half of the
 * gateway) and a web node uses for balances and withdrawals: the chain's prices, an account's balances
 * and resources, Stake 2.0 delegations, and transactions built and signed here. Every read goes to the
 * full-node API with `visible: true` (base58 addresses in and out), never to TronGrid's v1 account
 * index: that index answers nothing at all for an address TRON has not activated, which is what most
 * deposit addresses are (they only ever received USDT).
 */

/** Chain parameters change only by a committee proposal, energy per staked TRX slowly with the network's stake. */
const COSTS_TTL_MS = 10 * 60_000;
/** java-tron's ResourceCode.ENERGY, as getcandelegatedmaxsize takes it. */
const ENERGY = 1;

interface ChainParameters {
  chainParameter?: { key: string; value?: number }[];
}

/** getaccountresource: java-tron leaves every zero field out, and answers {} for an account it does not have. */
interface AccountResource {
  freeNetUsed?: number;
  freeNetLimit?: number;
  NetUsed?: number;
  NetLimit?: number;
  EnergyUsed?: number;
  EnergyLimit?: number;
  TotalEnergyLimit?: number;
  TotalEnergyWeight?: number;
}

interface NodeAccount {
  address?: string;
  balance?: number;
}

interface ConstantCall {
  result?: { result?: boolean; code?: string; message?: string };
  energy_used?: number;
  constant_result?: string[];
  transaction?: { ret?: { ret?: string }[] };
}

const positive = (value: bigint) => (value > 0n ? value : 0n);
const hexText = (hex: string | undefined) => (hex && /^[0-9a-f]*$/i.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : (hex ?? ''));

export class TronTreasuryCalls {
  private cached: { costs: TronCosts; at: number } | null = null;
  /** The time the last transaction signed here was stamped with (each one later than the one before). */
  private lastStamp = 0;

  constructor(
    private readonly grid: TronGrid,
    private readonly tronWeb: TronWeb,
    private readonly usdtContract: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * TRON's prices from its chain parameters, and energy per staked TRX from the network's totals (any
   * account's resource answer carries them; the USDT contract's account always exists). Floored: a
   * delegation sized with it gives at least the energy planned (mainnet's ratio is not a whole number).
   */
  async costs(): Promise<TronCosts> {
    if (this.cached && this.now() - this.cached.at < COSTS_TTL_MS) return this.cached.costs;
    const [parameters, totals] = await Promise.all([
      this.grid.post<ChainParameters>('/wallet/getchainparameters', {}),
      this.grid.post<AccountResource>('/wallet/getaccountresource', { address: this.usdtContract, visible: true }),
    ]);
    const byKey = new Map((parameters.chainParameter ?? []).map((entry) => [entry.key, entry.value]));
    const parameter = (key: string): bigint => {
      // A parameter of 0 is listed without a value; one missing altogether is a node we cannot read.
      if (!byKey.has(key)) throw new Error(`TronGrid /wallet/getchainparameters answered without ${key}`);
      return BigInt(byKey.get(key) ?? 0);
    };
    const limit = BigInt(totals.TotalEnergyLimit ?? 0);
    const weight = BigInt(totals.TotalEnergyWeight ?? 0);
    const energyPerStakedTrx = weight > 0n ? limit / weight : 0n;
    // Below one energy per TRX no delegation could be sized; the network would have to change a lot first.
    if (energyPerStakedTrx < 1n) throw new Error(`TronGrid's energy totals give ${limit}/${weight} energy per staked TRX: cannot size a delegation`);
    const costs: TronCosts = {
      energyPriceSun: parameter('getEnergyFee'),
      bandwidthPriceSun: parameter('getTransactionFee'),
      freeBandwidth: parameter('getFreeNetLimit'),
      activationFeeSun: parameter('getCreateNewAccountFeeInSystemContract') + parameter('getCreateAccountFee'),
      energyPerStakedTrx,
    };
    this.cached = { costs, at: this.now() };
    return costs;
  }

  /** TRX from the node's account (none when TRON has no such account), USDT from the contract itself. */
  async balances(address: string): Promise<{ usdtMicro: bigint; trxSun: bigint }> {
    const [account, usdtMicro] = await Promise.all([this.nodeAccount(address), this.usdtBalance(address)]);
    return { usdtMicro, trxSun: BigInt(account?.balance ?? 0) };
  }

  async account(address: string): Promise<ChainAccount> {
    const [account, usdtMicro] = await Promise.all([this.nodeAccount(address), this.usdtBalance(address)]);
    if (!account) return { activated: false, usdtMicro, trxSun: 0n, energyAvailable: 0n, bandwidthAvailable: 0n };
    const resource = await this.grid.post<AccountResource>('/wallet/getaccountresource', { address, visible: true });
    const free = positive(BigInt(resource.freeNetLimit ?? 0) - BigInt(resource.freeNetUsed ?? 0));
    // A node takes a transaction's bytes from staked bandwidth when it covers them, else from the free
    // allowance when that does: either way nothing is burned, so what one of them has left is what counts.
    const staked = positive(BigInt(resource.NetLimit ?? 0) - BigInt(resource.NetUsed ?? 0));
    return {
      activated: true,
      usdtMicro,
      trxSun: BigInt(account.balance ?? 0),
      energyAvailable: positive(BigInt(resource.EnergyLimit ?? 0) - BigInt(resource.EnergyUsed ?? 0)),
      bandwidthAvailable: staked > free ? staked : free,
    };
  }

  /** What the node would let the staking account delegate now: its energy stake less what its energy use holds back. */
  async delegatableSun(staker: string): Promise<bigint> {
    const answer = await this.grid.post<{ max_size?: number }>('/wallet/getcandelegatedmaxsize', { owner_address: staker, type: ENERGY, visible: true });
    return BigInt(answer.max_size ?? 0);
  }

  /**
   * The energy a USDT transfer will take, as the node computes it by running the call (the contract's
   * dynamic energy penalty included), with 10 % to spare: the penalty moves between the estimate and the
   * block, and a transfer short of energy fails and burns what it had. Never less than TRON's base cost.
   */
  async usdtTransferEnergy(from: string, to: string, amountMicro: bigint): Promise<bigint> {
    const answer = await this.grid.post<ConstantCall>('/wallet/triggerconstantcontract', {
      owner_address: from,
      contract_address: this.usdtContract,
      function_selector: 'transfer(address,uint256)',
      parameter: tronAddressToHex(to).slice(2).padStart(64, '0') + amountMicro.toString(16).padStart(64, '0'),
      visible: true,
    });
    if (answer.result?.result !== true || answer.transaction?.ret?.[0]?.ret === 'FAILED' || typeof answer.energy_used !== 'number') {
      throw new Error(`TronGrid could not estimate a USDT transfer from ${from}: ${answer.result?.code ?? 'no result'} ${hexText(answer.result?.message)}`.trim());
    }
    const estimate = (BigInt(answer.energy_used) * 11n) / 10n;
    return estimate > USDT_TRANSFER_ENERGY ? estimate : USDT_TRANSFER_ENERGY;
  }

  /** The energy stake delegated from `staker` to `receiver`, locked or not (the treasury never locks). */
  async delegatedSun(staker: string, receiver: string): Promise<bigint> {
    const answer = await this.grid.post<{ delegatedResource?: { frozen_balance_for_energy?: number }[] }>('/wallet/getdelegatedresourcev2', {
      fromAddress: staker,
      toAddress: receiver,
      visible: true,
    });
    return (answer.delegatedResource ?? []).reduce((sum, entry) => sum + BigInt(entry.frozen_balance_for_energy ?? 0), 0n);
  }

  /**
   * Builds the transaction here (TronWeb encodes it locally; only the reference block comes from the
   * node, so no node can slip another receiver or amount into what is signed) and signs it with `key`,
   * whose address is the sender. Stamped with the time it is made, as a node's createtransaction does:
   * TronWeb would stamp it with its reference block's time, and signatures are deterministic, so the
   * same transfer signed twice within one 3-second block (a step the chain refused, signed anew; two
   * withdrawals of one amount to one address) would be one transaction, with one id.
   */
  async sign(key: Uint8Array, tx: { kind: TreasuryTxKind; to: string; amount: bigint; feeLimitSun?: bigint }): Promise<SignedWithdrawal> {
    const privateKey = Buffer.from(key).toString('hex');
    const from = this.tronWeb.address.fromPrivateKey(privateKey);
    if (!from) throw new Error('the treasury was given a key that is not a TRON private key');
    if (!Number.isSafeInteger(Number(tx.amount)) || tx.amount <= 0n) throw new RangeError(`cannot sign ${tx.kind} of ${tx.amount}`);
    // TRON's fee limit caps all the energy a call may take, delegated energy included: never left at 0.
    if (tx.kind === 'usdt' && !tx.feeLimitSun) throw new RangeError('a USDT transfer needs a fee limit');
    const amount = Number(tx.amount);
    const reference = await this.tronWeb.trx.getCurrentRefBlockParams();
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    const blockHeader = { ...reference, timestamp: this.lastStamp };
    const builder = this.tronWeb.transactionBuilder;
    const unsigned =
      tx.kind === 'trx'
        ? await builder.sendTrx(tx.to, amount, from, { blockHeader })
        : tx.kind === 'delegate'
          ? await builder.delegateResource(amount, tx.to, 'ENERGY', from, false, undefined, { blockHeader })
          : tx.kind === 'undelegate'
            ? await builder.undelegateResource(amount, tx.to, 'ENERGY', from, { blockHeader })
            : (
                await builder.triggerSmartContract(
                  this.usdtContract,
                  'transfer(address,uint256)',
                  { feeLimit: Number(tx.feeLimitSun), txLocal: true, blockHeader },
                  [
                    { type: 'address', value: tx.to },
                    { type: 'uint256', value: tx.amount.toString() },
                  ],
                  from,
                )
              ).transaction;
    const signed = await this.tronWeb.trx.sign(unsigned, privateKey);
    return { txId: signed.txID, payload: JSON.stringify(signed), expiresAt: new Date(signed.raw_data.expiration) };
  }

  /** The node's account, or null when TRON has none at this address (getaccount answers {}). */
  private async nodeAccount(address: string): Promise<NodeAccount | null> {
    const account = await this.grid.post<NodeAccount>('/wallet/getaccount', { address, visible: true });
    return account.address ? account : null;
  }

  /** balanceOf(address) of the USDT contract, a constant call: it answers for any address, activated or not. */
  private async usdtBalance(address: string): Promise<bigint> {
    const answer = await this.grid.post<ConstantCall>('/wallet/triggerconstantcontract', {
      owner_address: address,
      contract_address: this.usdtContract,
      function_selector: 'balanceOf(address)',
      parameter: tronAddressToHex(address).slice(2).padStart(64, '0'),
      visible: true,
    });
    const word = answer.constant_result?.[0];
    if (answer.result?.result !== true || answer.transaction?.ret?.[0]?.ret === 'FAILED' || !word || !/^[0-9a-f]{64}$/i.test(word)) {
      throw new Error(`TronGrid balanceOf(${address}) failed: ${answer.result?.code ?? 'no result'} ${hexText(answer.result?.message)}`.trim());
    }
    return BigInt(`0x${word}`);
  }
}
