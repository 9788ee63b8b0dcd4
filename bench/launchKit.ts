import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Database } from '../server/db/client.ts';
import { checkLedger } from '../server/ledger/check.ts';
import { delay, startServer } from './loadKit.ts';

/**
 * What the spike bench (launch.bench.ts) and the mixed room (mixed-room.bench.ts) share besides the bots:
 * the product under load — one node in its own process (loadKit.ts's server child) or `npm run
 * start:cluster` (two nodes behind HAProxy, over PostgreSQL and Redis) — with the CPU of each of its
 * processes read apart, and the money check at the end.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The product under load, whichever shape it has. */
export interface Target {
  url: string;
  describe: string;
  /**
   * CPU time (ms, user + system) so far of the app's nodes and, for the cluster, of HAProxy (its master
   * and workers) and of the script that started it all (it relays every node's log lines).
   */
  cpu(): Promise<{ nodes: number; haproxy: number | null; launcher: number | null }>;
  /** Log lines at level error or worse. */
  errorLines(): string[];
  stop(): Promise<void>;
}

/** utime + stime of one process, in ms, from /proc (null once it is gone). */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** CPU time (ms) so far of every process whose command name starts with `name` (e.g. redis-server); null if none. */
export function commandCpuMs(name: string): number | null {
  let total = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith(name)) continue;
      const cpu = processCpuMs(Number(pid));
      if (cpu !== null) {
        total += cpu;
        found = true;
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return found ? total : null;
}

interface StatementCost {
  query: string;
  calls: number;
  totalMs: number;
  /** Shared buffers read (hit or from disk): a statement that reads far more than its rows is walking dead versions or scanning. */
  buffers: number;
}

