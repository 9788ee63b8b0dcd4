import type { StartGameAnswer } from '../protocol/game.ts';
import { openDatabase } from '../server/db/client.ts';
import { checkLedger } from '../server/ledger/check.ts';
import { freshSchema, httpClient, inPool, machineNote, percentile, postgresCpuMs, roundTripNote, startServer, thousands } from './loadKit.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * Matchmaking under a rush: 2,000 signed-in players join the same queue ($1 Rock Paper Scissors) at
 * once through POST /api/start-game, 200 and then 400 requests in flight (a loopback client; the node's
 * pool has 10 database connections). The app node runs in a child process (bench/server-child.ts,
 * logging at `info` to a file, the production wait for client seeds) on a fresh PostgreSQL schema;
 * players and sessions are seeded set-based. The searchers send no client seeds: a game's start after
 * its pairing is rps-load's subject, pairing speed this one's. Per round: pairings per second (games
 * created over the wall time of the rush), start-game latencies and the CPU of the node and of
 * PostgreSQL per join; then the checks: every player in exactly one game and nobody left waiting,
 * nobody paired with themselves, no bet lost (players' balances plus escrow unchanged, escrow holding
 * both bets of every game) and checkLedger() clean. The schema is dropped after.
 *
 * MATCHMAKING_BENCH_IN_FLIGHT=50,200 runs one round per value (default 200,400), each with fresh players;
 * MATCHMAKING_BENCH_SEARCHERS=400 makes each round smaller (default 2,000, even);
 * MATCHMAKING_BENCH_PROFILE=<dir> writes the node's CPU profile there.
 */

const BET_USDT = 1;
const BET_MICRO = 1_000_000n;
/** Pairings per second one queue must reach, by searches in flight (issue 24: ≥ 400 with 400 in flight). */
const TARGETS_PER_SECOND: Record<number, number> = { 200: 200, 400: 400 };

