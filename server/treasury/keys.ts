import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import type { Config } from '../config.ts';
import { DEVCHAIN_XPRV, devchainHotWalletKey, devchainResourceKey } from '../wallet/devchain.ts';
import { tronAddressOf } from '../wallet/tronAddress.ts';

export interface KeyedAccount {
  address: string;
  key: Uint8Array;
}

/**
 * The keys a sweep signs with: every deposit address's (from the account-level extended private key),
 * the hot wallet's (it activates and funds deposit addresses), and the staking account's (it delegates
 * energy). Only the treasury holds them; a web node refuses to start with TRON_XPRV (config.ts).
 */
export interface TreasuryKeys {
  depositKey(index: number): Uint8Array;
  hot: KeyedAccount;
  /** null: no staking account, so sweeps burn TRX for their energy. */
  resource: KeyedAccount | null;
}

export class TreasuryKeyError extends Error {}

const accountOf = (key: Uint8Array): KeyedAccount => ({ address: tronAddressOf(secp256k1.getPublicKey(key, true)), key });
const hexKey = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

function fromXprv(xprv: string): (index: number) => Uint8Array {
  const external = HDKey.fromExtendedKey(xprv).deriveChild(0);
  return (index) => {
    const key = external.deriveChild(index).privateKey;
    if (!key) throw new TreasuryKeyError('the extended key derived no private key');
    return key;
  };
}

/**
 * The devchain's keys are public (its seed is in the source); on tron they come from the treasury's
 * environment, and the extended private key must be the one whose public half the web nodes hand out
 * deposit addresses from, or every sweep would sign for addresses it does not own.
 */
export function treasuryKeys(config: Config): TreasuryKeys {
  if (config.wallet.chain === 'devchain') {
    return { depositKey: fromXprv(DEVCHAIN_XPRV), hot: accountOf(devchainHotWalletKey()), resource: accountOf(devchainResourceKey()) };
  }
  const tron = config.wallet.tron;
  const { xprv, resourceKey } = config.wallet.treasury;
  if (!tron || !xprv) throw new TreasuryKeyError('the treasury on CHAIN=tron needs TRON_XPRV (and TRON_XPUB, TRON_HOT_WALLET_KEY)');
  if (HDKey.fromExtendedKey(xprv).publicExtendedKey !== tron.xpub) {
    throw new TreasuryKeyError('TRON_XPRV is not the private half of TRON_XPUB: its deposit addresses would not be the players’');
  }
  return { depositKey: fromXprv(xprv), hot: accountOf(hexKey(tron.hotWalletKey)), resource: resourceKey ? accountOf(hexKey(resourceKey)) : null };
}