/** pg_stat_statements as it stands (null when the extension is not there): what each statement has cost so far. */
export async function statementCosts(client: pg.Client): Promise<Map<string, StatementCost> | null> {
  try {
    const { rows } = await client.query<{ id: string; query: string; calls: string; total: number; buffers: string }>(
      `SELECT queryid::text AS id, query, calls::text AS calls, total_exec_time AS total, (shared_blks_hit + shared_blks_read)::text AS buffers
         FROM public.pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return new Map(rows.map((row) => [row.id, { query: row.query, calls: Number(row.calls), totalMs: row.total, buffers: Number(row.buffers) }]));
  } catch {
    return null;
  }
}

/**
 * The statements that took PostgreSQL the most time between two readings of pg_stat_statements (the
 * database is shared: another session's statements in that window would show too).
 */
export function costliestStatements(before: Map<string, StatementCost> | null, after: Map<string, StatementCost> | null, top = 8): string[] {
  if (!before || !after) return ['pg_stat_statements is not available: no statement costs'];
  const spent = [...after].map(([id, now]) => {
    const then = before.get(id);
    return { query: now.query, calls: now.calls - (then?.calls ?? 0), totalMs: now.totalMs - (then?.totalMs ?? 0), buffers: now.buffers - (then?.buffers ?? 0) };
  });
  const all = spent.reduce((sum, s) => sum + s.totalMs, 0);
  return spent
    .filter((s) => s.calls > 0)
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, top)
    .map(
      (s) =>
        `${(s.totalMs / 1000).toFixed(1)} s (${((100 * s.totalMs) / Math.max(1, all)).toFixed(0)} %), ${s.calls.toLocaleString('en-US')} calls, ${(s.totalMs / s.calls).toFixed(2)} ms and ` +
        `${Math.round(s.buffers / s.calls).toLocaleString('en-US')} buffers each: ${s.query.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
}

/** The tables whose rows the hot paths rewrite, in the order a money movement and a move touch them. */
const REWRITTEN_TABLES = ['games', 'accounts', 'users', 'game_players', 'deposits'];

/**
 * The share of each rewritten table's updates that were HOT (no new index entries; the old version pruned
 * in place), from the schema's creation: an update that changes a column any index names never is.
 */
export async function hotUpdates(client: pg.Client, schemaName: string): Promise<string> {
  // The backends report their counts within a second of their last transaction.
  await delay(1500);
  const { rows } = await client.query<{ table: string; updates: string; hot: string }>(
    `SELECT relname AS table, n_tup_upd::text AS updates, n_tup_hot_upd::text AS hot FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = ANY($2)`,
    [schemaName, REWRITTEN_TABLES],
  );
  const byTable = new Map(rows.map((row) => [row.table, row]));
  return REWRITTEN_TABLES.map((table) => {
    const row = byTable.get(table);
    const updates = Number(row?.updates ?? 0);
    return `${table} ${updates === 0 ? '–' : `${((100 * Number(row?.hot ?? 0)) / updates).toFixed(0)} %`} of ${updates.toLocaleString('en-US')}`;
  }).join(', ');
}

/** Where PostgreSQL's write-ahead log stands (bytes since its start), or null where it may not be read. */
export async function walPosition(client: pg.Client): Promise<bigint | null> {
  try {
    const { rows } = await client.query<{ at: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS at`);
    return rows[0] ? BigInt(rows[0].at) : null;
  } catch {
    return null;
  }
}

/** How many statements PostgreSQL ran between two readings of pg_stat_statements (null without it). */
export function statementCount(before: Map<string, StatementCost> | null, after: Map<string, StatementCost> | null): number | null {
  if (!before || !after) return null;
  let calls = 0;
  for (const [id, now] of after) calls += now.calls - (before.get(id)?.calls ?? 0);
  return calls;
}

/** One node in its own process, as in production: every background round, logging at info to a file. */
export async function startNodeTarget(databaseUrl: string, searchPath: string, env: Record<string, string>): Promise<Target> {
  const server = await startServer({ databaseUrl, searchPath, allWorkers: true, logLevel: 'info', env, cpuProfileDir: process.env.LAUNCH_BENCH_PROFILE || undefined });
  return {
    url: server.url,
    describe: 'one node (its own process, every background round, a pool of 10 connections, logging at info to a file)',
    cpu: async () => {
      const cpu = await server.call({ type: 'cpu' });
      return { nodes: (cpu.user + cpu.system) / 1000, haproxy: null, launcher: null };
    },
    errorLines: () => server.errorLines(),
    stop: () => server.stop(),
  };
}

/**
 * `npm run start:cluster -- --nodes N --no-build` (scripts/cluster.mjs): HAProxy on a free loopback
 * port, its nodes in the schema the URL's `options` names (node-postgres passes them to the server, as
 * tests/server/cluster-start.test.ts does), Redis for Socket.IO and the limits. Its output (the nodes'
 * logs, prefixed) goes to a file; resolves once it says Ready.
 */
export async function startClusterTarget(databaseUrl: string, searchPath: string, redisUrl: string, env: Record<string, string>, nodes = 2): Promise<Target> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${searchPath}`);
  const logFile = path.join(os.tmpdir(), `bench-cluster-${randomBytes(4).toString('hex')}.log`);
  const logFd = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['scripts/cluster.mjs', '--no-build', '--nodes', String(nodes)], {
    cwd: root,
    // LOG_LEVEL info as in production (the script's own default is warn); the script relays the nodes' lines.
    env: { ...process.env, LOG_LEVEL: 'info', ...env, DATABASE_URL: url.toString(), REDIS_URL: redisUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => fs.readFileSync(logFile, 'utf8');
  const started = Date.now();
  let port = 0;
  while (!port) {
    const ready = /Ready: http:\/\/localhost:(\d+)/.exec(output());
    if (ready) port = Number(ready[1]);
    else if (child.exitCode !== null || Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the cluster did not start:\n${output().slice(-2000)}`);
    } else await delay(200);
  }
  const nodePids = [...output().matchAll(/\[cluster\] node\d+ \(pid (\d+)\) starting/g)].map((m) => Number(m[1]));
  const launcherPid = child.pid ?? 0;
  // HAProxy's master (the script names it) and its worker (the master names it), where the proxying is done.
  const proxyPids = [/\[cluster\] haproxy \(pid (\d+)\)/.exec(output())?.[1], /\[haproxy\] .*New worker \((\d+)\) forked/.exec(output())?.[1]].map(Number).filter((pid) => pid > 0);
  if (proxyPids.length !== 2) throw new Error(`the cluster did not name HAProxy's master and worker:\n${output().slice(-2000)}`);
  // A node that has exited keeps the CPU it had when last read.
  const lastCpu = new Map<number, number>();
  const cpuOf = (pid: number) => {
    const now = processCpuMs(pid);
    if (now !== null) lastCpu.set(pid, now);
    return lastCpu.get(pid) ?? 0;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    describe: `npm run start:cluster: ${nodes} nodes (pids ${nodePids.join(', ')}) behind HAProxy (pids ${proxyPids.join(', ')}), over PostgreSQL + Redis, logging at info`,
    cpu: async () => ({ nodes: nodePids.reduce((sum, pid) => sum + cpuOf(pid), 0), haproxy: proxyPids.reduce((sum, pid) => sum + cpuOf(pid), 0), launcher: cpuOf(launcherPid) }),
    errorLines: () =>
      output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line) || /\[cluster\] .*exited/.test(line) || /\[haproxy\] .*is DOWN/.test(line)),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          for (const pid of [...nodePids, ...proxyPids, launcherPid]) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {
              // gone already
            }
          }
        }, 45_000);
        await exited;
        clearTimeout(timer);
      }
      if (process.env.LOAD_BENCH_KEEP_LOG === '1') console.log(`the cluster's log: ${logFile}`);
      else fs.rmSync(logFile, { force: true });
    },
  };
}

/**
 * The money at the end, from the tables: checkLedger() (every balance is its transfers, all accounts sum
 * to zero, nobody below zero), and our own sums — every micro-USDT that came in from the chain is on a
 * player's balance or the house's, escrow is empty once every game and search has ended, the rake is
 * exactly 2 × bet − payout of every finished paid game, and (when the bench knows it) what the players
 * sent to their deposit addresses is what was credited.
 */
export async function moneyReport(database: Database, client: pg.Client, sentMicro: bigint | null): Promise<{ ok: boolean; lines: string[] }> {
  const ledger = await checkLedger(database.db);
  const { rows: [sums] } = await client.query<Record<string, string>>(
    `SELECT coalesce(-sum(balance_micro) FILTER (WHERE kind = 'chain'), 0)::text AS came_in,
            coalesce(sum(balance_micro) FILTER (WHERE kind IN ('user', 'rewards')), 0)::text AS players,
            coalesce(sum(balance_micro) FILTER (WHERE kind = 'escrow'), 0)::text AS escrow,
            coalesce(sum(balance_micro) FILTER (WHERE kind = 'house_rake'), 0)::text AS rake,
            coalesce(sum(balance_micro) FILTER (WHERE kind NOT IN ('chain', 'user', 'rewards', 'escrow', 'house_rake')), 0)::text AS other_house,
            (SELECT coalesce(sum(credit_micro), 0) FROM deposits WHERE status = 'completed')::text AS credited,
            (SELECT coalesce(sum(2 * bet_micro - payout_micro), 0) FROM games WHERE status = 'completed' AND bet_micro > 0)::text AS rake_due,
            (SELECT count(*) FROM games WHERE status = 'in-progress')::text AS running,
            (SELECT count(*) FROM searches)::text AS searching
       FROM accounts`,
  );
  const n = (key: string) => BigInt(sums?.[key] ?? '0');
  const held = n('players') + n('escrow') + n('rake') + n('other_house');
  const off = held - n('came_in');
  const usdt = (micro: bigint) => `${(Number(micro) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 6 })} USDT`;
  const checks: [string, boolean][] = [
    [`checkLedger: ${ledger.ok ? 'balanced' : ledger.problems.slice(0, 3).join('; ')}`, ledger.ok],
    [`came in from the chain ${usdt(n('came_in'))} = players ${usdt(n('players'))} + escrow ${usdt(n('escrow'))} + rake ${usdt(n('rake'))} + other house ${usdt(n('other_house'))}: ${off === 0n ? '0 micro-USDT off' : `${off} micro-USDT off`}`, off === 0n],
    [`escrow empty (${n('running')} games running, ${n('searching')} searches): ${usdt(n('escrow'))}`, n('escrow') === 0n && n('running') === 0n && n('searching') === 0n],
    [`rake ${usdt(n('rake'))} = 2 × bet − payout of every finished paid game ${usdt(n('rake_due'))}`, n('rake') === n('rake_due')],
  ];
  if (sentMicro !== null) {
    checks.push([`sent to deposit addresses ${usdt(sentMicro)} = credited ${usdt(n('credited'))} = came in ${usdt(n('came_in'))}`, sentMicro === n('credited') && n('credited') === n('came_in')]);
  }
  return { ok: checks.every(([, ok]) => ok), lines: checks.map(([line, ok]) => `${ok ? 'ok  ' : 'OFF '} ${line}`) };
}

/** How the games ended, per mode, from the games table: "rps: 812 completed (640 played out, 150 opponent-left, 22 timeout)". */
export async function gamesReport(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ mode: string; status: string; reason: string; n: number }>(
    `SELECT game_mode AS mode, status, coalesce(end_reason, 'played out') AS reason, count(*)::int AS n FROM games GROUP BY 1, 2, 3 ORDER BY 1, 2, 4 DESC`,
  );
  const modes = [...new Set(rows.map((row) => row.mode))];
  return modes.map((mode) => {
    const mine = rows.filter((row) => row.mode === mode);
    const total = mine.reduce((sum, row) => sum + row.n, 0);
    return `${mode}: ${total.toLocaleString('en-US')} games — ${mine.map((row) => `${row.n.toLocaleString('en-US')} ${row.status}${row.status === 'in-progress' ? '' : ` (${row.reason})`}`).join(', ')}`;
  });
}

/** Waits until no game runs and no search waits (the sweeper's last draws and timeouts), at most `timeoutMs`. */
export async function settled(client: pg.Client, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows: [row] } = await client.query<{ open: number }>(
      `SELECT ((SELECT count(*) FROM games WHERE status = 'in-progress') + (SELECT count(*) FROM searches))::int AS open`,
    );
    if ((row?.open ?? 0) === 0) return true;
    if (Date.now() > until) return false;
    await delay(500);
  }
}
