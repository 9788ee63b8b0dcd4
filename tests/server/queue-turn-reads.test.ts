import { randomUUID } from 'node:crypto';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { fundedPlayer, type Player } from './gameHarness.ts';

/**
 * What a pairing turn (migration 0028 queue_turn) reads to check its joins: each joining player's own
 * rows, by key. Its EXISTS checks before 0028 were planned as a hash of whole tables, built on every
 * turn: every seat of every game ever played, so a turn cost more with each game the app had run.
 */

/** The rows of `table` that `work` read by scanning it, as `tx`'s own backend counts them before and after. */
async function rowsScanned(tx: Tx, table: string, work: () => Promise<unknown>): Promise<number> {
  const count = async () => {
    const result = (await tx.execute(
      sql`SELECT coalesce(seq_tup_read, 0)::int AS rows
          FROM pg_stat_xact_user_tables WHERE schemaname = current_schema() AND relname = ${table}`,
    )) as unknown as { rows: { rows: number }[] };
    return result.rows[0]?.rows ?? 0;
  };
  const before = await count();
  await work();
  return (await count()) - before;
}

/** `work`'s result, with everything it did rolled back (Drizzle's own rollback). */
async function rolledBack<T>(t: TestApp, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await t.database.db
    .transaction(async (tx) => {
      result = { value: await work(tx) };
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (!result) throw new Error('the work returned nothing');
  return result.value;
}

for (const kind of databaseKinds) {
  describe(`a pairing turn's reads [${kind}]`, () => {
    let t: TestApp;
    let a: Player;
    let b: Player;
    beforeAll(async () => {
      t = await startTestApp(kind);
      a = await fundedPlayer(t, 0);
      b = await fundedPlayer(t, 0);
      // What the turn has no business reading: 1,500 finished games of these two (3,000 seats), and
      // 750 games running between 1,500 other players, as on a busy evening.
      await t.database.db.execute(sql`
        WITH g AS (
          INSERT INTO games (game_mode, bet_micro, payout_micro, status, state, seed, seed_hash, ended_at)
          SELECT 'rps', 0, 0, 'completed', '{}'::jsonb, 'seed', 'hash', now() FROM generate_series(1, 1500)
          RETURNING id)
        INSERT INTO game_players (game_id, user_id, seat, active, score_before)
        SELECT g.id, p.user_id, p.seat, false, 900 FROM g CROSS JOIN (VALUES (${a.id}::uuid, 0), (${b.id}::uuid, 1)) AS p(user_id, seat)`);
      await t.database.db.execute(sql`
        WITH u AS (
          INSERT INTO users (username, nickname, invite_code)
          SELECT 'busy' || n, 'busy' || n, 'busy-invite-' || n FROM generate_series(1, 1500) AS n
          RETURNING id),
        numbered AS (SELECT id, row_number() OVER () - 1 AS n FROM u),
        g AS (
          INSERT INTO games (game_mode, bet_micro, payout_micro, state, seed, seed_hash)
          SELECT 'rps', 0, 0, '{}'::jsonb, 'seed', 'hash' FROM generate_series(1, 750)
          RETURNING id),
        games_numbered AS (SELECT id, row_number() OVER () - 1 AS n FROM g)
        INSERT INTO game_players (game_id, user_id, seat, score_before)
        SELECT gn.id, p.id, (p.n % 2)::smallint, 900 FROM numbered p JOIN games_numbered gn ON gn.n = p.n / 2`);
      // The planner's statistics, as autovacuum keeps them on a running server.
      await t.database.db.execute(sql`ANALYZE users`);
      await t.database.db.execute(sql`ANALYZE game_players`);
    });
    afterAll(() => t.close());

    const turn = (tx: Tx, players: Player[]) =>
      tx.execute(
        sql`SELECT o_index, o_outcome, o_opponent::text AS o_opponent FROM queue_turn('rps:0', 'rps', 0, NULL,
              ${JSON.stringify(
                players.map((p, i) => ({ id: randomUUID(), userId: p.id, socketId: `s${i}`, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() })),
              )}::jsonb, '[]'::jsonb)`,
      ) as unknown as Promise<{ rows: { o_index: number; o_outcome: string; o_opponent: string | null }[] }>;

    it('pairs two free players without scanning the seats of every game played', async () => {
      const seen = await rolledBack(t, async (tx) => {
        let outcomes: { o_outcome: string; o_opponent: string | null }[][] = [];
        const seats = await rowsScanned(tx, 'game_players', async () => {
          outcomes = [(await turn(tx, [a])).rows, (await turn(tx, [b])).rows];
        });
        return { outcomes, seats };
      });
      expect(seen.outcomes.map((rows) => rows.map((row) => row.o_outcome))).toEqual([['waiting'], ['paired']]);
      expect(seen.outcomes[1]?.[0]?.o_opponent).toBe(a.id);
      expect(seen.seats).toBe(0);
    });

    it('still refuses a player already in a game, found by their own running seat', async () => {
      const seen = await rolledBack(t, async (tx) => {
        await tx.execute(sql`
          WITH g AS (
            INSERT INTO games (game_mode, bet_micro, payout_micro, state, seed, seed_hash)
            VALUES ('rps', 0, 0, '{}'::jsonb, 'seed', 'hash') RETURNING id)
          INSERT INTO game_players (game_id, user_id, seat, score_before) SELECT g.id, ${a.id}::uuid, 0, 900 FROM g`);
        let outcomes: string[] = [];
        const seats = await rowsScanned(tx, 'game_players', async () => {
          outcomes = (await turn(tx, [a, b])).rows.map((row) => row.o_outcome);
        });
        return { outcomes, seats };
      });
      expect(seen.outcomes).toEqual(['playing', 'waiting']);
      expect(seen.seats).toBe(0);
    });
  });
}
