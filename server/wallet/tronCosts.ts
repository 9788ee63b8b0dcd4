/**
 * What TRON charges for a transaction, in the chain's own terms. A transaction spends bandwidth (its size
 * in bytes) and, for a contract call, energy. Each account gets some bandwidth free per day; energy comes
 * from staked TRX (its own, or delegated to it by a staking account, Stake 2.0); what is missing is burned
 * as TRX at the chain's prices. The devchain charges exactly this; the treasury plans sweeps with it.
 */
export interface TronCosts {
  /** Sun burned per missing unit of energy (chain parameter getEnergyFee). */
  energyPriceSun: bigint;
  /** Sun burned per missing byte of bandwidth (getTransactionFee). */
  bandwidthPriceSun: bigint;
  /** Bandwidth every activated account gets free per day (getFreeNetLimit). */
  freeBandwidth: bigint;
  /** What the sender pays on top when a TRX transfer creates the receiving account (getCreateNewAccountFeeInSystemContract + getCreateAccountFee). */
  activationFeeSun: bigint;
  /** Energy a day per staked TRX (TotalEnergyLimit ÷ TotalEnergyWeight). */
  energyPerStakedTrx: bigint;
}

/** Mainnet's parameters as of 2026 (energy 100 sun, bandwidth 1,000 sun/byte, 600 bytes free a day). */
export const MAINNET_COSTS: TronCosts = {
  energyPriceSun: 100n,
  bandwidthPriceSun: 1_000n,
  freeBandwidth: 600n,
  activationFeeSun: 1_100_000n,
  energyPerStakedTrx: 10n,
};

/**
 * The base energy of USDT's transfer(): about twice as much when the receiver has never held USDT (a new
 * storage slot). Mainnet adds the contract's dynamic energy penalty on top (roughly doubling it today),
 * which is why the treasury on TRON asks the node for each transfer's energy; the devchain charges these.
 */
export const USDT_TRANSFER_ENERGY = 31_895n;
export const USDT_TRANSFER_ENERGY_NEW_HOLDER = 64_895n;

/** Bytes of bandwidth each kind of transaction takes (signed, as broadcast; the largest seen of each kind, so a burn planned on it is never short). */
export const TX_BYTES = { trx: 270n, usdt: 345n, delegate: 280n, undelegate: 282n } as const;

export const SUN_PER_TRX = 1_000_000n;

/**
 * The most a withdrawal's transfer may burn (its fee limit): 30 TRX covers a USDT transfer to a new
 * holder with the dynamic penalty. A hot wallet holding less TRX waits to pay, as one short of USDT does:
 * short of energy the chain would take the fees and fail the transfer.
 */
export const WITHDRAWAL_FEE_LIMIT_SUN = 30n * SUN_PER_TRX;

/** The energy a USDT transfer to `receiverHoldsUsdt` will take. */
export function usdtTransferEnergy(receiverHoldsUsdt: boolean): bigint {
  return receiverHoldsUsdt ? USDT_TRANSFER_ENERGY : USDT_TRANSFER_ENERGY_NEW_HOLDER;
}

/** TRX to burn for what free bandwidth and available energy do not cover. */
export function burnSun(costs: TronCosts, need: { bytes: bigint; energy: bigint }, have: { bandwidth: bigint; energy: bigint }): bigint {
  const bandwidth = need.bytes <= have.bandwidth ? 0n : need.bytes * costs.bandwidthPriceSun;
  const energy = need.energy <= have.energy ? 0n : (need.energy - have.energy) * costs.energyPriceSun;
  return bandwidth + energy;
}

/** Whole TRX to stake-delegate so a receiver gets at least `energy` (delegations are in sun, at least 1 TRX). */
export function delegationSunFor(costs: TronCosts, energy: bigint): bigint {
  const trx = (energy + costs.energyPerStakedTrx - 1n) / costs.energyPerStakedTrx;
  return (trx < 1n ? 1n : trx) * SUN_PER_TRX;
}
