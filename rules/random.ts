import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { FAIRNESS_VERSION } from '../protocol/fairness.ts';
import { canonicalJson } from './canonicalJson.ts';

/**
 * The seeded source every roll, shuffle and auto-pick draws from (DESIGN.md §5, fairness).
 *
 * A counter-mode HMAC-SHA256 generator: draw i is HMAC(seed, i). Unlike a fast PRNG, its outputs say
 * nothing about the seed or the next draw, so a player who watches a thousand dice learns nothing; and
 * anyone given the seed after the game replays every draw exactly. The state is plain JSON (it lives
 * in the game's jsonb state) and never leaves the server before the game is over.
 */
export interface Rng {
  /** 32 bytes as 64 hex digits; secret until the game ends. */
  seed: string;
  /** How many blocks have been drawn. */
  counter: number;
}

const SEED = /^[0-9a-f]{64}$/;

export function createRng(seed: string): Rng {
  if (!SEED.test(seed)) throw new RangeError('seed must be 64 lowercase hex digits');
  return { seed, counter: 0 };
}

/** The public commitment to a seed: its SHA-256, published when the game starts. */
export function seedHashOf(seed: string): string {
  return bytesToHex(sha256(hexToBytes(seed)));
}

/**
 * The game's seed (issue 18): HMAC-SHA256 keyed with the server seed's 32 bytes over
 * "duel-stakes/v1|<gameId>|<client seed of seat 0>|<client seed of seat 1>". The server committed to its
 * seed before the players chose theirs, and neither player knows the server seed nor the other's client
 * seed when choosing: no one of the three could pick the game's draws.
 */
export function gameSeedOf(serverSeed: string, gameId: string, clientSeeds: readonly [string, string]): string {
  if (!SEED.test(serverSeed)) throw new RangeError('server seed must be 64 lowercase hex digits');
  const message = `${FAIRNESS_VERSION}|${gameId}|${clientSeeds[0]}|${clientSeeds[1]}`;
  return bytesToHex(hmac(sha256, hexToBytes(serverSeed), utf8ToBytes(message)));
}

/** The digest of a state each log line carries: the replay must reach the very same state. */
export function stateHashOf(state: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(state))));
}

function block(rng: Rng): number {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(rng.counter));
  const mac = hmac(sha256, hexToBytes(rng.seed), message);
  return new DataView(mac.buffer, mac.byteOffset, mac.byteLength).getUint32(0);
}

/** A uniform integer in [0, n), and the source after the draw. Rejection sampling: no modulo bias. */
export function nextInt(rng: Rng, n: number): [number, Rng] {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`cannot draw from ${n} values`);
  const limit = Math.floor(2 ** 32 / n) * n;
  let counter = rng.counter;
  for (;;) {
    const value = block({ seed: rng.seed, counter });
    counter += 1;
    if (value < limit) return [value % n, { seed: rng.seed, counter }];
  }
}

/** One element of a non-empty list, uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): [T, Rng] {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list');
  const [index, next] = nextInt(rng, items.length);
  return [items[index] as T, next];
}

/** A uniformly shuffled copy (Fisher–Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): [T[], Rng] {
  const out = [...items];
  let source = rng;
  for (let i = out.length - 1; i > 0; i -= 1) {
    const [j, next] = nextInt(source, i + 1);
    source = next;
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return [out, source];
}
