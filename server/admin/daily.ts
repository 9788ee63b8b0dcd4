import { sql, type SQL } from 'drizzle-orm';
import type { DailyFigures } from '../../protocol/treasury.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { utcDaysOf } from './range.ts';

const dayOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * The dashboard's range day by day (UTC days): money staked and the house's rake, deposits credited and
 * withdrawals paid, players who joined, and games started per mode. One grouped statement per source.
 */
export async function dailyFigures(db: Queryable, from: Date, to: Date): Promise<DailyFigures[]> {
  const range = utcDaysOf(from, to);
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const within = (column: SQL) => sql`${column} >= ${start}::timestamptz AND ${column} < ${end}::timestamptz`;
  const games = await rowsOf<{ day: string; mode: string; games: number; bets: string }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`)} AS day, game_mode AS mode, count(*)::int AS games, (sum(bet_micro) * 2)::text AS bets
      FROM games WHERE status <> 'canceled' AND ${within(sql`created_at`)} GROUP BY 1, 2`,
  );
  const money = await rowsOf<{ day: string; kind: string; micro: string }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`)} AS day, 'rake' AS kind, sum(amount_micro)::text AS micro FROM transfers WHERE kind = 'rake' AND ${within(sql`created_at`)} GROUP BY 1
      UNION ALL
      SELECT ${dayOf(sql`credited_at`)}, 'deposits', sum(credit_micro)::text FROM deposits WHERE status = 'completed' AND ${within(sql`credited_at`)} GROUP BY 1
      UNION ALL
      SELECT ${dayOf(sql`finished_at`)}, 'withdrawals', sum(amount_micro)::text FROM withdrawals WHERE status = 'completed' AND ${within(sql`finished_at`)} GROUP BY 1`,
  );
  const players = await rowsOf<{ day: string; n: number }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`)} AS day, count(*)::int AS n FROM users WHERE ${within(sql`created_at`)} GROUP BY 1`,
  );
  return range.days.map((day) => {
    const ofDay = games.filter((row) => row.day === day);
    const usdt = (kind: string) => microToUsdt(BigInt(money.find((row) => row.day === day && row.kind === kind)?.micro ?? '0'));
    const count = (mode: string) => ofDay.find((row) => row.mode === mode)?.games ?? 0;
    return {
      day,
      betsUsdt: microToUsdt(ofDay.reduce((sum, row) => sum + BigInt(row.bets), 0n)),
      rakeUsdt: usdt('rake'),
      depositsUsdt: usdt('deposits'),
      withdrawalsUsdt: usdt('withdrawals'),
      newPlayers: players.find((row) => row.day === day)?.n ?? 0,
      games: { rps: count('rps'), blot: count('blot'), carrom: count('carrom'), backgammon: count('backgammon') },
    };
  });
}
