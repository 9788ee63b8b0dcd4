import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserRow, CompletedGameRow, completedGamesQuery, dateRangeQuery, usersQuery } from '../../protocol/admin.ts';
import type { GameMode } from '../../protocol/constants.ts';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The back office's lists, filtered, searched and paged in the database (never a table in memory), at
 * any size (bench/admin-lists.bench.ts: 100,000 players, 1,000,000 games). Searches are
 * case-insensitive prefixes, so they use the name indexes; an id may be given whole or as its first
 * characters, and becomes a range of ids. A whole list (no search, no balance filter) is counted and
 * paged by day (see `dayPage`); a searched one by collecting its matches from indexes only.
 */

/** A LIKE prefix pattern of user input, its wildcards taken literally. */
const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ID_PREFIX = /^[0-9a-f-]{4,36}$/i;
const DASHES = new Set([8, 13, 18, 23]);

/**
 * The ids whose text starts with `text`, as a range of uuids: uuids compare byte by byte, so they are
 * exactly those between the prefix padded with 0s and padded with fs, an index range where `id::text
 * LIKE` would read every row. Null when the text is no id's beginning (a dash out of place).
 */
function idRange(text: string): { low: string; high: string } | null {
  const t = text.toLowerCase();
  if (!ID_PREFIX.test(t) || [...t].some((c, i) => (c === '-') !== DASHES.has(i))) return null;
  const hex = t.replaceAll('-', '');
  const uuid = (d: string) => `${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}-${d.slice(16, 20)}-${d.slice(20)}`;
  return { low: uuid(hex.padEnd(32, '0')), high: uuid(hex.padEnd(32, 'f')) };
}

type Range = z.output<typeof dateRangeQuery>;

