import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserRow, CompletedGameRow, completedGamesQuery, dateRangeQuery, usersQuery } from '../../protocol/admin.ts';
import type { GameMode } from '../../protocol/constants.ts';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';

/**
 * The back office's lists, filtered, searched and paged in the database (never a table in memory).
 * Searches are case-insensitive prefixes, so they use the name indexes; an id may be given whole or as
 * its first characters.
 */

async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A LIKE prefix pattern of user input, its wildcards taken literally. */
const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ID_PREFIX = /^[0-9a-f-]{4,36}$/i;

type Range = z.output<typeof dateRangeQuery>;

function inRange(column: SQL, range: Range): SQL {
  return sql`(${range.startDate ?? null}::timestamptz IS NULL OR ${column} >= ${range.startDate ?? null}::timestamptz)
         AND (${range.endDate ?? null}::timestamptz IS NULL OR ${column} <= ${range.endDate ?? null}::timestamptz)`;
}

/** Players whose nickname or username starts with the text (bounded: a search names a few people). */
const playersNamed = (text: string) =>
  sql`(SELECT id FROM users WHERE lower(nickname) LIKE ${prefix(text)} OR lower(username) LIKE ${prefix(text)} LIMIT 1000)`;

function gameFilter(query: z.output<typeof completedGamesQuery>): SQL {
  const search = query.search?.trim();
  let matches = sql`TRUE`;
  if (search) {
    const byName = sql`g.id IN (SELECT gp.game_id FROM game_players gp WHERE gp.user_id IN ${playersNamed(search)})`;
    matches = ID_PREFIX.test(search) ? sql`(g.id::text LIKE ${prefix(search)} OR ${byName})` : byName;
  }
  return sql`g.status = 'completed' AND ${inRange(sql`g.created_at`, query)} AND ${matches}`;
}

export async function completedGames(db: Queryable, query: z.output<typeof completedGamesQuery>): Promise<{ games: CompletedGameRow[]; totalGames: number }> {
  const where = gameFilter(query);
  const [games, [total]] = await Promise.all([
    rowsOf<{ id: string; game_mode: GameMode; bet_micro: string; created_at: Date | string; ended_at: Date | string | null; status: 'completed'; end_reason: string | null; winner_id: string | null }>(
      db,
      sql`SELECT g.id, g.game_mode, g.bet_micro::text, g.created_at, g.ended_at, g.status, g.end_reason, g.winner_id
            FROM games g WHERE ${where}
           ORDER BY g.created_at DESC, g.id DESC
           LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM games g WHERE ${where}`),
  ]);
  const ids = games.map((g) => g.id);
  const players = ids.length
    ? await rowsOf<{ game_id: string; user_id: string; nickname: string; points: number | null; seat: number }>(
        db,
        sql`SELECT gp.game_id, gp.user_id, u.nickname, pg.user_score AS points, gp.seat
              FROM game_players gp
              JOIN users u ON u.id = gp.user_id
              LEFT JOIN played_games pg ON pg.game_id = gp.game_id AND pg.user_id = gp.user_id
             WHERE gp.game_id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
             ORDER BY gp.seat`,
      )
    : [];
  return {
    totalGames: total?.n ?? 0,
    games: games.map((g) => {
      const created = new Date(g.created_at);
      const ended = g.ended_at ? new Date(g.ended_at) : created;
      return {
        gameId: g.id,
        gameMode: g.game_mode,
        betAmount: microToUsdt(BigInt(g.bet_micro)),
        createdAt: created.toISOString(),
        duration: Math.max(0, Math.round((ended.getTime() - created.getTime()) / 1000)),
        status: g.status,
        endReason: g.end_reason,
        results: players
          .filter((p) => p.game_id === g.id)
          .map((p) => ({ playerId: p.user_id, nickname: p.nickname, score: p.points ?? 0, isWinner: p.user_id === g.winner_id })),
      };
    }),
  };
}

/** Both players' stakes of the games started in the range (canceled games were refunded: not counted). */
export async function totalBets(db: Queryable, range: Range): Promise<number> {
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(g.bet_micro) * 2, 0)::text AS total FROM games g WHERE g.status <> 'canceled' AND ${inRange(sql`g.created_at`, range)}`,
  );
  return microToUsdt(BigInt(row?.total ?? '0'));
}

function userFilter(query: z.output<typeof usersQuery>): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (query.minBalance !== undefined) parts.push(sql`a.balance_micro >= ${usdtToMicro(Math.round(query.minBalance * 1e6) / 1e6)}`);
  const search = query.search?.trim();
  if (search) {
    const byName = sql`(lower(u.nickname) LIKE ${prefix(search)} OR lower(u.username) LIKE ${prefix(search)} OR u.invited_by IN ${playersNamed(search)})`;
    parts.push(ID_PREFIX.test(search) ? sql`(u.id::text LIKE ${prefix(search)} OR u.invited_by::text LIKE ${prefix(search)} OR ${byName})` : byName);
  }
  return sql.join(parts, sql` AND `);
}

const USERS_FROM = sql`FROM users u
  JOIN accounts a ON a.user_id = u.id AND a.kind = 'user'
  LEFT JOIN users inv ON inv.id = u.invited_by
  LEFT JOIN deposit_addresses da ON da.user_id = u.id
  LEFT JOIN chain_balances cb ON cb.address = da.address`;

interface UserRecord {
  id: string;
  nickname: string;
  username: string;
  created_at: Date | string;
  inviter: string | null;
  balance: string;
  usdt: string | null;
  trx: string | null;
  is_affiliate: boolean;
  affiliate_percentage: string;
}

const toRow = (r: UserRecord): AdminUserRow => ({
  _id: r.id,
  nickname: r.nickname,
  username: r.username,
  balance: microToUsdt(BigInt(r.balance)),
  blockchainBalance: r.usdt === null ? null : microToUsdt(BigInt(r.usdt)),
  // TRX has 6 decimals too: sun → TRX is the same scale as micro → USDT.
  blockchainBalanceTRX: r.trx === null ? null : microToUsdt(BigInt(r.trx)),
  createdAt: new Date(r.created_at).toISOString(),
  invitedBy: r.inviter,
  isAffiliate: r.is_affiliate,
  affiliatePercentage: Number(r.affiliate_percentage),
});

const USER_COLUMNS = sql`u.id, u.nickname, u.username, u.created_at, inv.nickname AS inviter, a.balance_micro::text AS balance,
  cb.usdt_micro::text AS usdt, cb.trx_sun::text AS trx, u.is_affiliate, u.affiliate_percentage::text`;

export async function usersPage(db: Queryable, query: z.output<typeof usersQuery>): Promise<{ users: AdminUserRow[]; totalUsers: number }> {
  const where = userFilter(query);
  const [users, [total]] = await Promise.all([
    rowsOf<UserRecord>(db, sql`SELECT ${USER_COLUMNS} ${USERS_FROM} WHERE ${where}
      ORDER BY u.created_at DESC, u.id DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n ${USERS_FROM} WHERE ${where}`),
  ]);
  return { users: users.map(toRow), totalUsers: total?.n ?? 0 };
}

/** Every matching user, for the 'Users' sheet (bounded, newest first). */
export async function usersExport(db: Queryable, query: z.output<typeof usersQuery>, max = 100_000): Promise<AdminUserRow[]> {
  const rows = await rowsOf<UserRecord>(db, sql`SELECT ${USER_COLUMNS} ${USERS_FROM} WHERE ${userFilter(query)}
    ORDER BY u.created_at DESC, u.id DESC LIMIT ${max}`);
  return rows.map(toRow);
}
