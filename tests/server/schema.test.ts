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
