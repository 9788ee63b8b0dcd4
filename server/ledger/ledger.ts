import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { accounts } from '../db/schema.ts';

/** Rows of each system account (migration 0008): a system account's balance is the sum of its shards. */
export const SYSTEM_ACCOUNT_SHARDS = 16;

export type SystemAccount = 'escrow' | 'house_rake' | 'house_rewards' | 'house_fees' | 'withdrawal_hold' | 'chain';
export type PlayerAccountKind = 'user' | 'rewards';
export type AccountRef = SystemAccount | { kind: PlayerAccountKind; userId: string };

export type TransferKind =
  | 'deposit'
  | 'withdrawal-hold'
  | 'withdrawal-sent'
  | 'withdrawal-fee'
  | 'withdrawal-refund'
  | 'bet'
  | 'bet-refund'
  | 'payout'
  | 'rake'
  | 'referral'
  | 'claim-reward'
  | 'task-reward';

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  /** micro-USDT, > 0 */
  amount: bigint;
  kind: TransferKind;
  /** The same key twice is one transfer: the second call returns the first result and moves nothing. */
  idempotencyKey: string;
  /** What caused it (a deposit, a withdrawal, a game), for the history and the audit. */
  ref?: string;
}

export interface TransferResult {
  id: number;
  /** False when the idempotency key had already been used. */
  applied: boolean;
  /** The players whose balance it changed, with their balance after it (micro-USDT): theirs until the
   * transaction commits, so the caller can tell them after commit without reading it again. */
  balances: Record<string, bigint>;
}

/** A user account would go below zero. The caller's transaction should roll back. */
export class InsufficientFunds extends Error {
  constructor(readonly account: AccountRef) {
    super('Insufficient balance');
  }
}

const kindOf = (ref: AccountRef) => (typeof ref === 'string' ? ref : ref.kind);
const userOf = (ref: AccountRef) => (typeof ref === 'string' ? null : ref.userId);

/** What ledger_transfers answers per transfer, as the statements select it (ids and amounts as text). */
export interface TransferRow {
  o_index: number;
  o_transfer_id: string | null;
  o_applied: boolean;
  o_insufficient: boolean;
  o_from_balance: string;
  o_to_balance: string;
}

/** ledger_transfers' argument for `requests` (migration 0008), as JSON text. */
export function transfersPayload(requests: TransferRequest[], shard: number): string {
  for (const request of requests) {
    if (request.amount <= 0n) throw new RangeError(`transfer amount must be positive, got ${request.amount}`);
  }
  return JSON.stringify(
    requests.map((r) => ({
      fromKind: kindOf(r.from),
      fromUser: userOf(r.from),
      toKind: kindOf(r.to),
      toUser: userOf(r.to),
      amount: r.amount.toString(),
      kind: r.kind,
      key: r.idempotencyKey,
      ref: r.ref ?? null,
      shard,
    })),
  );
}

/** ledger_transfers' rows as results, in request order; throws InsufficientFunds at the first short one. */
export function readTransfers(requests: TransferRequest[], rows: TransferRow[]): TransferResult[] {
  return [...rows]
    .sort((a, b) => a.o_index - b.o_index)
    .map((row) => {
      const request = requests[row.o_index] as TransferRequest;
      if (row.o_insufficient) throw new InsufficientFunds(request.from);
      if (!row.o_applied) return { id: Number(row.o_transfer_id), applied: false, balances: {} };
      const balances: Record<string, bigint> = {};
      if (typeof request.from === 'object' && request.from.kind === 'user') balances[request.from.userId] = BigInt(row.o_from_balance);
      if (typeof request.to === 'object' && request.to.kind === 'user') balances[request.to.userId] = BigInt(row.o_to_balance);
      return { id: Number(row.o_transfer_id), applied: true, balances };
    });
}

/**
 * The one function that moves money: inside the caller's transaction, so the balance changes commit or
 * roll back together with the domain change that caused them. Several transfers go in one round trip,
 * applied in order; the first one a player's balance cannot cover throws InsufficientFunds, and the
 * caller's transaction must roll back (the ones before it moved money). `shard` (0-15) is the row of
 * each system account they use: one per transaction (see moneyTransaction).
 */
export async function transferMany(tx: Tx, requests: TransferRequest[], shard: number): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  const rows = await ledgerTransfers<TransferRow>(tx, { payload: transfersPayload(requests, shard) });
  return readTransfers(requests, rows);
}

const ledgerTransfers = namedStatement<'payload'>(
  'ledger_transfers',
  (v) => sql`SELECT o_index, o_transfer_id::text AS o_transfer_id, o_applied, o_insufficient,
                    o_from_balance::text AS o_from_balance, o_to_balance::text AS o_to_balance
             FROM ledger_transfers(${v('payload')}::jsonb)`,
);

/** A player's spendable balance in micro-USDT. */
export async function balanceOf(db: Queryable, userId: string, kind: PlayerAccountKind = 'user'): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balanceMicro })
    .from(accounts)
    .where(and(eq(accounts.kind, kind), eq(accounts.userId, userId)));
  return row?.balance ?? 0n;
}