function skipped(reason: string): BenchResult {
  return { title: 'Matchmaking: 2,000 searchers at once', columns: ['skipped'], rows: [[reason]], targets: [] };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skipped('needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    const rounds = (process.env.MATCHMAKING_BENCH_IN_FLIGHT ?? '200,400').split(',').map(Number).filter((n) => n > 0);
    const searchers = 2 * Math.round(Number(process.env.MATCHMAKING_BENCH_SEARCHERS ?? 2000) / 2);
    const notes = [machineNote()];
    const rows: (string | number)[][] = [];
    const targets: { target: string; met: boolean }[] = [];

    const schema = await freshSchema(url);
    const server = await startServer({ databaseUrl: url, searchPath: schema.name, logLevel: 'info', cpuProfileDir: process.env.MATCHMAKING_BENCH_PROFILE || undefined });
    const database = await openDatabase({ url, searchPath: schema.name });
    const client = httpClient(server.url, 256);
    const money = async () => {
      const { rows: [row] } = await schema.client.query<{ players: string; escrow: string }>(
        `SELECT coalesce(sum(balance_micro) FILTER (WHERE kind = 'user'), 0)::text AS players,
                coalesce(sum(balance_micro) FILTER (WHERE kind = 'escrow'), 0)::text AS escrow FROM accounts`,
      );
      return { players: BigInt(row?.players ?? '0'), escrow: BigInt(row?.escrow ?? '0') };
    };
    try {
      notes.push(await roundTripNote(schema.client));
      for (const inFlight of rounds) {
        const players = await server.call({ type: 'seed', count: searchers, balanceMicro: '10000000' });
        const before = await money();
        const gamesBefore = Number((await schema.client.query<{ n: number }>('SELECT count(*)::int AS n FROM games')).rows[0]?.n ?? 0);
        const latencies: number[] = [];
        const failures = new Map<string, number>();
        let started = 0;
        const cpuBefore = await server.call({ type: 'cpu' });
        const postgresBefore = postgresCpuMs();
        const start = performance.now();
        await inPool(players, inFlight, async (player) => {
          const res = await client.request<StartGameAnswer>('POST', '/api/start-game', `sid=${player.token}`, { gameMode: 'rps', betAmount: BET_USDT, socketId: 'bench' });
          latencies.push(res.ms);
          if (res.status !== 200) {
            const key = `${res.status} ${JSON.stringify(res.body).slice(0, 80)}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          } else if (res.body.status === 'started') started += 1;
        });
        const seconds = (performance.now() - start) / 1000;
        const cpuAfter = await server.call({ type: 'cpu' });
        const postgresAfter = postgresCpuMs();
        const cpuMs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000;
        const postgresMs = postgresBefore !== null && postgresAfter !== null ? postgresAfter - postgresBefore : null;
        const after = await money();

        // The checks, straight from the tables.
        const ids = players.map((p) => p.id);
        const { rows: [check] } = await schema.client.query<{ games: number; seated: number; twice: number; self: number; waiting: number; unseated: number }>(
          `SELECT (SELECT count(*)::int FROM games) - $2::int AS games,
                  (SELECT count(DISTINCT user_id)::int FROM game_players WHERE user_id = ANY($1::uuid[])) AS seated,
                  (SELECT count(*)::int FROM (SELECT user_id FROM game_players WHERE user_id = ANY($1::uuid[]) GROUP BY user_id HAVING count(*) > 1) t) AS twice,
                  (SELECT count(*)::int FROM (SELECT game_id FROM game_players GROUP BY game_id HAVING count(DISTINCT user_id) <> 2) t) AS self,
                  (SELECT count(*)::int FROM searches WHERE user_id = ANY($1::uuid[])) AS waiting,
                  (SELECT count(*)::int FROM unnest($1::uuid[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM game_players g WHERE g.user_id = u.id)) AS unseated`,
          [ids, gamesBefore],
        );
        const ledger = await checkLedger(database.db);
        const pairings = check?.games ?? 0;
        const perSecond = pairings / seconds;
        const moneyKept = before.players + before.escrow === after.players + after.escrow;
        const escrowRight = after.escrow - before.escrow === BigInt(pairings) * 2n * BET_MICRO;
        const sorted = [...latencies].sort((a, b) => a - b);
        rows.push([
          thousands(searchers),
          inFlight,
          thousands(pairings),
          seconds.toFixed(2),
          thousands(perSecond),
          ms(percentile(sorted, 50)),
          ms(percentile(sorted, 95)),
          ms(percentile(sorted, 99)),
          ms(sorted[sorted.length - 1] ?? NaN),
          (cpuMs / searchers).toFixed(2),
          postgresMs === null ? '–' : (postgresMs / searchers).toFixed(2),
        ]);
        const sound =
          failures.size === 0 &&
          pairings === searchers / 2 &&
          // Every game's second seat is told 'started'; its first too when both came in one turn.
          started >= pairings &&
          started <= 2 * pairings &&
          check?.seated === searchers &&
          check.twice === 0 &&
          check.self === 0 &&
          check.waiting === 0 &&
          check.unseated === 0 &&
          moneyKept &&
          escrowRight &&
          ledger.ok;
        notes.push(
          `${inFlight} in flight: ${thousands(pairings)} games, ${thousands(started)} answered 'started' (both of a pairing made within one turn), ${thousands(check?.seated ?? 0)} players seated, ${check?.twice ?? '?'} paired twice, ${check?.self ?? '?'} games without two players, ` +
            `${check?.waiting ?? '?'} still waiting; refused: ${failures.size === 0 ? 'none' : [...failures].map(([k, n]) => `${n} × ${k}`).join(', ')}; ` +
            `players + escrow ${moneyKept ? 'unchanged' : `changed by ${after.players + after.escrow - before.players - before.escrow}`}, escrow ${escrowRight ? 'holds both bets of every game' : 'is off'}; ledger ${ledger.ok ? 'balanced' : ledger.problems.slice(0, 2).join('; ')}`,
        );
        const wanted = TARGETS_PER_SECOND[inFlight];
        if (wanted !== undefined) targets.push({ target: `at least ${wanted} pairings/s with ${inFlight} in flight: ${thousands(perSecond)}/s`, met: perSecond >= wanted });
        targets.push({ target: `${inFlight} in flight: every player in exactly one game, no bet lost, ledger balanced: ${sound ? 'yes' : 'no'}`, met: sound });
      }
      const errors = server.errorLines();
      notes.push(
        `server errors logged: ${errors.length}${errors[0] ? ` (first: ${errors[0].slice(0, 200)})` : ''}`,
        'pairings/s: games created over the wall time from the first request to the last answer; latencies: one start-game round trip, from this process;',
        "node CPU ms/join: the node process's CPU time (user + system) over the rush, per start-game; PostgreSQL CPU ms/join: every",
        'PostgreSQL process on this machine (from /proc) over the rush, per start-game (– where it is not local).',
      );
    } finally {
      client.close();
      await server.stop();
      await database.close();
      await schema.drop();
    }
    return {
      title: `Matchmaking: ${thousands(searchers)} searchers join one queue at once (PostgreSQL)`,
      columns: ['searchers', 'in flight', 'pairings', 'seconds', 'pairings/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'node CPU ms/join', 'PostgreSQL CPU ms/join'],
      rows,
      notes,
      targets,
    };
  },
};

export default bench;
