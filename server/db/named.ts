import type { Query, SQL } from 'drizzle-orm';
import type { PgSession } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/**
 * Runs `query` as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then only binds and runs it. On the hot paths (a move, a join, a settlement) planning was most of
 * PostgreSQL's time per statement (~0.2 ms of ~0.3 ms, bench/README.md). A name must always stand for
 * the same SQL text: only the parameters may change (so no variable-length lists). PGlite runs it as
 * any query.
 */
export async function executeNamed<Row>(db: Queryable, name: string, query: SQL): Promise<Row[]> {
  // Drizzle's own path for `.prepare(name)` on a query builder, for a raw statement: both the database
  // and a transaction carry their dialect and session.
  const parts = db as unknown as { dialect: { sqlToQuery(sql: SQL): Query }; _: { session: PgSession } };
  const prepared = parts._.session.prepareQuery(parts.dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
