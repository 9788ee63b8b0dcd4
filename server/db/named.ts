import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/** Both drivers' databases and transactions carry their dialect and session. */
type Parts = { dialect: { sqlToQuery(sql: SQL): Query }; _: { session: PgSession } };

async function run<Row>(db: Queryable, name: string, query: Query, values?: Record<string, unknown>): Promise<Row[]> {
  // Drizzle's own path for `.prepare(name)` on a query builder, for a raw statement.
  const prepared = (db as unknown as Parts)._.session.prepareQuery(query, undefined, name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}

/**
 * Runs `query` as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then only binds and runs it. On the hot paths (a move, a join, a settlement) planning was most of
 * PostgreSQL's time per statement (~0.2 ms of ~0.3 ms, bench/README.md). A name must always stand for
 * the same SQL text: only the parameters may change (so no variable-length lists). PGlite runs it as
 * any query.
 */
export async function executeNamed<Row>(db: Queryable, name: string, query: SQL): Promise<Row[]> {
  return run<Row>(db, name, (db as unknown as Parts).dialect.sqlToQuery(query));
}

const dialect = new PgDialect();

/**
 * A named prepared statement (as executeNamed) whose SQL text is made once, when it is declared: each
 * value is a placeholder (`value('id')`), filled at each call from `values`. executeNamed makes Drizzle
 * walk the whole template again at every call to rebuild the same text, ~4 % of a busy node's CPU
 * across the statements of a move (bench/README.md, issue 24).
 */
export function namedStatement<Key extends string>(name: string, build: (value: (key: Key) => Placeholder<Key>) => SQL) {
  const query = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
  return <Row>(db: Queryable, values: Record<Key, unknown>): Promise<Row[]> => run<Row>(db, name, query, values);
}
