import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can query through: the database or an open transaction. */
export type Queryable = Db | Tx;

/** Raw SQL in one transaction: multi-statement scripts (migrations) and parameterised queries. */
export interface RawTransaction {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  rawTransaction<T>(fn: (raw: RawTransaction) => Promise<T>): Promise<T>;
  /**
   * Whether the database answers right now (GET /api/ready), asked apart from the queries waiting for
   * the pool: a node whose pool is busy under load still serves, and a balancer must not take every
   * node out because their requests queue (issue 24's launch bench saw exactly that).
   */
  answers(): Promise<boolean>;
  /** node-postgres only: the pool's connections checked out and the queries waiting for one (metrics). */
  pool?(): { inUse: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a real server; unset for embedded PGlite. */
  url?: string | undefined;
  /** PGlite's directory; unset (with no url) keeps the database in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL only: every table lives in this schema (tests use a fresh one per run). */
  searchPath?: string | undefined;
  /**
   * PostgreSQL only: told when a pooled connection dies (the server restarted, the network dropped).
   * The pool drops that connection and opens new ones when asked; nothing else is needed.
   */
  onConnectionError?: ((error: Error) => void) | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.searchPath, options.onConnectionError) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // Loaded only here: a node on PostgreSQL would otherwise keep PGlite's modules, their source text and
  // compiled code (~3 MB of its heap), for nothing (bench/README.md, a nineteenth session).
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    answers: () =>
      client.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

const warnConnectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);

async function openPostgres(url: string, searchPath: string | undefined, onConnectionError = warnConnectionLost): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // A connection that dies (PostgreSQL restarted, the network dropped) emits 'error'; with no listener
  // Node ends the whole process. Idle ones reach the pool's listener, which drops them; one checked out
  // in a transaction also fails its query (the request answers 503, see db/errors.ts) and is dropped
  // on release, so its own listener only has to exist. New connections are opened when next needed.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Surface a wrong URL at start, not at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const readiness = readinessConnection(url, onConnectionError);
  return {
    db,
    kind: 'postgres',
    rawTransaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    answers: readiness.answers,
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await readiness.close();
      await pool.end();
    },
  };
}

/** How long the readiness query may take before the database counts as not answering. */
const READINESS_TIMEOUT_MS = 1000;

/**
 * One connection of its own for the readiness query, opened when first asked and again after it fails,
 * so that query never waits behind the pool's queue.
 */
function readinessConnection(url: string, onConnectionError: (error: Error) => void) {
  let client: pg.Client | null = null;
  let closed = false;
  const drop = () => {
    const gone = client;
    client = null;
    void gone?.end().catch(() => undefined);
  };
  const ask = async (): Promise<boolean> => {
    if (!client) {
      const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: READINESS_TIMEOUT_MS, query_timeout: READINESS_TIMEOUT_MS });
      fresh.on('error', (error) => {
        if (client === fresh) drop();
        onConnectionError(error);
      });
      client = fresh;
      await fresh.connect();
    }
    await client.query('SELECT 1');
    return true;
  };
  return {
    answers: async () => {
      if (closed) return false;
      try {
        return await ask();
      } catch {
        drop();
        return false;
      }
    },
    close: async () => {
      closed = true;
      drop();
    },
  };
}
