import { tronAddressFromHex, tronAddressToHex } from '../../server/wallet/tronAddress.ts';
import { MAINNET_COSTS, usdtTransferEnergy } from '../../server/wallet/tronCosts.ts';
import { CREATE_ACCOUNT_FEE, MAX_FEE_LIMIT, NEW_ACCOUNT_FEE, TOTAL_ENERGY_LIMIT, nonZero, type Contract, type Receipt, type StandInAccounts } from './tronGridStandInAccounts.ts';

/**
 * The TronGrid stand-in's node views of its accounts (tronGridStandInAccounts.ts): the full node's account,
 * resource, chain-parameter and constant-call answers, the shape of a signed transaction it checks, and
 * a mined transaction's receipt, in java-tron's wire shapes.
 */

/** /wallet/getchainparameters: mainnet's list (a part of it), the prices from MAINNET_COSTS; a 0 is listed without a value. */
export function chainParametersJson() {
  const parameters: [string, bigint][] = [
    ['getMaintenanceTimeInterval', 21_600_000n], ['getAccountUpgradeCost', 9_999_000_000n], ['getCreateAccountFee', CREATE_ACCOUNT_FEE],
    ['getTransactionFee', MAINNET_COSTS.bandwidthPriceSun], ['getCreateNewAccountFeeInSystemContract', NEW_ACCOUNT_FEE],
    ['getCreateNewAccountBandwidthRate', 1n], ['getAllowCreationOfContracts', 1n], ['getEnergyFee', MAINNET_COSTS.energyPriceSun],
    ['getAllowDelegateResource', 1n], ['getTotalEnergyLimit', TOTAL_ENERGY_LIMIT], ['getTotalEnergyCurrentLimit', TOTAL_ENERGY_LIMIT],
    ['getForbidTransferToContract', 0n], ['getMaxFeeLimit', MAX_FEE_LIMIT], ['getFreeNetLimit', MAINNET_COSTS.freeBandwidth],
    ['getTotalNetLimit', 43_200_000_000n], ['getUnfreezeDelayDays', 14n], ['getMaxDelegateLockPeriod', 864_000n],
  ];
  return { chainParameter: parameters.map(([key, value]) => (value === 0n ? { key } : { key, value: Number(value) })) };
}

/** `visible: true` takes and shows base58 addresses, else 0x41-prefixed hex, as java-tron's servlets do. */
function addressIn(value: unknown, visible: boolean): string {
  if (typeof value !== 'string' || value === '') throw new Error('address is empty');
  return visible ? tronAddressFromHex(tronAddressToHex(value)) : tronAddressFromHex(value);
}

/**
 * The node's account routes (POST bodies as TronGrid takes them): the answer, or undefined for a path
 * that is not one of them. A bad address is the node's `Error` answer.
 */
export function accountRoute(accounts: StandInAccounts, usdtContract: string, path: string, body: Record<string, unknown>, slot: number): unknown {
  const visible = body.visible === true;
  try {
    switch (path) {
      case '/wallet/getchainparameters':
        return chainParametersJson();
      case '/wallet/getaccount':
        return accounts.accountJson(addressIn(body.address, visible), visible, slot) ?? {};
      case '/wallet/getaccountresource':
        return accounts.resourceJson(addressIn(body.address, visible), slot) ?? {};
      case '/wallet/getcandelegatedmaxsize': {
        // type 0 is BANDWIDTH, which the stand-in never stakes for.
        const sun = body.type === 1 ? accounts.delegatableSun(addressIn(body.owner_address, visible), slot) : 0n;
        return sun > 0n ? { max_size: Number(sun) } : {};
      }
      case '/wallet/getdelegatedresourcev2':
        return accounts.delegationJson(addressIn(body.fromAddress, visible), addressIn(body.toAddress, visible), visible);
      case '/wallet/triggerconstantcontract': {
        const contract = addressIn(body.contract_address, visible);
        if (contract !== usdtContract) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: Buffer.from('Smart contract is not exist.').toString('hex') } };
        const parameter = typeof body.parameter === 'string' ? body.parameter : '';
        // Running transfer() as a node does for an estimate: the energy this chain will charge (the call
        // itself is not checked: a node runs it without the sender's signature or resources).
        if (body.function_selector === 'transfer(address,uint256)' && /^0{24}[0-9a-f]{40}[0-9a-f]{64}$/i.test(parameter)) {
          const receiver = tronAddressFromHex(`41${parameter.slice(24, 64)}`);
          return { result: { result: true }, energy_used: Number(usdtTransferEnergy(accounts.usdtOf(receiver) > 0n)), constant_result: [`${'0'.repeat(63)}1`], transaction: { ret: [{}], visible } };
        }
        if (body.function_selector !== 'balanceOf(address)' || !/^0{24}[0-9a-f]{40}$/i.test(parameter)) {
          return { result: { result: true, message: Buffer.from('REVERT opcode executed').toString('hex') }, energy_used: 200, constant_result: [''], transaction: { ret: [{ ret: 'FAILED' }] } };
        }
        const balance = accounts.usdtOf(tronAddressFromHex(`41${parameter.slice(24)}`));
        return { result: { result: true }, energy_used: 521, constant_result: [balance.toString(16).padStart(64, '0')], transaction: { ret: [{}], visible } };
      }
      default:
        return undefined;
    }
  } catch (error) {
    return { Error: `class java.lang.IllegalArgumentException : ${(error as Error).message}` };
  }
}

