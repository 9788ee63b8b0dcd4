import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { TRUST_MS, knownSessions } from '../../server/auth/knownSessions.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import type { Services } from '../../server/context.ts';
import type { Database } from '../../server/db/client.ts';
import { databaseKinds, listening, register, rows, sharedPostgresSchema, signedUp, startTestApp, testConfig, type TestApp } from './harness.ts';
import { io as connect } from 'socket.io-client';
import { credit } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';

/**
 * The player routes that need only the player's id (the game routes: Play, cancel, the current game,
 * leave, the histories) take a session this node read within TRUST_MS from memory (issue 38). What a
 * player relies on: a session that ends (logout, a password reset, its time) is refused at once, on
 * every node, and a refused call changes nothing. GET /api/protected (the app's start) always reads.
 */

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (app: FastifyInstance, url: string, cookie: string, payload: object = {}) => app.inject({ method: 'POST', url, headers: { cookie }, payload });
const tokenOf = (cookie: string) => cookie.split('=')[1] as string;

/** A password reset of the player through the API, with a reset token put where the mail would bring it. */
async function resetPassword(app: FastifyInstance, database: Database, userId: string): Promise<void> {
  const token = `reset-${userId}`;
  await rows(database, sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (${hashToken(token)}, ${userId}, now() + interval '1 hour')`);
  const res = await app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password: 'a-brand-new-pass' } });
  expect(res.statusCode).toBe(200);
}

/**
 * What a socket opened with these credentials says when it authenticates as `userId` (the app's first
 * event): 'authenticated' when it is that player's socket, 'refused' when it is not, or the handshake's
 * own refusal.
 */
async function socketAs(base: string, userId: string, credentials: { cookie?: string; bearer?: string }): Promise<string> {
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(credentials.cookie ? { extraHeaders: { cookie: credentials.cookie } } : {}),
    ...(credentials.bearer ? { auth: { token: credentials.bearer } } : {}),
  });
  try {
    const refused = await new Promise<string | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (error) => resolve(error.message));
    });
    if (refused !== null) return refused;
    const answer = (await socket.timeout(5000).emitWithAck('authenticate', { userId })) as { ok: boolean };
    return answer.ok ? 'authenticated' : 'refused';
  } finally {
    socket.disconnect();
  }
}

async function searching(database: Database, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM searches WHERE user_id = ${userId}::uuid`);
  return row?.n ?? 0;
}

