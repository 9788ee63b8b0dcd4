import type pg from 'pg';
import { gameModes, type GameMode } from '../protocol/constants.ts';
import { betLevels } from '../protocol/game.ts';
import { usdtToMicro } from '../protocol/money.ts';
import { rulesOfMode } from '../rules/registry.ts';

/**
 * Seeds a migrated PostgreSQL schema with a large back office's worth of data, set-based (INSERT …
 * SELECT over generate_series), in the shape the app writes it:
 *
 * - users as registration (nickname = username, email, password hash) and Telegram sign-in (nickname
 *   from the full name, a Telegram username or tg<id>, a photo) create them, created over two years, a
 *   third invited by an earlier player (a few inviters bring many), a few affiliates;
 * - each player's 'user' and 'rewards' ledger accounts with their maintained balance_micro (about half
 *   of the players hold money), deposit addresses for some and cached chain balances for most of those;
 * - completed games over the last year in time order across the four modes at their bet levels (spec
 *   §9 payouts), both game_players rows (inactive, rating before and change), the settlement JSON, a
 *   state the mode's rules created, and both played_games records; players picked with a skew (a few
 *   play very often); 1 % more games canceled by an operator, and a few still running.
 *
 * Not written, because no admin list reads them: game_log lines, score_history, ledger transfers.
 */

export interface SeedSize {
  users: number;
  completedGames: number;
}

export interface SeedReport {
  /** Seconds per step, in order. */
  steps: [string, number][];
  seconds: number;
}

const FIRST = [
  'Anna', 'Alex', 'Mohammed', 'Maria', 'Ivan', 'Olga', 'David', 'Sara', 'Ali', 'Fatima', 'John', 'Elena', 'Arman', 'Narek',
  'Levon', 'Ani', 'Mariam', 'Dmitry', 'Sergey', 'Kate', 'Tigran', 'Hayk', 'Gor', 'Lilit', 'Ahmed', 'Omar', 'Yusuf', 'Leyla',
  'Nina', 'Max', 'Lucas', 'Sofia', 'Emma', 'Noah', 'Liam', 'Mia', 'Chen', 'Wei', 'Yuki', 'Hiro', 'Pedro', 'Juan', 'Carlos',
  'Ana', 'Luis', 'Diego', 'Rosa', 'Irina', 'Pavel', 'Artem', 'Vika', 'Dasha', 'Nikita', 'Kirill', 'Zara', 'Aram', 'Samvel',
  'Karen', 'Edgar', 'Robert', 'Annabel', 'Andrei', 'Aleksandr', 'Mehmet', 'Emre', 'Giorgi', 'Nino', 'Tamar', 'Oleg', 'Taras',
];
const LAST = [
  'Petrosyan', 'Ivanov', 'Smith', 'Garcia', 'Kim', 'Sargsyan', 'Hakobyan', 'Popova', 'Khan', 'Yilmaz', 'Muller', 'Rossi',
  'Silva', 'Novak', 'Kowalski', 'Nguyen', 'Tanaka', 'Brown', 'Lopez', 'Aliyev', 'Beridze', 'Shevchenko', 'K.', 'M.', 'A.',
];
const WORDS = [
  'tiger', 'wolf', 'eagle', 'shadow', 'lucky', 'king', 'queen', 'ace', 'dice', 'stone', 'storm', 'pro', 'master', 'ninja',
  'ghost', 'star', 'fox', 'bear', 'lion', 'hawk', 'viper', 'cobra', 'rocket', 'blaze', 'frost', 'nova', 'pixel', 'crypto',
  'whale', 'moon', 'duel', 'champ', 'boss', 'shark', 'raven', 'titan', 'joker', 'rebel', 'sniper', 'zen',
];
const COUNTRIES = ['AM', 'RU', 'US', 'DE', 'TR', 'GE', 'UA', 'FR', 'IN', 'BR', 'IR', 'AE'];
// What hashPassword writes for 'correct-horse' (argon2id); its length and shape are what matter here.
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$2bP0s0kGv1oQy2cQvXxqQqQfRrUu0bJcKkP9n1mQ8tM';

