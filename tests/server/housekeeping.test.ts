import { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { housekeepingRound, purgeAll, type HousekeepingReport, type PurgeKind } from '../../server/housekeeping/round.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { fundedPlayer, pairedRps, playRpsToEnd, type Player } from './gameHarness.ts';

/**
 * Issue 37's housekeeping round: expired rows go, in batches, one node at a time, and nothing a reader
 * still accepts (or an audit relies on) goes with them; players play through it.
 */

interface Owners {
  user: string;
  admin: string;
}

/** One kind of row, inserted `COPIES` times under keys `prefix-i`, and whether a round must delete it. */
interface Case {
  name: string;
  table: 'sessions' | 'password_reset_tokens' | 'admin_recovery_codes';
  purge: PurgeKind | null;
  gone: boolean;
  insert: (key: string, owners: Owners) => SQL;
}

const session = (owner: 'user' | 'admin', expires: string) => (key: string, o: Owners) =>
  owner === 'user'
    ? sql`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (${key}, ${o.user}, now() + ${expires}::interval)`
    : sql`INSERT INTO sessions (token_hash, admin_id, expires_at) VALUES (${key}, ${o.admin}, now() + ${expires}::interval)`;
const resetToken = (expires: string, used: string | null) => (key: string, o: Owners) =>
  sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at)
      VALUES (${key}, ${o.user}, now() + ${expires}::interval, ${used === null ? null : sql`now() + ${used}::interval`})`;
const recoveryCode = (used: boolean) => (key: string, o: Owners) =>
  sql`INSERT INTO admin_recovery_codes (admin_id, code_hash, used_at) VALUES (${o.admin}, ${key}, ${used ? sql`now()` : null})`;

const cases: Case[] = [
  { name: 'player session expired a second ago', table: 'sessions', purge: 'sessions', gone: true, insert: session('user', '-1 second') },
  { name: 'player session expired 40 days ago', table: 'sessions', purge: 'sessions', gone: true, insert: session('user', '-40 days') },
  { name: 'player session that ends in a minute', table: 'sessions', purge: 'sessions', gone: false, insert: session('user', '1 minute') },
  { name: 'operator session expired an hour ago', table: 'sessions', purge: 'sessions', gone: true, insert: session('admin', '-1 hour') },
  { name: 'operator session still open', table: 'sessions', purge: 'sessions', gone: false, insert: session('admin', '8 hours') },
  { name: 'reset token expired unused', table: 'password_reset_tokens', purge: 'passwordResetTokens', gone: true, insert: resetToken('-1 minute', null) },
  { name: 'reset token used, not yet expired', table: 'password_reset_tokens', purge: 'passwordResetTokens', gone: true, insert: resetToken('30 minutes', '-5 minutes') },
  { name: 'reset token used, then expired', table: 'password_reset_tokens', purge: 'passwordResetTokens', gone: true, insert: resetToken('-2 hours', '-150 minutes') },
  { name: 'reset token live and unused', table: 'password_reset_tokens', purge: 'passwordResetTokens', gone: false, insert: resetToken('45 minutes', null) },
  // Not expiring rows: a spent code is the record that it was spent, and stays with the unspent ones.
  { name: 'operator recovery code spent', table: 'admin_recovery_codes', purge: null, gone: false, insert: recoveryCode(true) },
  { name: 'operator recovery code unspent', table: 'admin_recovery_codes', purge: null, gone: false, insert: recoveryCode(false) },
];
const COPIES = 6;
const BATCH = 7;

const keyColumn = { sessions: 'token_hash', password_reset_tokens: 'token_hash', admin_recovery_codes: 'code_hash' } as const;

async function insertCases(t: TestApp, owners: Owners, prefix: string): Promise<void> {
  for (const [index, c] of cases.entries()) {
    for (let i = 0; i < COPIES; i += 1) await t.database.db.execute(c.insert(`${prefix}-${index}-${i}`, owners));
  }
}

/** The keys under `prefix` still present, per case index. */
async function presentKeys(t: TestApp, prefix: string): Promise<Set<string>> {
  const present = new Set<string>();
  for (const [table, column] of Object.entries(keyColumn)) {
    const found = await rows<{ key: string }>(t.database, sql`SELECT ${sql.identifier(column)} AS key FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} LIKE ${`${prefix}-%`}`);
    for (const row of found) present.add(row.key);
  }
  return present;
}

/** How many rows of each purge the cases expect to go. */
function expectedDeleted(): Record<PurgeKind, number> {
  const expected: Record<PurgeKind, number> = { sessions: 0, passwordResetTokens: 0 };
  for (const c of cases) if (c.gone && c.purge) expected[c.purge] += COPIES;
  return expected;
}

function expectCasesAfterRound(present: Set<string>, prefix: string): void {
  for (const [index, c] of cases.entries()) {
    const left = Array.from({ length: COPIES }, (_, i) => present.has(`${prefix}-${index}-${i}`));
    expect({ case: c.name, left: left.filter(Boolean).length }).toEqual({ case: c.name, left: c.gone ? 0 : COPIES });
  }
}

const noOtherExpired = async (t: TestApp) =>
  rows<{ sessions: number; tokens: number }>(
    t.database,
    sql`SELECT (SELECT count(*)::int FROM sessions WHERE expires_at <= now()) AS sessions,
               (SELECT count(*)::int FROM password_reset_tokens WHERE used_at IS NOT NULL OR expires_at <= now()) AS tokens`,
  );

const round = (t: TestApp, batch = BATCH) => housekeepingRound(t.database.db, { batch, leaseMs: 60_000 });

for (const kind of databaseKinds) {
  describe(`housekeeping round [${kind}]`, () => {
    let t: TestApp;
    let owners: Owners;
    let a: Player;
    let b: Player;
    beforeAll(async () => {
      t = await startTestApp(kind);
      a = await fundedPlayer(t, 50);
      b = await fundedPlayer(t, 50);
      const [admin] = await rows<{ id: string }>(t.database, sql`INSERT INTO admins (username, password_hash) VALUES ('housekeeper', 'x') RETURNING id::text AS id`);
      owners = { user: a.id, admin: admin!.id };
    });
    afterAll(async () => {
      await t.close();
    });

    it('deletes exactly the expired rows, a batch at a time, and keeps every live one', async () => {
      await insertCases(t, owners, 'one');
      const report = await round(t);
      const expected = expectedDeleted();
      expect(expected.sessions).toBeGreaterThan(2 * BATCH);
      expect(expected.passwordResetTokens).toBeGreaterThan(2 * BATCH);
      // Every batch but the last was full: n rows take floor(n / batch) + 1 statements.
      expect(report).toEqual({
        sessions: { deleted: expected.sessions, batches: Math.floor(expected.sessions / BATCH) + 1 },
        passwordResetTokens: { deleted: expected.passwordResetTokens, batches: Math.floor(expected.passwordResetTokens / BATCH) + 1 },
      } satisfies HousekeepingReport);
      expectCasesAfterRound(await presentKeys(t, 'one'), 'one');
      expect(await noOtherExpired(t)).toEqual([{ sessions: 0, tokens: 0 }]);
      // The players' own sessions (signed in through the app) still open their accounts.
      for (const player of [a, b]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/protected', headers: { cookie: player.cookie } });
        expect(res.statusCode).toBe(200);
      }
      // A round with nothing to do runs one empty batch a table.
      expect(await round(t)).toEqual({ sessions: { deleted: 0, batches: 1 }, passwordResetTokens: { deleted: 0, batches: 1 } });
    });

    it('three nodes at once: they take turns, each row is deleted once, none fails', async () => {
      await insertCases(t, owners, 'two');
      const reports = await Promise.all([round(t), round(t), round(t)]);
      const ran = reports.filter((r): r is HousekeepingReport => r !== null);
      // Rounds that overlap take turns (the lease's own test below shows a live lease makes a round skip);
      // one that claims after the first gave the turn back (a slow connection) runs too and finds nothing
      // left. Whichever way they fell, each row goes once and no round fails.
      expect(ran.length).toBeGreaterThanOrEqual(1);
      const expected = expectedDeleted();
      expect(ran.reduce((sum, report) => sum + report.sessions.deleted, 0)).toBe(expected.sessions);
      expect(ran.reduce((sum, report) => sum + report.passwordResetTokens.deleted, 0)).toBe(expected.passwordResetTokens);
      expectCasesAfterRound(await presentKeys(t, 'two'), 'two');
      // The turn was given back: the next round, on any node, runs.
      expect(await round(t)).not.toBeNull();
    });

    it('two purges racing on the same rows (a round that outlived its lease) split them and never wait on each other', async () => {
      await insertCases(t, owners, 'race');
      const expected = expectedDeleted();
      for (const purge of ['sessions', 'passwordResetTokens'] as const) {
        const counts = await Promise.all([purgeAll(t.database.db, purge, 3), purgeAll(t.database.db, purge, 3)]);
        expect(counts[0].deleted + counts[1].deleted).toBe(expected[purge]);
      }
      expectCasesAfterRound(await presentKeys(t, 'race'), 'race');
    });

    it("skips while another node's lease runs, and takes over one a killed node left to lapse", async () => {
      await insertCases(t, owners, 'lease');
      await t.database.db.execute(sql`UPDATE chain_state SET value = (floor(extract(epoch FROM now()) * 1000) + 60000)::bigint::text WHERE name = 'housekeeping_lease'`);
      expect(await round(t)).toBeNull();
      expect((await presentKeys(t, 'lease')).size).toBe(cases.length * COPIES);
      await t.database.db.execute(sql`UPDATE chain_state SET value = (floor(extract(epoch FROM now()) * 1000) - 1)::bigint::text WHERE name = 'housekeeping_lease'`);
      expect((await round(t))?.sessions.deleted).toBe(expectedDeleted().sessions);
      expectCasesAfterRound(await presentKeys(t, 'lease'), 'lease');
    });

    it('players play through a round purging thousands of expired sessions, and stay signed in', async () => {
      const EXPIRED = 12_000;
      // The players' own old sessions (every Mini App open makes one), and operators' too.
      await t.database.db.execute(sql`
        INSERT INTO sessions (token_hash, user_id, admin_id, expires_at)
        SELECT 'old-' || g, CASE g % 3 WHEN 0 THEN ${a.id}::uuid WHEN 1 THEN ${b.id}::uuid END,
               CASE g % 3 WHEN 2 THEN ${owners.admin}::uuid END, now() - make_interval(mins => g)
          FROM generate_series(1, ${EXPIRED}) AS g`);
      let roundDone = false;
      const purging = round(t, 100).finally(() => {
        roundDone = true;
      });
      const games: string[] = [];
      let firstEndedWhilePurging = false;
      // Games until the round is over, so the first one certainly ran beside it; the winner alternates.
      while (!roundDone && games.length < 20) {
        const [winner, loser] = games.length % 2 === 0 ? [a, b] : [b, a];
        const gameId = await pairedRps(t.app, winner, loser, 1);
        await playRpsToEnd(t, winner, loser, gameId);
        games.push(gameId);
        if (games.length === 1) firstEndedWhilePurging = !roundDone;
      }
      const report = await purging;
      expect(report?.sessions).toEqual({ deleted: EXPIRED, batches: EXPIRED / 100 + 1 });
      // The players were served between the batches, not after the round (the node kept its event loop).
      expect(firstEndedWhilePurging).toBe(true);
      const ended = await rows<{ status: string; n: number }>(
        t.database,
        sql`SELECT status, count(*)::int AS n FROM games WHERE id IN (${sql.join(games.map((id) => sql`${id}::uuid`), sql`, `)}) GROUP BY status`,
      );
      expect(ended).toEqual([{ status: 'completed', n: games.length }]);
      for (const player of [a, b]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/protected', headers: { cookie: player.cookie } });
        expect(res.statusCode).toBe(200);
      }
      expect(await noOtherExpired(t)).toEqual([{ sessions: 0, tokens: 0 }]);
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });
  });

  describe(`housekeeping as a node runs it [${kind}]`, () => {
    let t: TestApp;
    let node: FastifyInstance;
    const lines: Record<string, unknown>[] = [];
    beforeAll(async () => {
      t = await startTestApp(kind, { HOUSEKEEPING_MS: '50', HOUSEKEEPING_BATCH: '5' });
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      });
      node = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'info' }, sink), startWorkers: true });
      await node.ready();
    });
    afterAll(async () => {
      await t.close();
    });

    it('deletes expired rows by itself every HOUSEKEEPING_MS, says what it deleted, and stops with the node', async () => {
      const player = await fundedPlayer(t, 0);
      // In one transaction, so one round sees them all.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO sessions (token_hash, user_id, expires_at)
          SELECT 'node-' || g, ${player.id}::uuid, now() - interval '1 day' FROM generate_series(1, 12) AS g`);
        await tx.execute(sql`
          INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at) VALUES ('node-token', ${player.id}::uuid, now() + interval '1 hour', now())`);
      });
      const deadline = Date.now() + 10_000;
      const said = () => lines.filter((line) => line.msg === 'housekeeping deleted expired rows');
      while (Date.now() < deadline && said().length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await node.close();
      expect(await noOtherExpired(t)).toEqual([{ sessions: 0, tokens: 0 }]);
      // One round (on this idle database) took all 13; the counts are in the line.
      expect(said().map((line) => line.deleted)).toEqual([{ sessions: 12, passwordResetTokens: 1 }]);
      expect(said()[0]?.level).toBe(30);
      const res = await t.app.inject({ method: 'GET', url: '/api/protected', headers: { cookie: player.cookie } });
      expect(res.statusCode).toBe(200);
    });
  });
}
