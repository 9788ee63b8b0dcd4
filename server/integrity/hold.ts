import { sql } from 'drizzle-orm';
import { microToUsdt } from '../../protocol/money.ts';
import type { IntegrityConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { hasOpenFlag } from './flags.ts';
import { linkedToAny } from './links.ts';

/**
 * Why a withdrawal must wait for an operator, or null when it may go out at once. Checked when it is
 * asked for, not only by the risk round (which runs once a minute): money dumped into an account is
 * held even when it is withdrawn the moment the games end, and a large amount cut into small ones is
 * still large.
 * - the account's withdrawals of the last 24 h, this one included, reach WITHDRAWAL_REVIEW_USDT;
 * - the account is named in an open risk flag;
 * - in the last 24 h it won 2 or more paid games that the same opponent left (a leave-dump in the
 *   making), or won a paid game against an account it is tied to (links.ts).
 */
export async function withdrawalHold(db: Queryable, config: IntegrityConfig, userId: string, amountMicro: bigint): Promise<string | null> {
  const [recent] = await rowsOf<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(amount_micro), 0)::text AS total FROM withdrawals
         WHERE user_id = ${userId}::uuid AND created_at > now() - interval '24 hours' AND status NOT IN ('failed', 'rejected')`,
  );
  if (BigInt(recent?.total ?? '0') + amountMicro >= config.withdrawalReviewMicro) {
    return `${microToUsdt(config.withdrawalReviewMicro)} USDT or more in 24 h`;
  }
  if (await hasOpenFlag(db, userId)) return 'open risk flag';
  const wins = await rowsOf<{ opponent_id: string; left: number }>(
    db,
    sql`SELECT o.user_id::text AS opponent_id, count(*) FILTER (WHERE p.end_reason = 'opponent-left')::int AS left
          FROM played_games p JOIN game_players o ON o.game_id = p.game_id AND o.user_id <> p.user_id
         WHERE p.user_id = ${userId}::uuid AND p.created_at > now() - interval '24 hours' AND p.bet_micro > 0 AND p.result = 'win'
         GROUP BY o.user_id`,
  );
  if (wins.some((win) => win.left >= 2)) return 'paid wins by an opponent leaving';
  // Every opponent beaten in the last 24 h, in one statement: a tied one is not hidden behind ten others.
  if (await linkedToAny(db, userId, wins.map((win) => win.opponent_id))) return 'paid win against a linked account';
  return null;
}
