import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { ensureOperator } from '../server/admin/operators.ts';
import { buildApp } from '../server/app.ts';
import { ADMIN_COOKIE } from '../server/auth/sessions.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedAdminLists, type SeedSize } from './adminSeed.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * The back office's two big lists (GET /api/admin/users and /api/admin/completed-games) at 100,000
 * players and 1,000,000 completed games, on real PostgreSQL (TEST_DATABASE_URL): a fresh schema is
 * migrated, seeded set-based (bench/adminSeed.ts), queried through the real app with an operator
 * session (app.inject, so routing, input parsing, the queries and the JSON all count), then dropped.
 * Per case: warm-up, then RUNS timed requests; p50, p95 and max. Target: p95 under 50 ms for each.
 *
 * ADMIN_BENCH_SCALE=0.1 seeds a tenth (a quick look); ADMIN_BENCH_KEEP=1 keeps the schema and prints
 * its name; ADMIN_BENCH_SCHEMA=<name> reuses such a kept schema instead of seeding again.
 */

const TARGET_MS = 50;
const WARMUP = 3;
const RUNS = 20;
const OPERATOR = { username: 'bench-desk', password: 'bench-operator-pass' };

interface Case {
  list: 'users' | 'completed games';
  label: string;
  url: string;
  /** Beyond what an operator does (a one-letter search, page 500 of a filter): shown, no target. */
  stress?: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (n: number) => n.toFixed(1);
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

async function firstRow<Row>(client: pg.Client, text: string): Promise<Row> {
  const { rows } = await client.query(text);
  const row = rows[0] as Row | undefined;
  if (!row) throw new Error(`no row for: ${text}`);
  return row;
}

/** The cases, with their search words and dates taken from the seeded data. */
async function casesFor(client: pg.Client): Promise<Case[]> {
  const { users } = await firstRow<{ users: number }>(client, 'SELECT count(*)::int AS users FROM users');
  const { games } = await firstRow<{ games: number }>(client, "SELECT count(*)::int AS games FROM games WHERE status = 'completed'");
  const usersLast = Math.max(1, Math.ceil(users / 10));
  const gamesLast = Math.max(1, Math.ceil(games / 10));
  // A player somewhere in the middle of the list, a game in the middle of the year.
  const someUser = await firstRow<{ id: string }>(client, `SELECT id FROM users ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(users / 2)} LIMIT 1`);
  const someGame = await firstRow<{ id: string; created_at: Date }>(
    client,
    `SELECT id, created_at FROM games WHERE status = 'completed' ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(games / 2)} LIMIT 1`,
  );
  // The busiest player (thousands of games), searched by their whole username.
  const busiest = await firstRow<{ username: string; n: number }>(
    client,
    `SELECT u.username, t.n FROM (SELECT user_id, count(*)::int AS n FROM game_players GROUP BY user_id ORDER BY n DESC LIMIT 1) t
       JOIN users u ON u.id = t.user_id`,
  );
  const weekStart = new Date(someGame.created_at.getTime() - 3.5 * 86_400_000).toISOString();
  const weekEnd = new Date(someGame.created_at.getTime() + 3.5 * 86_400_000).toISOString();
  const u = (query: string) => `/api/admin/users?${query}`;
  const g = (query: string) => `/api/admin/completed-games?${query}`;
  return [
    { list: 'users', label: 'page 1', url: u('page=1&limit=10') },
    { list: 'users', label: `middle page (${thousands(usersLast / 2)})`, url: u(`page=${Math.ceil(usersLast / 2)}&limit=10`) },
    { list: 'users', label: `last page (${thousands(usersLast)})`, url: u(`page=${usersLast}&limit=10`) },
    { list: 'users', label: 'search nickname "ann"', url: u('page=1&limit=10&search=ann') },
    { list: 'users', label: 'search one letter "m"', url: u('page=1&limit=10&search=m'), stress: true },
    { list: 'users', label: 'search id (8 chars)', url: u(`page=1&limit=10&search=${someUser.id.slice(0, 8)}`) },
    { list: 'users', label: 'minBalance 100', url: u('page=1&limit=10&minBalance=100') },
    { list: 'users', label: 'minBalance 100, page 500', url: u('page=500&limit=10&minBalance=100'), stress: true },
    { list: 'completed games', label: 'page 1', url: g('page=1&limit=10') },
    { list: 'completed games', label: 'deep page (10,000)', url: g('page=10000&limit=10') },
    { list: 'completed games', label: `last page (${thousands(gamesLast)})`, url: g(`page=${gamesLast}&limit=10`) },
    { list: 'completed games', label: 'one week', url: g(`page=1&limit=10&startDate=${weekStart}&endDate=${weekEnd}`) },
    { list: 'completed games', label: 'one week, page 100', url: g(`page=100&limit=10&startDate=${weekStart}&endDate=${weekEnd}`) },
    { list: 'completed games', label: 'search nickname "ann"', url: g('page=1&limit=10&search=ann') },
    { list: 'completed games', label: `search busiest player (${thousands(busiest.n)} games)`, url: g(`page=1&limit=10&search=${busiest.username}`) },
    { list: 'completed games', label: 'search game id (8 chars)', url: g(`page=1&limit=10&search=${someGame.id.slice(0, 8)}`) },
  ];
}

async function operatorCookie(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: OPERATOR });
  const cookie = res.cookies.find((c) => c.name === ADMIN_COOKIE);
  if (!cookie) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
  return `${ADMIN_COOKIE}=${cookie.value}`;
}