async function step(client: pg.Client, report: SeedReport, name: string, text: string, params: unknown[] = []): Promise<void> {
  const start = performance.now();
  await client.query(text, params);
  report.steps.push([name, (performance.now() - start) / 1000]);
}

/** Seeds `size` into the schema `client`'s search_path names (already migrated, otherwise empty). */
export async function seedAdminLists(client: pg.Client, size: SeedSize): Promise<SeedReport> {
  const report: SeedReport = { steps: [], seconds: 0 };
  const start = performance.now();
  const N = size.users;
  // One game in 101 is canceled, so `completedGames` of them are completed.
  const totalGames = Math.round(size.completedGames * 1.01);

  // Bulk load in this session only: no FK triggers (the data is consistent by construction), no
  // waiting for each commit's flush, room to sort and hash.
  await client.query('SET session_replication_role = replica');
  await client.query('SET synchronous_commit = off');
  await client.query("SET work_mem = '256MB'");
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query('SELECT setseed(0.4242)');

  // The big tables' indexes are dropped for the load and built again after it (a sorted build is far
  // faster than millions of random inserts): plain ones, and unique constraints no foreign key needs.
  const big = `('games', 'game_players', 'played_games')`;
  const { rows: constraints } = await client.query<{ name: string; table: string; definition: string }>(
    `SELECT c.conname AS name, t.relname AS table, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relname IN ${big} AND c.contype IN ('p', 'u')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)`,
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename IN ${big}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
  for (const c of constraints) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

  const levels = gameModes.flatMap((mode) =>
    betLevels[mode].map((level, index) => [mode, index, usdtToMicro(level.bet).toString(), usdtToMicro(level.payout).toString()]),
  );
  const templates = gameModes.map((mode: GameMode) => {
    const rules = rulesOfMode(mode);
    const players = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] as const;
    return [mode, JSON.stringify(rules.create(players, 'ab'.repeat(32), Date.now()))];
  });
  await step(
    client,
    report,
    'helper tables',
    `CREATE UNLOGGED TABLE seed_user (n int PRIMARY KEY, id uuid NOT NULL);
     CREATE UNLOGGED TABLE seed_level (mode text, level int, bet_micro bigint, payout_micro bigint, PRIMARY KEY (mode, level));
     CREATE UNLOGGED TABLE seed_state (mode text PRIMARY KEY, state jsonb NOT NULL);
     INSERT INTO seed_level SELECT * FROM json_to_recordset('${JSON.stringify(levels.map(([mode, level, bet, payout]) => ({ mode, level, bet, payout })))}')
       AS t(mode text, level int, bet bigint, payout bigint);
     INSERT INTO seed_state SELECT key, value::jsonb FROM json_each_text('${JSON.stringify(Object.fromEntries(templates)).replace(/'/g, "''")}');
     INSERT INTO seed_user SELECT n, gen_random_uuid() FROM generate_series(1, ${N}) n;`,
  );

  await step(
    client,
    report,
    `${N.toLocaleString('en-US')} users`,
    `INSERT INTO users (id, username, email, password_hash, nickname, country, score, telegram_id, photo_url, invite_code,
                        invited_by, is_affiliate, affiliate_percentage, created_at)
     SELECT x.id, x.username,
            CASE WHEN x.tg THEN NULL ELSE x.username || '@example.com' END,
            CASE WHEN x.tg THEN NULL ELSE $5 END,
            CASE WHEN NOT x.tg THEN x.username
                 WHEN x.r5 < 0.5 THEN x.first || ' ' || x.last
                 WHEN x.r5 < 0.85 THEN x.first
                 ELSE x.username END,
            CASE WHEN x.r7 < 0.8 THEN ($4::text[])[1 + x.n % cardinality($4::text[])] END,
            greatest(0, 900 + floor((x.r6 - 0.5) * 500)::int),
            x.telegram_id,
            CASE WHEN x.tg AND x.r5 < 0.7 THEN 'https://t.me/i/userpic/320/' || md5(x.n::text) || '.jpg' END,
            upper(substr(md5(x.n::text), 1, 4)) || lpad(x.n::text, 6, '0'),
            inv.id,
            x.n % 200 = 0,
            CASE WHEN x.n % 200 = 0 THEN 5 + x.n % 6 ELSE 3.5 END,
            now() - interval '730 days' * (1 - x.n::float8 / ${N}) + interval '10 minutes' * x.r7
       FROM (SELECT s.n, s.id, r.*,
                    s.n % 10 >= 4 AS tg,
                    CASE WHEN s.n % 10 >= 4 THEN 5000000000 + s.n * 13 END AS telegram_id,
                    CASE WHEN s.n % 10 < 4 AND r.r4 < 0.5 THEN r.word || '_' || s.n
                         WHEN s.n % 10 < 4 THEN lower(r.first) || s.n
                         WHEN r.r4 < 0.6 THEN lower(r.first) || '_' || r.word || s.n
                         ELSE 'tg' || (5000000000 + s.n * 13) END AS username,
                    CASE WHEN s.n > 100 AND r.r8 < 0.3 THEN 1 + floor(power(r.r9, 3) * (s.n - 1))::int END AS inviter
               FROM seed_user s,
                    LATERAL (SELECT ($1::text[])[1 + floor(q.r1 * cardinality($1::text[]))::int] AS first,
                                    ($2::text[])[1 + floor(q.r2 * cardinality($2::text[]))::int] AS last,
                                    ($3::text[])[1 + floor(q.r3 * cardinality($3::text[]))::int] AS word, q.*
                               FROM (SELECT random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                                            random() r7, random() r8, random() r9, s.n AS m) q) r) x
       LEFT JOIN seed_user inv ON inv.n = x.inviter
      ORDER BY x.n`,
    [FIRST, LAST, WORDS, COUNTRIES, PASSWORD_HASH],
  );

  await step(
    client,
    report,
    'ledger accounts, deposit addresses, chain balances',
    `INSERT INTO accounts (kind, user_id, balance_micro, created_at)
     SELECT k.kind, s.id,
            CASE WHEN k.kind = 'user' AND r.r1 >= 0.45 THEN floor(exp(r.r2 * ln(5e9)))::bigint
                 WHEN k.kind = 'rewards' AND r.r1 < 0.05 THEN floor(exp(r.r2 * ln(5e7)))::bigint
                 ELSE 0 END,
            u.created_at
       FROM seed_user s JOIN users u ON u.id = s.id
      CROSS JOIN (VALUES ('user'), ('rewards')) k(kind)
      CROSS JOIN LATERAL (SELECT random() r1, random() r2, s.n AS m) r
      ORDER BY s.n, k.kind DESC;
     INSERT INTO deposit_addresses (user_id, derivation_index, address, created_at)
     SELECT s.id, row_number() OVER (ORDER BY s.n) - 1, 'T' || lpad(s.n::text, 8, '0') || substr(md5(s.n::text), 1, 25), u.created_at + interval '1 hour'
       FROM seed_user s JOIN users u ON u.id = s.id
      WHERE s.n % 5 < 2;
     SELECT setval('deposit_address_index', (SELECT count(*) FROM deposit_addresses));
     INSERT INTO chain_balances (address, usdt_micro, trx_sun)
     SELECT address, floor(random() * 2e8)::bigint, floor(random() * 5e7)::bigint FROM deposit_addresses WHERE derivation_index % 10 < 7;`,
  );

  // Players: a power-law pick scattered over the players, so a few play thousands of games.
  await step(
    client,
    report,
    `${totalGames.toLocaleString('en-US')} games staged`,
    `CREATE UNLOGGED TABLE seed_game AS
     SELECT x.*, l.bet_micro, l.payout_micro,
            x.created_at + CASE WHEN x.mode = 'rps' THEN interval '1 second' * (15 + x.r6 * 120)
                                ELSE interval '1 second' * (180 + x.r6 * 1500) END AS ended_at,
            CASE WHEN x.r7 < 0.5 THEN x.p0 ELSE x.p1 END AS winner_n,
            CASE WHEN x.r7 < 0.5 THEN x.p1 ELSE x.p0 END AS loser_n
       FROM (SELECT i, gen_random_uuid() AS id,
                    CASE WHEN r1 < 0.4 THEN 'rps' WHEN r1 < 0.65 THEN 'backgammon' WHEN r1 < 0.85 THEN 'blot' ELSE 'carrom' END AS mode,
                    CASE WHEN r2 < 0.3 THEN 0 WHEN r2 < 0.65 THEN 1 WHEN r2 < 0.9 THEN 2 ELSE 3 END AS level,
                    p0, CASE WHEN p1 = p0 THEN p0 % ${N} + 1 ELSE p1 END AS p1,
                    CASE WHEN i % 101 = 0 THEN 'canceled' ELSE 'completed' END AS status,
                    now() - interval '365 days' * (1 - i::float8 / ${totalGames}) + interval '30 seconds' * r5 AS created_at,
                    r6, r7, r8, r9
               FROM (SELECT i, random() r1, random() r2, random() r5, random() r6, random() r7, random() r8, random() r9,
                            1 + (floor(power(random(), 2) * ${N})::bigint * 7919) % ${N} AS p0,
                            1 + (floor(power(random(), 2) * ${N})::bigint * 7919) % ${N} AS p1
                       FROM generate_series(1, ${totalGames}) i) q) x
       JOIN seed_level l ON l.mode = x.mode AND l.level = x.level;
     CREATE INDEX ON seed_game (i);`,
  );

  await step(
    client,
    report,
    'games',
    `INSERT INTO games (id, game_mode, bet_micro, payout_micro, status, state, version, deadline_at, seed, seed_hash,
                        winner_id, loser_id, end_reason, settlement, created_at, ended_at)
     SELECT g.id, g.mode, g.bet_micro, g.payout_micro, g.status, st.state, 2 + floor(g.r9 * 60)::int, NULL,
            md5(g.i::text || 'a') || md5(g.i::text || 'b'),
            encode(sha256(convert_to(md5(g.i::text || 'a') || md5(g.i::text || 'b'), 'UTF8')), 'hex'),
            CASE WHEN g.status = 'completed' THEN w.id END,
            CASE WHEN g.status = 'completed' THEN l.id END,
            CASE WHEN g.status = 'canceled' THEN 'canceled' WHEN g.r8 < 0.08 THEN 'opponent-left' WHEN g.r8 < 0.13 THEN 'timeout' END,
            jsonb_build_object(
              'balances', jsonb_build_object(w.id::text, (floor(g.r6 * 1e9))::text, l.id::text, (floor(g.r9 * 1e9))::text),
              'scoreChanges', CASE WHEN g.status = 'completed' THEN jsonb_build_object(w.id::text, 8 + floor(g.r6 * 16)::int, l.id::text, -(8 + floor(g.r6 * 16)::int))
                                   ELSE '{}'::jsonb END),
            g.created_at,
            CASE WHEN g.status = 'completed' THEN g.ended_at ELSE g.created_at + (g.ended_at - g.created_at) / 3 END
       FROM seed_game g
       JOIN seed_user w ON w.n = g.winner_n
       JOIN seed_user l ON l.n = g.loser_n
       JOIN seed_state st ON st.mode = g.mode
      ORDER BY g.i`,
  );

  await step(
    client,
    report,
    'game_players',
    `INSERT INTO game_players (game_id, user_id, seat, active, score_before, score_change)
     SELECT g.id, s.id, seat.n, false, 850 + floor(g.r9 * 300)::int,
            CASE WHEN g.status = 'canceled' THEN NULL
                 WHEN (seat.n = 0) = (g.r7 < 0.5) THEN 8 + floor(g.r6 * 16)::int
                 ELSE -(8 + floor(g.r6 * 16)::int) END
       FROM seed_game g
      CROSS JOIN (VALUES (0), (1)) seat(n)
       JOIN seed_user s ON s.n = CASE WHEN seat.n = 0 THEN g.p0 ELSE g.p1 END
      ORDER BY g.i, seat.n`,
  );

  // Points as each mode counts them: rounds won (rps), points of the game (backgammon), match points
  // (blot, to 101), coins pocketed (carrom).
  await step(
    client,
    report,
    'played_games',
    `INSERT INTO played_games (user_id, game_id, game_mode, bet_micro, result, opponent_username, user_score, opponent_score, end_reason, created_at)
     SELECT me.id, g.id, g.mode, g.bet_micro, CASE WHEN won THEN 'win' ELSE 'lose' END, them.nickname,
            CASE WHEN won THEN pts.w ELSE pts.l END, CASE WHEN won THEN pts.l ELSE pts.w END,
            CASE WHEN g.r8 < 0.08 THEN 'opponent-left' WHEN g.r8 < 0.13 THEN 'timeout' END,
            g.ended_at
       FROM seed_game g
      CROSS JOIN LATERAL (VALUES (g.winner_n, g.loser_n, true), (g.loser_n, g.winner_n, false)) side(me_n, them_n, won)
       JOIN seed_user me ON me.n = side.me_n
       JOIN seed_user th ON th.n = side.them_n
       JOIN users them ON them.id = th.id
      CROSS JOIN LATERAL (SELECT CASE g.mode WHEN 'rps' THEN 2 + floor(g.r6 * 2)::int WHEN 'backgammon' THEN 1 + floor(g.r9 * 3)::int
                                             WHEN 'blot' THEN 101 + floor(g.r6 * 60)::int ELSE 9 END AS w,
                                 CASE g.mode WHEN 'rps' THEN floor(g.r9 * 2)::int WHEN 'backgammon' THEN 0
                                             WHEN 'blot' THEN floor(g.r9 * 100)::int ELSE floor(g.r9 * 9)::int END AS l) pts
      WHERE g.status = 'completed'
      ORDER BY g.i, won DESC`,
  );

  // A few games still running: their players each in one game only (game_players_one_running).
  await step(
    client,
    report,
    'running games',
    `WITH running AS (
       SELECT i, gen_random_uuid() AS id, a.id AS p0, b.id AS p1
         FROM generate_series(1, 100) i JOIN seed_user a ON a.n = 2 * i JOIN seed_user b ON b.n = 2 * i + 1),
     g AS (
       INSERT INTO games (id, game_mode, bet_micro, payout_micro, status, state, seed, seed_hash, deadline_at, created_at)
       SELECT r.id, 'rps', 1000000, 1800000, 'in-progress', st.state, md5(r.i::text), md5(r.i::text || 'h'), now() + interval '30 seconds', now() - interval '1 minute'
         FROM running r JOIN seed_state st ON st.mode = 'rps')
     INSERT INTO game_players (game_id, user_id, seat, active, score_before)
     SELECT id, p0, 0, true, 900 FROM running UNION ALL SELECT id, p1, 1, true, 900 FROM running`,
  );

  await step(client, report, 'drop helper tables', 'DROP TABLE seed_game, seed_user, seed_level, seed_state');
  await step(
    client,
    report,
    `${constraints.length + indexes.length} indexes built`,
    [...constraints.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.definition};`), ...indexes.map((index) => `${index.definition};`)].join('\n'),
  );
  await client.query('SET session_replication_role = DEFAULT');
  // What autovacuum would long have done on a live database: statistics and the visibility map.
  const vacuumStart = performance.now();
  for (const table of ['users', 'accounts', 'deposit_addresses', 'chain_balances', 'games', 'game_players', 'played_games']) {
    await client.query(`VACUUM (ANALYZE) ${table}`);
  }
  report.steps.push(['vacuum analyze', (performance.now() - vacuumStart) / 1000]);
  report.seconds = (performance.now() - start) / 1000;
  return report;
}
