import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { z } from 'zod';
import type { SignedWithdrawal } from './gateway.ts';
import { tronAddressOf } from './tronAddress.ts';

/**
 * A devchain transaction as a TRON one is: a body, its id (sha256 of the body), and the owner's secp256k1
 * signature of that id, from which the chain recovers the signer's address. Nothing moves out of an
 * address without its key.
 */
export type DevchainTxKind = 'trx' | 'usdt' | 'delegate' | 'undelegate';

const body = z.object({
  kind: z.enum(['trx', 'usdt', 'delegate', 'undelegate']),
  from: z.string(),
  to: z.string(),
  /** sun for trx and (un)delegations, micro-USDT for usdt */
  amount: z.string().regex(/^[1-9]\d*$/),
  /** The most TRX a contract call may burn (TRON's fee_limit), in sun. */
  feeLimit: z.string().regex(/^\d+$/),
  expiration: z.number().int(),
  nonce: z.string(),
});
const envelope = z.object({ body, signature: z.string().regex(/^[0-9a-f]{130}$/) });

export type DevchainTxBody = z.infer<typeof body>;

/** How long a signed transaction stays valid, as TRON's default expiration (60 s). */
export const DEVCHAIN_TX_LIFETIME_MS = 60_000;

const idOf = (txBody: DevchainTxBody) => createHash('sha256').update(JSON.stringify(txBody)).digest();

export function signDevchainTx(
  key: Uint8Array,
  fields: { kind: DevchainTxKind; to: string; amount: bigint; feeLimitSun?: bigint },
  now: number,
): SignedWithdrawal {
  const from = tronAddressOf(secp256k1.getPublicKey(key, true));
  const expiration = now + DEVCHAIN_TX_LIFETIME_MS;
  const txBody: DevchainTxBody = {
    kind: fields.kind,
    from,
    to: fields.to,
    amount: fields.amount.toString(),
    feeLimit: (fields.feeLimitSun ?? 0n).toString(),
    expiration,
    nonce: randomBytes(8).toString('hex'),
  };
  const id = idOf(txBody);
  const signature = Buffer.from(secp256k1.sign(id, key, { prehash: false, format: 'recovered' })).toString('hex');
  return { txId: id.toString('hex'), payload: JSON.stringify({ body: txBody, signature }), expiresAt: new Date(expiration) };
}

export type OpenedTx = { ok: true; body: DevchainTxBody; txId: string } | { ok: false; code: 'SIGERROR'; reason: string };

/** Reads a signed transaction and checks that its signature is its owner's, as a node does before anything else. */
export function openDevchainTx(payload: string): OpenedTx {
  let parsed: z.infer<typeof envelope>;
  try {
    parsed = envelope.parse(JSON.parse(payload));
  } catch {
    return { ok: false, code: 'SIGERROR', reason: 'not a signed transaction' };
  }
  const id = idOf(parsed.body);
  try {
    const publicKey = secp256k1.recoverPublicKey(Buffer.from(parsed.signature, 'hex'), id, { prehash: false });
    if (tronAddressOf(publicKey) !== parsed.body.from) return { ok: false, code: 'SIGERROR', reason: 'the signature is not the owner’s' };
  } catch {
    return { ok: false, code: 'SIGERROR', reason: 'the signature cannot be read' };
  }
  return { ok: true, body: parsed.body, txId: id.toString('hex') };
}
