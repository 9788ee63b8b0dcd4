import { ADMIN_PAGE_SIZE } from '../../protocol/admin.ts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  integrityText,
  type AdminWithdrawalRow,
  type AdminWithdrawalsAnswer,
  type adminWithdrawalsQuery,
  type DecideWithdrawalAnswer,
} from '../../protocol/integrity.ts';
import { microToUsdt } from '../../protocol/money.ts';
import { audit } from '../admin/audit.ts';
import type { Services } from '../context.ts';
import { rowsOf } from '../db/rows.ts';
import { HttpError } from '../http/errors.ts';
import { moneyTransaction } from '../ledger/notify.ts';

type Money = Pick<Services, 'db' | 'sockets' | 'log'>;

interface Row {
  id: string;
  user_id: string;
  nickname: string;
  amount_micro: string;
  fee_micro: string;
  to_address: string;
  status: AdminWithdrawalRow['status'];
  created_at: Date | string;
  review_reason: string | null;
  held_for: string | null;
  waiting_funds_since: Date | string | null;
  frozen: boolean;
  open_flags: AdminWithdrawalRow['risk']['openFlags'] | null;
  linked: number;
}

/**
 * GET /api/admin/withdrawals: one status (review by default), oldest first for review (the queue an
 * operator works through), newest first otherwise; each with the player's risk at a glance.
 */
export async function listWithdrawals(db: Services['db'], query: z.output<typeof adminWithdrawalsQuery>): Promise<AdminWithdrawalsAnswer> {
  const order = query.status === 'review' ? sql`w.created_at ASC, w.id` : sql`w.created_at DESC, w.id`;
  const [rows, [total]] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`SELECT w.id::text AS id, w.user_id::text AS user_id, u.nickname, w.amount_micro::text AS amount_micro,
                 w.fee_micro::text AS fee_micro, w.to_address, w.status, w.created_at, w.review_reason, w.held_for, w.waiting_funds_since,
                 u.frozen_at IS NOT NULL AS frozen,
                 (SELECT json_agg(DISTINCT f.kind) FROM risk_flags f
                   WHERE f.status = 'open' AND f.user_ids @> ARRAY[w.user_id]) AS open_flags,
                 (SELECT count(DISTINCT x)::int FROM risk_flags f, unnest(f.user_ids) AS x
                   WHERE f.user_ids @> ARRAY[w.user_id] AND x <> w.user_id) AS linked
            FROM withdrawals w JOIN users u ON u.id = w.user_id
           WHERE w.status = ${query.status}
           ORDER BY ${order} LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(query.page - 1) * ADMIN_PAGE_SIZE}`,
    ),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = ${query.status}`),
  ]);
  return {
    withdrawals: rows.map((row) => ({
      _id: row.id,
      userId: row.user_id,
      nickname: row.nickname,
      amount: microToUsdt(BigInt(row.amount_micro)),
      fee: microToUsdt(BigInt(row.fee_micro)),
      toAddress: row.to_address,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      reviewReason: row.review_reason,
      heldFor: row.held_for,
      waitingForFundsSince: row.waiting_funds_since ? new Date(row.waiting_funds_since).toISOString() : null,
      risk: { frozen: row.frozen, openFlags: row.open_flags ?? [], linkedAccounts: row.linked },
    })),
    totalWithdrawals: total?.n ?? 0,
  };
}

/**
 * Decides a withdrawal in review. The conditional UPDATE lets exactly one decision through, whatever
 * races it (a second approve, a reject): the others find no row in review and answer 409. Approve hands
 * it to the sending path (status pending, which the worker claims once); reject gives the whole amount
 * back in the same transaction.
 */
export async function decideWithdrawal(
  money: Money,
  adminId: string,
  withdrawalId: string,
  decision: { approve: true } | { approve: false; reason: string },
  /** Where the operator acted from, for the audit trail. */
  ip?: string,
): Promise<DecideWithdrawalAnswer> {
  const status = decision.approve ? 'pending' : 'rejected';
  const reason = decision.approve ? null : decision.reason;
  await moneyTransaction(money, async ({ tx, transfer }) => {
    if (decision.approve) {
      // The player's row first (as a withdrawal request and a freeze take it): a frozen account's money
      // does not leave, whichever operator presses approve.
      const [owner] = await rowsOf<{ frozen: boolean }>(
        tx,
        sql`SELECT u.frozen_at IS NOT NULL AS frozen FROM users u JOIN withdrawals w ON w.user_id = u.id
             WHERE w.id = ${withdrawalId}::uuid FOR SHARE OF u`,
      );
      if (owner?.frozen) throw new HttpError(409, integrityText.accountFrozen);
    }
    const [row] = await rowsOf<{ id: string; user_id: string; amount_micro: string }>(
      tx,
      sql`UPDATE withdrawals
             SET status = ${status}, reviewed_by = ${adminId}::uuid, reviewed_at = now(), review_reason = ${reason},
                 finished_at = ${decision.approve ? null : sql`now()`}
           WHERE id = ${withdrawalId}::uuid AND status = 'review'
       RETURNING id::text AS id, user_id::text AS user_id, amount_micro::text AS amount_micro`,
    );
    if (!row) {
      const [exists] = await rowsOf<{ id: string }>(tx, sql`SELECT id::text AS id FROM withdrawals WHERE id = ${withdrawalId}::uuid`);
      throw exists ? new HttpError(409, integrityText.withdrawalDecided) : new HttpError(404, integrityText.unknownWithdrawal);
    }
    if (!decision.approve) {
      await transfer({
        from: 'withdrawal_hold',
        to: { kind: 'user', userId: row.user_id },
        amount: BigInt(row.amount_micro),
        kind: 'withdrawal-refund',
        idempotencyKey: `withdrawal:${row.id}:refund`,
        ref: row.id,
      });
    }
    await audit(tx, { adminId, action: decision.approve ? 'approve-withdrawal' : 'reject-withdrawal', target: row.id, details: { reason, ip } });
  });
  money.log.warn({ adminId, withdrawalId, status }, 'withdrawal reviewed');
  return { _id: withdrawalId, status };
}