/** One request's time, and what it answered. */
async function request(app: FastifyInstance, cookie: string, url: string): Promise<{ ms: number; total: number; rows: number }> {
  const start = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { users?: unknown[]; games?: unknown[]; totalUsers?: number; totalGames?: number };
  return { ms, total: body.totalUsers ?? body.totalGames ?? 0, rows: (body.users ?? body.games ?? []).length };
}

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const title = 'Admin lists at 100,000 players and 1,000,000 completed games (PostgreSQL, through the app)';
    const columns = ['list', 'case', 'total', 'rows', 'p50 ms', 'p95 ms', 'max ms'];
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      return { title, columns, rows: [], notes: ['', 'Skipped: needs real PostgreSQL. Set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).'], targets: [] };
    }
    const scale = Number(process.env.ADMIN_BENCH_SCALE ?? '1');
    const size: SeedSize = { users: Math.round(100_000 * scale), completedGames: Math.round(1_000_000 * scale) };
    const reuse = process.env.ADMIN_BENCH_SCHEMA;
    const keep = process.env.ADMIN_BENCH_KEEP === '1' || Boolean(reuse);
    const schema = reuse ?? `bench_admin_${randomBytes(6).toString('hex')}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);

    const notes: string[] = [''];
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    let database: Database | undefined;
    let app: FastifyInstance | undefined;
    try {
      if (!reuse) await client.query(`CREATE SCHEMA ${schema}`);
      database = await openDatabase({ url, searchPath: schema });
      await migrate(database);
      if (!reuse) {
        const report = await seedAdminLists(client, size);
        notes.push(`Seeded in ${report.seconds.toFixed(0)} s: ${report.steps.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}.`);
      } else {
        notes.push(`Reused the seeded schema ${schema}.`);
      }
      const sizes = await firstRow<{ users: string; games: string; players: string; played: string }>(
        client,
        `SELECT pg_size_pretty(pg_total_relation_size('users') + pg_total_relation_size('accounts')) AS users,
                pg_size_pretty(pg_total_relation_size('games')) AS games,
                pg_size_pretty(pg_total_relation_size('game_players')) AS players,
                pg_size_pretty(pg_total_relation_size('played_games')) AS played`,
      );
      notes.push(`On disk with indexes: users + accounts ${sizes.users}, games ${sizes.games}, game_players ${sizes.players}, played_games ${sizes.played}.`);

      const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', SEED_WAIT_MS: '0' }), distDir: '/nonexistent-dist' };
      app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
      await app.ready();
      await ensureOperator(database.db, OPERATOR.username, OPERATOR.password);
      const cookie = await operatorCookie(app);

      const loadBefore = loadavg()[0] ?? 0;
      const cases = await casesFor(client);
      // The first whole-list requests, as after a deploy: they count every past day and keep the counts.
      await client.query('TRUNCATE admin_day_counts');
      const firsts: string[] = [];
      for (const c of cases.filter((c) => c.label === 'page 1')) firsts.push(`${c.list} ${ms((await request(app, cookie, c.url)).ms)} ms`);
      // Rounds over all the cases rather than case after case, so a burst of other work on the machine
      // spreads over every case instead of landing on one.
      const times = cases.map((): number[] => []);
      const answers = cases.map(() => ({ total: 0, rows: 0 }));
      for (let round = 0; round < WARMUP + RUNS; round += 1) {
        for (const [i, c] of cases.entries()) {
          const { ms: took, total, rows: count } = await request(app, cookie, c.url);
          if (round >= WARMUP) times[i]?.push(took);
          answers[i] = { total, rows: count };
        }
      }
      const rows: (string | number)[][] = [];
      const targets: BenchResult['targets'] = [];
      for (const [i, c] of cases.entries()) {
        const sorted = [...(times[i] ?? [])].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const { total, rows: count } = answers[i] ?? { total: 0, rows: 0 };
        rows.push([c.list, c.stress ? `${c.label} (stress)` : c.label, thousands(total), count, ms(percentile(sorted, 50)), ms(p95), ms(sorted.at(-1) ?? NaN)]);
        if (!c.stress) targets.push({ target: `${c.list}, ${c.label}: p95 ${ms(p95)} ms under ${TARGET_MS} ms`, met: p95 < TARGET_MS });
      }
      notes.push(`The first page 1 of each list (counts every past day once, and keeps the counts): ${firsts.join(', ')}.`);
      notes.push(
        `Each case: ${WARMUP} warm-up requests, then ${RUNS} timed, in rounds over all cases; the time of the whole app.inject (route, checks, queries, JSON).`,
        '(stress): beyond what an operator does, shown without a target.',
        `Machine: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before the timings and ${(loadavg()[0] ?? 0).toFixed(1)} after (other work shares the cores and the server).`,
        `PostgreSQL ${(await firstRow<{ v: string }>(client, "SELECT current_setting('server_version') AS v")).v}; schema ${schema}${keep ? ' (kept)' : ' (dropped at the end)'}.`,
      );
      return { title, columns, rows, notes, targets };
    } finally {
      await app?.close();
      await database?.close();
      if (!keep) await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  },
};

export default bench;