/** The range's bounds on a timestamp column, both ends included; only the bounds given. */
function inRange(column: SQL, range: Range): SQL {
  const parts = [sql`TRUE`];
  if (range.startDate) parts.push(sql`${column} >= ${range.startDate}::timestamptz`);
  if (range.endDate) parts.push(sql`${column} <= ${range.endDate}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/**
 * Players whose nickname or username starts with the text, with their sign-up time: two ranges of the
 * name indexes, which hold both (an OR of the two would read the players' rows).
 */
const named = (text: string) =>
  sql`SELECT id, created_at FROM users WHERE lower(nickname) LIKE ${prefix(text)}
      UNION SELECT id, created_at FROM users WHERE lower(username) LIKE ${prefix(text)}`;

/**
 * Players a search names, for the games they played and the players they invited: bounded (a search
 * names a few people), and when a short prefix names more, the 1,000 who signed up last (a stable
 * choice, so the total does not change with the query plan).
 */
const NAMED_MAX = 1000;
const newestNamed = (from: SQL) => sql`(SELECT id FROM ${from} ORDER BY created_at DESC, id LIMIT ${NAMED_MAX})`;
const playersNamed = (text: string) => newestNamed(sql`(${named(text)}) n`);

const uuidList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** How many rows a list has in all, and its page's ids (for `IN (…)`), null for an empty page. */
interface IdPage {
  total: number;
  ids: SQL | null;
}

/**
 * A whole list, counted and paged by UTC day. Its count per day is kept in admin_day_counts once the
 * day can no longer change (rows are created with the time of their insert and never leave the list),
 * filled on first need; the total is then the sum of the kept days plus a live count (from the list's
 * covering index) of the days still open and of days the date range cuts. Page p is found by walking
 * those sums down to the day holding its first row and skipping only inside that day, so neither the
 * count nor a deep page reads the list: a few hundred small numbers and at most a day's index entries.
 */
interface DayList {
  name: 'users' | 'completed-games';
  /** `FROM <table> t WHERE <what puts a row in the list>`; t.created_at is the list's time. */
  rows: SQL;
  order: SQL;
  /** Start of the first UTC day (a timestamp at UTC) whose count may still change. */
  openFrom: SQL;
}

const START_OF_YESTERDAY = sql`date_trunc('day', now() AT TIME ZONE 'UTC') - interval '1 day'`;

const USER_LIST: DayList = {
  name: 'users',
  rows: sql`FROM users t WHERE TRUE`,
  // The tie-break in the users_created index's order (a tie needs two sign-ups in the same microsecond).
  order: sql`t.created_at DESC, t.id`,
  // created_at is the insert's time: a day is final a whole day after it ended (whatever commits late).
  openFrom: START_OF_YESTERDAY,
};

const COMPLETED_GAME_LIST: DayList = {
  name: 'completed-games',
  rows: sql`FROM games t WHERE t.status = 'completed'`,
  order: sql`t.created_at DESC, t.id DESC`,
  // A game completes after the day it started on: a day stays open while a game it started still runs.
  openFrom: sql`least(${START_OF_YESTERDAY},
    (SELECT date_trunc('day', min(r.created_at) AT TIME ZONE 'UTC') FROM games r WHERE r.status = 'in-progress'))`,
};

const dayStart = (day: SQL) => sql`(${day} AT TIME ZONE 'UTC')`;
const dayEnd = (day: SQL) => sql`((${day} + interval '1 day') AT TIME ZONE 'UTC')`;

async function dayPage(db: Queryable, list: DayList, range: Range, page: { offset: number; limit: number }): Promise<IdPage> {
  const d = sql`d`;
  const inList = inRange(sql`t.created_at`, range);
  // The days the list spans in the range, newest first, with what is kept of each. No counting here:
  // a count per day inside this statement would make the planner guess a thousand of them (and JIT).
  const days = await rowsOf<{ day: string; kept: number | null; whole: boolean; final: boolean }>(
    db,
    sql`SELECT d::date::text AS day, c.n AS kept,
               (${range.startDate ?? null}::timestamptz IS NULL OR ${range.startDate ?? null}::timestamptz <= ${dayStart(d)})
                 AND (${range.endDate ?? null}::timestamptz IS NULL OR ${range.endDate ?? null}::timestamptz >= ${dayEnd(d)}) AS whole,
               d < b.open AS final
          FROM (SELECT (SELECT min(t.created_at) ${list.rows} AND ${inList}) AS first,
                       (SELECT max(t.created_at) ${list.rows} AND ${inList}) AS last,
                       ${list.openFrom} AS open) b
         CROSS JOIN generate_series(date_trunc('day', b.last AT TIME ZONE 'UTC'), date_trunc('day', b.first AT TIME ZONE 'UTC'), interval '-1 day') d
          LEFT JOIN admin_day_counts c ON c.list = ${list.name}::text AND c.day = d::date
         ORDER BY d DESC`,
  );
  // Counts the rest from the index (in the range): the open days, the days the range cuts, and final
  // days not kept yet, which are kept from now on (all of them at the first request, then one a day).
  const live = days.filter((day) => day.kept === null || !day.whole);
  const counted = new Map<string, number>();
  if (live.length > 0) {
    const keep = live.filter((day) => day.whole && day.final).map((day) => day.day);
    const rows = await rowsOf<{ day: string; n: number }>(
      db,
      sql`WITH counted AS (
            SELECT d, (SELECT count(*) ${list.rows} AND ${inList} AND t.created_at >= ${dayStart(sql`d::timestamp`)} AND t.created_at < ${dayEnd(sql`d::timestamp`)})::int AS n
              FROM unnest(string_to_array(${live.map((day) => day.day).join(',')}, ',')::date[]) AS d),
          kept AS (
            INSERT INTO admin_day_counts (list, day, n)
            SELECT ${list.name}::text, d, n FROM counted WHERE d = ANY (string_to_array(${keep.join(',')}, ',')::date[])
            ON CONFLICT DO NOTHING)
          SELECT d::text AS day, n FROM counted`,
    );
    for (const row of rows) counted.set(row.day, row.n);
  }
  const total = days.reduce((sum, day) => sum + (counted.get(day.day) ?? day.kept ?? 0), 0);
  let before = 0;
  const first = days.find((day) => {
    const n = counted.get(day.day) ?? day.kept ?? 0;
    if (before + n > page.offset) return true;
    before += n;
    return false;
  });
  if (!first) return { total, ids: null };
  // Read with the page's rows, in the same statement.
  return {
    total,
    ids: sql`SELECT t.id ${list.rows} AND ${inList} AND t.created_at < ${dayEnd(sql`${first.day}::date::timestamp`)}
              ORDER BY ${list.order} LIMIT ${page.limit} OFFSET ${page.offset - before}`,
  };
}

/**
 * A searched or filtered list: `matched` (id, created_at) collected from indexes, counted, and one
 * page of it sorted, in one statement.
 */
async function matchedPage(db: Queryable, ctes: SQL, order: SQL, page: { offset: number; limit: number }): Promise<IdPage> {
  const [row] = await rowsOf<{ total: number; ids: string[] | null }>(
    db,
    sql`WITH ${ctes}
        SELECT (SELECT count(*)::int FROM matched) AS total,
               (SELECT json_agg(p.id ORDER BY ${order})
                  FROM (SELECT m.id, m.created_at FROM matched m ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) p) AS ids`,
  );
  const ids = row?.ids ?? [];
  return { total: row?.total ?? 0, ids: ids.length > 0 ? uuidList(ids) : null };
}

/**
 * The completed games a search names: a named player's (the winner and the loser of a completed game
 * are its two players, and games_completed_winner/loser hold each one's games with their start time,
 * so no game row is read) or those whose id starts with the text. Each game comes from one branch only
 * (a game two named players played is taken as the winner's), so nothing needs deduplicating.
 */
function searchedGames(search: string, range: Range): SQL {
  const inList = inRange(sql`t.created_at`, range);
  const completed = sql`SELECT t.id, t.created_at FROM games t WHERE t.status = 'completed' AND ${inList}`;
  // `= ANY (ARRAY(…))`: one index scan over all the named players rather than a scan per player.
  const parts = [
    sql`${completed} AND t.winner_id = ANY (ARRAY(SELECT id FROM named))`,
    sql`${completed} AND t.loser_id = ANY (ARRAY(SELECT id FROM named)) AND t.winner_id NOT IN (SELECT id FROM named)`,
  ];
  const ids = idRange(search);
  if (ids) {
    parts.push(sql`${completed} AND t.id BETWEEN ${ids.low}::uuid AND ${ids.high}::uuid
      AND t.winner_id NOT IN (SELECT id FROM named) AND t.loser_id NOT IN (SELECT id FROM named)`);
  }
  return sql`named AS MATERIALIZED ${playersNamed(search)}, matched AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)})`;
}

export async function completedGames(db: Queryable, query: z.output<typeof completedGamesQuery>): Promise<{ games: CompletedGameRow[]; totalGames: number }> {
  const search = query.search?.trim();
  const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
  const { total, ids } = search
    ? await matchedPage(db, searchedGames(search, query), sql`created_at DESC, id DESC`, page)
    : await dayPage(db, COMPLETED_GAME_LIST, query, page);
  if (!ids) return { totalGames: total, games: [] };
  // The page's games with their players in one statement (the players as JSON, by seat).
  const games = await rowsOf<{
    id: string;
    game_mode: GameMode;
    bet_micro: string;
    created_at: Date | string;
    ended_at: Date | string | null;
    status: 'completed';
    end_reason: string | null;
    winner_id: string | null;
    challenge: boolean;
    players: { user_id: string; nickname: string; points: number | null }[] | null;
  }>(
    db,
    sql`SELECT g.id, g.game_mode, g.bet_micro::text, g.created_at, g.ended_at, g.status, g.end_reason, g.winner_id,
               EXISTS (SELECT 1 FROM challenges c WHERE c.game_id = g.id) AS challenge,
               (SELECT json_agg(json_build_object('user_id', gp.user_id, 'nickname', u.nickname, 'points', pg.user_score) ORDER BY gp.seat)
                  FROM game_players gp
                  JOIN users u ON u.id = gp.user_id
                  LEFT JOIN played_games pg ON pg.game_id = gp.game_id AND pg.user_id = gp.user_id
                 WHERE gp.game_id = g.id) AS players
          FROM games g WHERE g.id IN (${ids})
         ORDER BY g.created_at DESC, g.id DESC`,
  );
  return {
    totalGames: total,
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
        results: (g.players ?? []).map((p) => ({ playerId: p.user_id, nickname: p.nickname, score: p.points ?? 0, isWinner: p.user_id === g.winner_id })),
        challenge: g.challenge,
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

/** The minimum balance asked for, in micro-USDT; none for 0, which every balance meets (never negative). */
function minimumOf(query: z.output<typeof usersQuery>): bigint | undefined {
  const micro = query.minBalance === undefined ? 0n : usdtToMicro(Math.round(query.minBalance * 1e6) / 1e6);
  return micro > 0n ? micro : undefined;
}

/**
 * The users a search and balance filter keep, as one condition (for the export, which reads them all).
 * Every branch of the search is an index condition (the name indexes, the inviter index with the named
 * players as an array, id ranges), so PostgreSQL ORs their bitmaps instead of reading every player.
 */
function userFilter(query: z.output<typeof usersQuery>): SQL {
  const parts: SQL[] = [sql`TRUE`];
  const minMicro = minimumOf(query);
  if (minMicro !== undefined) parts.push(sql`a.balance_micro >= ${minMicro}`);
  const search = query.search?.trim();
  if (search) {
    const branches = [
      sql`lower(u.nickname) LIKE ${prefix(search)}`,
      sql`lower(u.username) LIKE ${prefix(search)}`,
      sql`u.invited_by = ANY (ARRAY${playersNamed(search)})`,
    ];
    const ids = idRange(search);
    if (ids) {
      branches.push(sql`u.id BETWEEN ${ids.low}::uuid AND ${ids.high}::uuid`, sql`u.invited_by BETWEEN ${ids.low}::uuid AND ${ids.high}::uuid`);
    }
    parts.push(sql`(${sql.join(branches, sql` OR `)})`);
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

/**
 * The players a search names, richer than `minBalance` if given: by nickname or username, invited by
 * a player so named, or (for an id's beginning) by their id or their inviter's id. The names are looked
 * up once, and each branch is an index range.
 */
function searchedUsers(search: string, minMicro: bigint | undefined): SQL {
  const found = [
    sql`SELECT id, created_at FROM named`,
    sql`SELECT u.id, u.created_at FROM users u WHERE u.invited_by = ANY (ARRAY${newestNamed(sql`named`)})`,
  ];
  const ids = idRange(search);
  if (ids) {
    found.push(
      sql`SELECT u.id, u.created_at FROM users u WHERE u.id BETWEEN ${ids.low}::uuid AND ${ids.high}::uuid`,
      sql`SELECT u.id, u.created_at FROM users u WHERE u.invited_by BETWEEN ${ids.low}::uuid AND ${ids.high}::uuid`,
    );
  }
  return sql`named AS MATERIALIZED (${named(search)}),
    found AS (${sql.join(found, sql` UNION `)}),
    matched AS MATERIALIZED (SELECT f.id, f.created_at FROM found f
      ${minMicro === undefined ? sql`` : sql`JOIN accounts a ON a.user_id = f.id AND a.kind = 'user' AND a.balance_micro >= ${minMicro}`})`;
}

/**
 * Players holding at least `minMicro`: counted over the players' accounts (a 'user' account is one
 * player's; no index on the balance, which would keep every money movement from being a HOT update:
 * migration 0026), paged newest first by the players with a balance check each, or by the matches sorted.
 */
async function richUsers(db: Queryable, minMicro: bigint, page: { offset: number; limit: number }): Promise<IdPage> {
  const [count] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM accounts a WHERE a.kind = 'user' AND a.balance_micro >= ${minMicro}`);
  const total = count?.n ?? 0;
  if (page.offset >= total) return { total, ids: null };
  return {
    total,
    ids: sql`SELECT u.id FROM users u JOIN accounts a ON a.user_id = u.id AND a.kind = 'user'
              WHERE a.balance_micro >= ${minMicro}
              ORDER BY u.created_at DESC, u.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  };
}

export async function usersPage(db: Queryable, query: z.output<typeof usersQuery>): Promise<{ users: AdminUserRow[]; totalUsers: number }> {
  const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
  const search = query.search?.trim();
  const minMicro = minimumOf(query);
  const { total, ids } = search
    ? await matchedPage(db, searchedUsers(search, minMicro), sql`created_at DESC, id`, page)
    : minMicro !== undefined
      ? await richUsers(db, minMicro, page)
      : await dayPage(db, USER_LIST, {}, page);
  if (!ids) return { users: [], totalUsers: total };
  const users = await rowsOf<UserRecord>(db, sql`SELECT ${USER_COLUMNS} ${USERS_FROM} WHERE u.id IN (${ids}) ORDER BY u.created_at DESC, u.id`);
  return { users: users.map(toRow), totalUsers: total };
}

/** Every matching user, for the 'Users' sheet (bounded, newest first). */
export async function usersExport(db: Queryable, query: z.output<typeof usersQuery>, max = 100_000): Promise<AdminUserRow[]> {
  const rows = await rowsOf<UserRecord>(db, sql`SELECT ${USER_COLUMNS} ${USERS_FROM} WHERE ${userFilter(query)}
    ORDER BY u.created_at DESC, u.id LIMIT ${max}`);
  return rows.map(toRow);
}
