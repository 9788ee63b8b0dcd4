import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema.ts';
import type { Database } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { databaseKinds, freshDatabase, rows } from './harness.ts';

const tables: PgTable[] = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));

for (const kind of databaseKinds) {
  describe(`schema [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await freshDatabase(kind);
    });
    afterAll(() => database.close());

    it('the typed Drizzle schema matches the migrated tables column for column', async () => {
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) {
        const name = getTableName(table);
        const actual = await rows<{ column_name: string; is_nullable: string; data_type: string }>(
          database,
          sql`select column_name, is_nullable, data_type from information_schema.columns
              where table_name = ${name} and table_schema = current_schema() order by column_name`,
        );
        const expected = Object.values(getTableColumns(table))
          .map((column) => ({ column_name: column.name, is_nullable: column.notNull ? 'NO' : 'YES' }))
          .sort((a, b) => a.column_name.localeCompare(b.column_name));
        expect(actual.map(({ column_name, is_nullable }) => ({ column_name, is_nullable })), name).toEqual(expected);
      }
    });

    it('migrating again applies nothing', async () => {
      expect(await migrate(database)).toEqual([]);
    });

    it('a big game state is compressed with lz4 where the server has it (PostgreSQL), and stored as written either way', async () => {
      // A Belote state's size at the middle of a game, of varied text (a repeated one would compress to nothing).
      const state = { rounds: Array.from({ length: 120 }, (_, i) => ({ round: i, cards: `${i * 7919}`.repeat(6), winner: `player-${(i * 31) % 17}` })) };
      const [written] = await rows<{ id: string }>(
        database,
        sql`insert into games (game_mode, bet_micro, payout_micro, state, seed, seed_hash)
            values ('blot', 0, 0, ${JSON.stringify(state)}::jsonb, 'seed', 'hash') returning id`,
      );
      const [stored] = await rows<{ method: string | null; state: unknown }>(
        database,
        sql`select pg_column_compression(state) as method, state from games where id = ${written?.id}`,
      );
      expect(stored?.method).toBe(kind === 'postgres' ? 'lz4' : 'pglz');
      expect(stored?.state).toEqual(state);
      // Such a state, compressed, stays in its row (lz4's output is a little larger than pglz's).
      const [table] = await rows<{ options: string[] | null }>(
        database,
        sql`select reloptions as options from pg_class where oid = 'games'::regclass`,
      );
      expect(table?.options ?? []).toEqual(kind === 'postgres' ? ['fillfactor=75', 'toast_tuple_target=4096'] : ['fillfactor=75']);
    });

    it('a player balance can never go below zero, whatever the code does', async () => {
      const attempt = database.db.execute(sql`
        with u as (insert into users (username, nickname, invite_code) values ('neg', 'neg', 'neg1') returning id)
        insert into accounts (kind, user_id, balance_micro) select 'user', id, -1 from u`);
      const error = await attempt.then(() => null, (e: unknown) => e);
      const causes: string[] = [];
      for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) causes.push(String(e.message));
      expect(causes.join(' | ')).toContain('accounts_player_not_negative');
    });
  });
}
