import { sql, type SQL } from 'drizzle-orm';

/**
 * What house money pays for (issue: rewards only for real play). A friend counts once credited
 * `minDepositMicro` in deposits in all and after finishing a paid game against someone other than
 * their inviter and not on one of their own devices (two invited accounts of one person playing each
 * other are not two friends); `friend` names the users row of the invited account.
 */
export function qualifiedFriend(friend: SQL, minDepositMicro: bigint): SQL {
  return sql`(
    (SELECT coalesce(sum(d.credit_micro), 0) FROM deposits d WHERE d.user_id = ${friend}.id AND d.status = 'completed')
      >= ${minDepositMicro.toString()}::bigint
    AND EXISTS (
      SELECT 1 FROM played_games p JOIN game_players o ON o.game_id = p.game_id AND o.user_id <> p.user_id
       WHERE p.user_id = ${friend}.id AND p.bet_micro > 0 AND o.user_id IS DISTINCT FROM ${friend}.invited_by
         AND NOT EXISTS (
           SELECT 1 FROM session_signals x JOIN session_signals y ON y.device_id = x.device_id
            WHERE x.user_id = ${friend}.id AND y.user_id = o.user_id AND x.device_id IS NOT NULL)))`;
}

/**
 * A win that counts toward Win 100 games: a paid game ended by play (no end reason), not by the
 * opponent leaving or timing out, and never a canceled game (those have no record). `record` names a
 * played_games row.
 */
export function countingWin(record: SQL): SQL {
  return sql`(${record}.result = 'win' AND ${record}.bet_micro > 0 AND ${record}.end_reason IS NULL)`;
}
