import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/**
 * A table's whole row for hand-written hot statements (db/named.ts): the select list, built
 * once, and a reader that maps a raw row with each column's own Drizzle mapping (bigint, timestamps,
 * jsonb), as Drizzle's query builder would, without building the query again at every call.
 */
export interface RowReader<Row> {
  /** `"table"."column" AS "key", …` */
  columns: SQL;
  read(raw: Record<string, unknown>): Row;
}

export function rowReader<T extends PgTable>(table: T): RowReader<T['$inferSelect']> {
  const tableName = getTableName(table);
  const entries = Object.entries(getTableColumns(table));
  const columns = sql.raw(entries.map(([key, column]) => `"${tableName}"."${column.name}" AS "${key}"`).join(', '));
  return {
    columns,
    read(raw) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of entries) {
        const value = raw[key];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as T['$inferSelect'];
    },
  };
}

/** The rows of a hand-written query, as both drivers (pg, PGlite) return them. */
export async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
