import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client.ts';
import { accounts, transfers } from '../db/schema.ts';

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
  /** Players whose balance changed, so the caller can tell them after commit. */
  touchedUsers: string[];
}

/** A user account would go below zero. The caller's transaction should roll back. */
export class InsufficientFunds extends Error {
  constructor(readonly account: AccountRef) {
    super('Insufficient balance');
  }
}

/** Creates a new player's two accounts; part of creating the player. */
export async function openPlayerAccounts(db: Queryable, userId: string): Promise<void> {
  await db.insert(accounts).values([
    { kind: 'user', userId },
    { kind: 'rewards', userId },
  ]);
}

async function accountId(tx: Queryable, ref: AccountRef): Promise<number> {
  const where =
    typeof ref === 'string'
      ? and(eq(accounts.kind, ref), isNull(accounts.userId))
      : and(eq(accounts.kind, ref.kind), eq(accounts.userId, ref.userId));
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(where).limit(1);
  if (!row) throw new Error(`no ledger account ${JSON.stringify(ref)}`);
  return row.id;
}

/**
 * The one function that moves money: inside the caller's transaction, so the balance changes commit or
 * roll back together with the domain change that caused them.
 */
export async function transfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  if (request.amount <= 0n) throw new RangeError(`transfer amount must be positive, got ${request.amount}`);
  const [fromId, toId] = await Promise.all([accountId(tx, request.from), accountId(tx, request.to)]);

  // Lock both rows in id order, so two transfers between the same accounts in opposite directions
  // cannot deadlock. NO KEY UPDATE, because the transfer rows' foreign keys take KEY SHARE locks on
  // these accounts, which a plain FOR UPDATE would wait on (and deadlock with).
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, [fromId, toId]))
    .orderBy(accounts.id)
    .for('no key update');

  const [inserted] = await tx
    .insert(transfers)
    .values({
      fromAccount: fromId,
      toAccount: toId,
      amountMicro: request.amount,
      kind: request.kind,
      idempotencyKey: request.idempotencyKey,
      ref: request.ref ?? null,
    })
    .onConflictDoNothing({ target: transfers.idempotencyKey })
    .returning({ id: transfers.id });
  if (!inserted) {
    const [first] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.idempotencyKey, request.idempotencyKey));
    if (!first) throw new Error(`transfer ${request.idempotencyKey} conflicted but is not visible`);
    return { id: first.id, applied: false, touchedUsers: [] };
  }

  const debited = await tx
    .update(accounts)
    .set({ balanceMicro: sql`${accounts.balanceMicro} - ${request.amount}` })
    .where(
      and(
        eq(accounts.id, fromId),
        sql`(${accounts.kind} NOT IN ('user', 'rewards') OR ${accounts.balanceMicro} >= ${request.amount})`,
      ),
    )
    .returning({ id: accounts.id });
  if (debited.length === 0) throw new InsufficientFunds(request.from);
  await tx
    .update(accounts)
    .set({ balanceMicro: sql`${accounts.balanceMicro} + ${request.amount}` })
    .where(eq(accounts.id, toId));

  const touchedUsers = [request.from, request.to].flatMap((ref) => (typeof ref === 'object' && ref.kind === 'user' ? [ref.userId] : []));
  return { id: inserted.id, applied: true, touchedUsers };
}

/** A player's spendable balance in micro-USDT. */
export async function balanceOf(db: Queryable, userId: string, kind: PlayerAccountKind = 'user'): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balanceMicro })
    .from(accounts)
    .where(and(eq(accounts.kind, kind), eq(accounts.userId, userId)));
  return row?.balance ?? 0n;
}
