import { createHash, randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { describe, beforeAll, afterAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database: in-memory PGlite, or a new schema on PostgreSQL dropped at close. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await openDatabase({ url, searchPath: schema });
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/**
 * Suites start games that draw at once (SEED_WAIT_MS 0), as their socket clients move the moment a game
 * starts; the wait for client seeds has its own suite (tests/server/client-seeds.test.ts).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', AUTH_RATE_LIMIT_MAX: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', SEED_WAIT_MS: '0', ...env }),
    distDir: '/nonexistent-dist',
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(kind: DatabaseKind, env: Record<string, string> = {}, config?: Config): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const resolved = config ?? testConfig(env);
  const app = await buildApp({ config: resolved, database, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) });
  await app.ready();
  return {
    app,
    database,
    config: resolved,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Runs a suite once per database kind against a real app. `env` is the app's environment (as strings,
 * exactly as it would be given in production).
 */
export function describeApp(name: string, env: Record<string, string>, suite: (ctx: () => TestApp, kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await startTestApp(kind, env);
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('app not started');
        return current;
      }, kind);
    });
  }
}

let counter = 0;
/** A username no other test in this run uses. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * Each test player signs in from an address of their own (as players on their own phones do), so the
 * integrity rules that tie accounts on one IP (no referral share between them) see strangers; a test
 * of those rules gives two players the same address on purpose.
 */
export function addressOf(username: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(username).digest();
  return `10.${a}.${b}.${(c % 254) + 1}`;
}

export async function register(
  app: FastifyInstance,
  fields: Partial<{ username: string; email: string; password: string; invitedBy: string }> = {},
): Promise<{ username: string; email: string; password: string; id: string }> {
  const username = fields.username ?? uniqueName();
  const body = { username, email: fields.email ?? `${username}@example.com`, password: fields.password ?? 'correct-horse', ...fields };
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress: addressOf(body.username) });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { username: body.username, email: body.email, password: body.password, id: res.json().user._id };
}

/** The session cookie header of a response, ready to send back. */
export function cookieOf(res: LightMyRequestResponse, name = 'sid'): string {
  const cookie = res.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${res.statusCode} ${res.body}`);
  return `${name}=${cookie.value}`;
}

export async function login(app: FastifyInstance, username: string, password = 'correct-horse'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: addressOf(username) });
  return cookieOf(res);
}

export async function signedUp(app: FastifyInstance): Promise<{ id: string; username: string; cookie: string }> {
  const user = await register(app);
  return { id: user.id, username: user.username, cookie: await login(app, user.username, user.password) };
}

/** Rows of a raw SQL query, for assertions on what the database really holds. */
export async function rows<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Listens on a free loopback port (for real HTTP and Socket.IO clients) and returns the base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * One fresh PostgreSQL schema several app nodes can open at once (the scale-out tests): each `open()`
 * is a node's own connection pool; `drop()` removes the schema at the end.
 */
export async function sharedPostgresSchema(url: string): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    open: async () => {
      const database = await openDatabase({ url, searchPath: schema });
      await migrate(database);
      return database;
    },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