/** A signed transaction as TronWeb sends it (visible: false, so addresses in hex). */
export interface SignedTransaction {
  txID: string;
  raw_data_hex: string;
  signature: string[];
  raw_data: {
    contract: { type: string; parameter: { value: Record<string, string | number | boolean | undefined> & { owner_address: string; data?: string } } }[];
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    fee_limit?: number;
  };
}

/** Bandwidth a node charges: the transaction serialized without its result, plus 64 bytes for the result. */
export function bytesOf(tx: SignedTransaction): bigint {
  const field = (length: number) => 1 + (length < 0x80 ? 1 : length < 0x4000 ? 2 : 3) + length;
  return BigInt(field(tx.raw_data_hex.length / 2) + tx.signature.reduce((sum, signature) => sum + field(signature.length / 2), 0) + 64);
}

/** The one contract of a transaction, or null for more than one or a kind the stand-in does not run. */
export function contractOf(tx: SignedTransaction): Contract | null {
  const [contract] = tx.raw_data.contract;
  if (!contract || tx.raw_data.contract.length !== 1) return null;
  const value = contract.parameter.value;
  const owner = tronAddressFromHex(value.owner_address);
  const at = (key: string) => tronAddressFromHex(String(value[key] ?? ''));
  if (contract.type === 'TransferContract') return { type: contract.type, owner, to: at('to_address'), amount: BigInt(value.amount ?? 0) };
  if (contract.type === 'TriggerSmartContract') {
    return { type: contract.type, owner, contract: at('contract_address'), data: String(value.data ?? ''), feeLimit: BigInt(tx.raw_data.fee_limit ?? 0) };
  }
  if (contract.type === 'DelegateResourceContract' || contract.type === 'UnDelegateResourceContract') {
    // java-tron's JSON leaves the default resource (BANDWIDTH) out.
    return { type: contract.type, owner, receiver: at('receiver_address'), balance: BigInt(value.balance ?? 0), resource: String(value.resource ?? 'BANDWIDTH') };
  }
  return null;
}

const word = (hex: string) => hex.padStart(64, '0');
/** keccak-256 of Transfer(address,address,uint256): the topic of a TRC20 Transfer event. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** gettransactioninfobyid of a mined transaction: `fee` and the receipt's fields only when not zero, as java-tron prints them. */
export function transactionInfoJson(
  mined: { txId: string; block: number; time: number; call: boolean; receipt: Receipt; usdt: { from: string; to: string; amount: bigint } | null },
  usdtContract: string,
) {
  const { receipt: r, usdt } = mined;
  const failed = r.result !== undefined && r.result !== 'SUCCESS';
  const hex = (address: string) => tronAddressToHex(address).slice(2);
  return {
    id: mined.txId,
    ...nonZero({ fee: r.fee }),
    blockNumber: mined.block,
    blockTimeStamp: mined.time,
    contractResult: [mined.call && !failed ? word('1') : ''],
    ...(mined.call ? { contract_address: tronAddressToHex(usdtContract) } : {}),
    receipt: nonZero({ energy_usage: r.energyUsage, energy_fee: r.energyFee, energy_usage_total: r.energyTotal, net_usage: r.netUsage, net_fee: r.netFee, result: r.result }),
    ...(usdt ? { log: [{ address: hex(usdtContract), topics: [TRANSFER_TOPIC, word(hex(usdt.from)), word(hex(usdt.to))], data: word(usdt.amount.toString(16)) }] } : {}),
    ...(failed ? { result: 'FAILED', resMessage: Buffer.from(r.result === 'REVERT' ? 'REVERT opcode executed' : 'Not enough energy').toString('hex') } : {}),
  };
}