for (const kind of databaseKinds) {
  describe(`sessions a node trusts [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('serves a known session from memory, and refuses it the moment it logs out, changing nothing', async () => {
      const ann = await signedUp(t.app);
      await credit(t, ann.id, 5);
      expect((await get(t.app, '/api/protected', ann.cookie)).statusCode).toBe(200);
      expect((await get(t.app, '/api/current-game', ann.cookie)).statusCode).toBe(200);
      expect((await post(t.app, '/api/logout', ann.cookie)).statusCode).toBe(200);

      for (const [method, url] of [['GET', '/api/current-game'], ['GET', '/api/score-history'], ['POST', '/api/cancel-search']] as const) {
        const res = await t.app.inject({ method, url, headers: { cookie: ann.cookie } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Not signed in', code: 'validation.notSignedIn' });
      }
      const play = await post(t.app, '/api/start-game', ann.cookie, { gameMode: 'rps', betAmount: 1 });
      expect(play.statusCode).toBe(401);
      expect(await searching(t.database, ann.id)).toBe(0);
    });

    it('refuses every other session of a player at once after a password reset', async () => {
      const bob = await signedUp(t.app);
      expect((await get(t.app, '/api/current-game', bob.cookie)).statusCode).toBe(200);
      await resetPassword(t.app, t.database, bob.id);
      expect((await get(t.app, '/api/current-game', bob.cookie)).statusCode).toBe(401);
      expect((await post(t.app, '/api/start-game', bob.cookie, { gameMode: 'rps', betAmount: 0 })).statusCode).toBe(401);
      expect(await searching(t.database, bob.id)).toBe(0);
    });

    it('refuses a known session once its time is up', async () => {
      const cara = await signedUp(t.app);
      await rows(t.database, sql`UPDATE sessions SET expires_at = now() + interval '1500 milliseconds' WHERE user_id = ${cara.id}::uuid`);
      // Read (and so learned) with its new end: the sign-in had taught this node the session's first one.
      expect((await get(t.app, '/api/protected', cara.cookie)).statusCode).toBe(200);
      expect((await get(t.app, '/api/current-game', cara.cookie)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1700));
      expect((await get(t.app, '/api/current-game', cara.cookie)).statusCode).toBe(401);
    });

    it('reads a known session again once TRUST_MS has passed since it was last read', async () => {
      const dan = await signedUp(t.app);
      expect((await get(t.app, '/api/current-game', dan.cookie)).statusCode).toBe(200);
      // Ended behind this node's back (another node whose word did not come: Redis away).
      await rows(t.database, sql`DELETE FROM sessions WHERE user_id = ${dan.id}::uuid`);
      // Within the trust it is still served; the app's start always reads, and refuses it.
      expect((await get(t.app, '/api/current-game', dan.cookie)).statusCode).toBe(200);
      expect((await get(t.app, '/api/protected', dan.cookie)).statusCode).toBe(401);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TRUST_MS });
      expect((await get(t.app, '/api/current-game', dan.cookie)).statusCode).toBe(401);
    });

    it('a bearer session beside a cookie of another player is still refused, known or not', async () => {
      const [eve, fay] = await Promise.all([signedUp(t.app), signedUp(t.app)]);
      expect((await get(t.app, '/api/current-game', eve.cookie)).statusCode).toBe(200);
      const mixed = await t.app.inject({ method: 'GET', url: '/api/current-game', headers: { cookie: fay.cookie, authorization: `Bearer ${tokenOf(eve.cookie)}` } });
      expect(mixed.statusCode).toBe(401);
    });

    it("a sign-in's session is known at once: its socket and its game calls need no read, and it is refused the moment it logs out", async () => {
      const base = await listening(t);
      const hal = await signedUp(t.app);
      // Gone behind this node's back: only a session the sign-in itself taught this node is still served.
      const [hidden] = await rows<{ token_hash: string; expires_at: string }>(t.database, sql`DELETE FROM sessions WHERE user_id = ${hal.id}::uuid RETURNING token_hash, expires_at::text`);
      expect((await get(t.app, '/api/current-game', hal.cookie)).statusCode).toBe(200);
      expect(await socketAs(base, hal.id, { cookie: hal.cookie })).toBe('authenticated');
      expect(await socketAs(base, hal.id, { bearer: tokenOf(hal.cookie) })).toBe('authenticated');
      // Back, then logged out: refused at once, the socket's handshake too.
      await rows(t.database, sql`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (${hidden?.token_hash}, ${hal.id}::uuid, ${hidden?.expires_at}::timestamptz)`);
      expect((await post(t.app, '/api/logout', hal.cookie)).statusCode).toBe(200);
      expect(await socketAs(base, hal.id, { cookie: hal.cookie })).toBe('refused');
      expect(await socketAs(base, hal.id, { bearer: tokenOf(hal.cookie) })).toBe('Not signed in');
    });

    it('a read that began before a session ended never teaches it again', async () => {
      const gus = await register(t.app);
      const services = t.app.services as Services;
      const hash = hashToken(`never-${gus.id}`);
      const readAt = Date.now();
      knownSessions(services).forget([hash]);
      knownSessions(services).learn(hash, gus.id, Date.now() + 60_000, readAt);
      expect(knownSessions(services).trustedPlayerOf(hash)).toBeUndefined();
      expect(knownSessions(services).playerOf(hash)).toBeUndefined();
    });
  });
}

const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

// A logout on one node must reach the sessions another node trusts: through Redis, at once.
describe.runIf(url && redisUrl)('sessions trusted by two nodes over PostgreSQL and Redis', () => {
  let schema: Awaited<ReturnType<typeof sharedPostgresSchema>>;
  const nodes: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    schema = await sharedPostgresSchema(url as string);
    for (let i = 0; i < 2; i += 1) {
      const database = await schema.open();
      const app = await buildApp({ config: testConfig({ REDIS_URL: redisUrl as string }), database, logger: pino({ level: 'silent' }) });
      await app.ready();
      nodes.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    await schema?.drop();
  });

  it('a logout on one node ends the session another node trusts', async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const ann = await signedUp(one.app);
    expect((await get(two.app, '/api/current-game', ann.cookie)).statusCode).toBe(200);
    expect((await post(one.app, '/api/logout', ann.cookie)).statusCode).toBe(200);
    await eventually(async () => ((await get(two.app, '/api/current-game', ann.cookie)).statusCode === 401 ? true : undefined));
    expect((await post(two.app, '/api/start-game', ann.cookie, { gameMode: 'rps', betAmount: 0 })).statusCode).toBe(401);
    expect(await searching(two.database, ann.id)).toBe(0);
  });

  it('a password reset on one node ends the sessions another node trusts', async () => {
    const [one, two] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const bob = await signedUp(one.app);
    expect((await get(two.app, '/api/current-game', bob.cookie)).statusCode).toBe(200);
    await resetPassword(one.app, one.database, bob.id);
    await eventually(async () => ((await get(two.app, '/api/current-game', bob.cookie)).statusCode === 401 ? true : undefined));
  });
});
