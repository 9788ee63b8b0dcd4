import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { TRC20_ADDRESS_SHAPE } from '../../protocol/wallet.ts';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

/** TRON address of a secp256k1 public key: base58check(0x41 ‖ last 20 bytes of keccak-256(X ‖ Y)). */
export function tronAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(hash.subarray(12), 1);
  return base58check.encode(payload);
}

/** A real TRC20 address: 'T', 34 characters, and a valid base58check of a 0x41-prefixed 20-byte hash. */
export function isTronAddress(value: string): boolean {
  if (!TRC20_ADDRESS_SHAPE.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** The 21-byte form (0x41 ‖ hash) as hex, which TRON's HTTP API and ABI encoding use. */
export function tronAddressToHex(address: string): string {
  return Buffer.from(base58check.decode(address)).toString('hex');
}

export function tronAddressFromHex(hex: string): string {
  const bytes = Buffer.from(hex.replace(/^0x/, ''), 'hex');
  const payload = bytes.length === 20 ? Buffer.concat([Buffer.from([TRON_PREFIX]), bytes]) : bytes;
  return base58check.encode(payload);
}

/**
 * Deposit addresses come from the account-level extended public key (m/44'/195'/0'), external chain,
 * index i: m/44'/195'/0'/0/i. The server never needs a private key to hand out deposit addresses.
 */
export function depositAddressFromXpub(accountXpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`bad derivation index ${index}`);
  const child = externalChainOf(accountXpub).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation produced no public key');
  return tronAddressOf(child.publicKey);
}

/**
 * The external chain (…/0) of an account xpub, derived once per xpub: parsing the xpub and deriving it
 * were two of the four elliptic-curve steps of every new deposit address (~1.5 % of a node on launch day,
 * when thousands of players open the wallet at once). A node has one xpub; a test may use a few.
 */
const externalChains = new Map<string, HDKey>();

function externalChainOf(accountXpub: string): HDKey {
  let chain = externalChains.get(accountXpub);
  if (!chain) {
    chain = HDKey.fromExtendedKey(accountXpub).deriveChild(0);
    if (externalChains.size >= 16) externalChains.clear();
    externalChains.set(accountXpub, chain);
  }
  return chain;
}

/** The account-level xpub (m/44'/195'/0') of a seed: for the devchain and for tests. */
export function accountXpubFromSeed(seed: Uint8Array): string {
  return HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'").publicExtendedKey;
}

/** The private key of m/44'/195'/0'/0/i of a seed: only tests and the devchain's own hot wallet use it. */
export function privateKeyFromSeed(seed: Uint8Array, index: number): Uint8Array {
  const key = HDKey.fromMasterSeed(seed).derive(`m/44'/195'/0'/0/${index}`).privateKey;
  if (!key) throw new Error('no private key');
  return key;
}
