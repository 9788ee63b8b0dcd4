import http from 'node:http';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatPresets } from '../../protocol/constants.ts';
import { chatMessage, chatMessageEvents } from '../../protocol/game.ts';
import { operatorWithSecondFactor } from './operatorKit.ts';
import { buildApp } from '../../server/app.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { webhookSecret } from '../../server/telegram/bot.ts';
import {
  GENERIC_FIELDS,
  JsonObject,
  PLAUSIBLE_CONSTANTS,
  bodyPayload,
  headerText,
  holdsNul,
  nastyValue,
  pathSegment,
  queryString,
  routeSpecs,
  toJsonText,
  toPlain,
  withNulEach,
  type ExampleContext,
  type HttpPayload,
  type Json,
  type RouteSpec,
} from './fuzzArbitraries.ts';
import { errorCode } from '../../protocol/errorCodes.ts';
import { cookieOf, databaseKinds, freshDatabase, listening, login, rows, testConfig, type TestApp } from './harness.ts';
import { balanceOf, fundedPlayer, pairedRps, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';

/**
 * Issue #11: malformed input anywhere (API body, query, path, headers, socket event) gets a clear 4xx or
 * is ignored, never a 500, and changes nothing: no balance, no game, no row of any money table.
 *
 * The routes are not listed here: an onRoute hook put on the real Fastify instance collects every route
 * the app registers, so a new route is fuzzed the day it is added (routeSpecs only adds its field names).
 * Likewise the socket events are those the server's socket really listens to.
 */

const collected = vi.hoisted(() => ({ routes: [] as { method: string; url: string }[] }));

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = actual.default;
  // The app builds a plain HTTP server (server/app.ts): the options overload of that one is enough.
  const withRouteLog = ((options?: FastifyServerOptions) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) collected.routes.push({ method, url: route.url });
    });
    return app;
  }) as typeof create;
  return { ...actual, default: withRouteLog, fastify: withRouteLog };
});

/** Cases per route and session kind; FUZZ_RUNS=200 for a longer local hunt, FUZZ_PROFILE=1 to print each route's time. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 0x11f022);
const BOT_TOKEN = '4242:fuzz-bot-token';
/** Error logs that are by design: a Telegram update the bot could not handle is logged and answered 200. */
const EXPECTED_ERROR_LOGS = new Set(['telegram update failed']);

/**
 * The Bot API on loopback, so updates that pass the webhook's secret reach the bot's own handlers:
 * getMe answers who the bot is, every other method succeeds.
 */
async function botApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const result = req.url?.endsWith('/getMe')
        ? { id: 4242, is_bot: true, first_name: 'Fuzz', username: 'fuzz_bot', can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false }
        : req.url?.endsWith('/savePreparedInlineMessage')
          ? { id: 'fuzz-card', expiration_date: 1_900_000_000 }
          : { message_id: 1, date: 0, chat: { id: 1, type: 'private' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
/**
 * The snapshot covers every table of the schema (a table added later is watched too) except these:
 * sessions and the record of session starts (logging in and out is what those routes do; a socket's
 * authenticate is one too; signing the operator back in after the logout route spends one of their
 * recovery codes), the operators' audit trail (sign-in attempts are recorded), the cache of
 * deposit addresses' chain balances (a valid read of the Treasury page reads the chain afresh for the
 * addresses whose deposits are newer than their reading), and the migrations' own bookkeeping.
 */
const UNWATCHED_TABLES = ['sessions', 'session_signals', 'admin_recovery_codes', 'admin_audit', 'chain_balances', 'schema_migrations'];

interface Route {
  method: string;
  url: string;
  key: string;
}

/** No session; Cleo (funded, idle); Ann (a player of the live game); the operator. */
type SessionKind = 'none' | 'player' | 'playing' | 'operator';

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string; stack?: string };
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: HttpPayload | null;
}

/** 32-bit FNV-1a, to give each route and session kind its own fixed seed. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** What a route would be handed as its body, or `undefined` when Fastify refuses the payload first. */
function bodySeen(payload: HttpPayload | null): { parsed: true; value: unknown } | { parsed: false } {
  if (!payload || payload.contentType === undefined) return { parsed: false };
  if (payload.json !== undefined) return { parsed: true, value: toPlain(payload.json) };
  if (/json/i.test(payload.contentType)) {
    try {
      return { parsed: true, value: JSON.parse(payload.text) as unknown };
    } catch {
      return { parsed: false };
    }
  }
  if (/^text\/plain/i.test(payload.contentType)) return { parsed: true, value: payload.text };
  return { parsed: false };
}

const accepts = (schema: RouteSpec['body'], seen: ReturnType<typeof bodySeen>) =>
  schema !== undefined && seen.parsed && !holdsNul(seen.value) && schema.safeParse(seen.value ?? {}).success;

for (const kind of databaseKinds) {
  describe(`malformed input everywhere gets a 4xx or is ignored, and changes nothing [${kind}]`, () => {
    let t: TestApp;
    let telegram: Awaited<ReturnType<typeof botApi>>;
    let base: string;
    let routes: Route[] = [];
    const logs: LogLine[] = [];
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    const open: Socket[] = [];
    // Ann and Bob play a live RPS game (a real game id to put into bodies; a chat to attack). Cleo is a
    // funded player with nothing going on: the player session the routes are fuzzed with.
    let ann: Player;
    let bob: Player;
    let cleo: Player;
    let gameId: string;
    let operator: { cookie: string; token: string };
    let recoveryCodes: string[] = [];
    let before: Record<string, string[]>;
    const balances = { ann: 0, bob: 0, cleo: 0 };
    let plausible: Json[];
    let ids: string[];
    /** Real values for the well-formed examples: Cleo's, or Ann's when she is the one sending. */
    let world: ExampleContext;
    const worldOf = (session: SessionKind): ExampleContext =>
      session === 'playing' ? { ...world, userId: ann.id, username: ann.username } : world;

    async function snapshot(): Promise<Record<string, string[]>> {
      const tables = await rows<{ name: string }>(
        t.database,
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      const result: Record<string, string[]> = {};
      for (const { name: table } of tables) {
        if (UNWATCHED_TABLES.includes(table)) continue;
        const found = await rows<{ row: string }>(t.database, sql`SELECT t::text AS row FROM ${sql.raw(table)} t`);
        result[table] = found.map((r) => r.row).sort();
      }
      return result;
    }

    /** Signs the operator in again (after the logout route), with one of their recovery codes as the second factor. */
    async function operatorLogin(): Promise<{ cookie: string; token: string }> {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'fuzz-desk', password: 'operator-pass', code: recoveryCodes.pop() } });
      return { cookie: cookieOf(res, 'admin_sid'), token: res.json().token };
    }

    beforeAll(async () => {
      process.on('unhandledRejection', onCrash);
      process.on('uncaughtException', onCrash);
      collected.routes.length = 0;
      const database = await freshDatabase(kind);
      telegram = await botApi();
      const config = testConfig({ BOT_TOKEN, TELEGRAM_API_URL: telegram.url, BOT_USERNAME: 'fuzz_bot' });
      const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
      const app = await buildApp({ config, database, logger });
      await app.ready();
      t = {
        app,
        database,
        config,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
      // HEAD routes are Fastify's automatic twins of the GET routes (same handler, no body): fuzzing the
      // GET covers them. A wildcard route would be @fastify/static serving the built client (files and
      // the SPA fallback, no input of ours); the test app has no build, so there is none, but one that
      // appears is not an API route to fuzz.
      const seen = new Set<string>();
      routes = collected.routes
        .filter((r) => r.method !== 'HEAD' && !r.url.includes('*'))
        .map((r) => ({ ...r, key: `${r.method} ${r.url}` }))
        .filter((r) => !seen.has(r.key) && seen.add(r.key));
      base = await listening(t);

      // An owner with the second factor on, so the money routes are fuzzed past that door too.
      const desk = await operatorWithSecondFactor(t.app, t.database, 'fuzz-desk');
      recoveryCodes = desk.recoveryCodes;
      operator = { cookie: desk.cookie, token: desk.token };
      [ann, bob, cleo] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      gameId = await pairedRps(t.app, ann, bob, 1);
      const address = (await t.app.inject({ method: 'GET', url: '/api/wallet/wallet-address', headers: { cookie: cleo.cookie } })).json().walletAddress as string;
      balances.ann = await balanceOf(t.app, ann);
      balances.bob = await balanceOf(t.app, bob);
      balances.cleo = await balanceOf(t.app, cleo);
      plausible = [...PLAUSIBLE_CONSTANTS, gameId, ann.id, bob.id, cleo.id, address, '00000000-0000-0000-0000-000000000000', cleo.username];
      // Ids for path parameters: real players, never the live game (an operator's well-formed cancel of it
      // would be a legal request that refunds it).
      ids = [ann.id, bob.id, cleo.id];
      world = { gameId, userId: cleo.id, username: cleo.username, address };
      before = await snapshot();
    });

    afterAll(async () => {
      for (const socket of open) socket.disconnect();
      await t?.close();
      await telegram?.close();
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    });

    function sessionHeaders(session: SessionKind): fc.Arbitrary<Record<string, string>> {
      if (session === 'player') {
        return fc.oneof(
          fc.constant({ cookie: cleo.cookie }),
          headerText(40).map((junk) => ({ cookie: `${cleo.cookie}; admin_sid=${junk.replace(/[;,\s]/g, '')}` })),
        );
      }
      if (session === 'playing') return fc.constant({ cookie: ann.cookie });
      if (session === 'operator') {
        return fc.constantFrom<Record<string, string>>({ cookie: operator.cookie }, { authorization: `Bearer ${operator.token}` });
      }
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: headerText().map((junk) => ({ cookie: `sid=${junk.replace(/[;,]/g, '')}` })) },
        { weight: 1, arbitrary: headerText().map((junk) => ({ cookie: junk })) },
        { weight: 1, arbitrary: headerText().map((junk) => ({ authorization: `Bearer ${junk}` })) },
        { weight: 1, arbitrary: headerText().map((junk) => ({ authorization: junk })) },
      );
    }

    function requestArb(route: Route, session: SessionKind): fc.Arbitrary<FuzzRequest> {
      const spec = routeSpecs[route.key] ?? {};
      const fields = spec.fields ?? GENERIC_FIELDS;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[0]);
      const isWebhook = route.url.includes('/telegram/webhook/');
      const secret = webhookSecret(BOT_TOKEN);
      const segment = isWebhook ? fc.oneof(pathSegment(ids), fc.constant(secret)) : pathSegment(ids);
      const extraHeaders: fc.Arbitrary<Record<string, string>> = isWebhook
        ? fc.oneof(fc.constant({}), fc.constant({ 'x-telegram-bot-api-secret-token': secret }), headerText().map((v) => ({ 'x-telegram-bot-api-secret-token': v })))
        : fc.constant({});
      const hasBody = route.method !== 'GET';
      return fc
        .record({
          segments: fc.tuple(...params.map(() => segment)),
          query: queryString(spec.query ?? [], plausible, spec.queryExample?.(worldOf(session))),
          tail: fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '/x', '//', '/..', '%2F') }),
          session: sessionHeaders(session),
          extra: extraHeaders,
          payload: hasBody ? fc.option(bodyPayload(fields, plausible, spec.example?.(worldOf(session))), { freq: 12, nil: null }) : fc.constant(null),
        })
        .map(({ segments, query, tail, session: headers, extra, payload }) => {
          let i = 0;
          const path = route.url.replace(/:(\w+)/g, () => segments[i++] ?? '');
          return {
            method: route.method,
            url: `${path}${tail}${query}`,
            headers: { ...headers, ...extra, ...(payload?.contentType ? { 'content-type': payload.contentType } : {}) },
            payload,
          };
        })
        .filter((request) => {
          const seen = bodySeen(request.payload);
          if (spec.acts && accepts(spec.acts, seen)) return false;
          // Ann's well-formed move or leave in her own game is a legal request, not malformed input.
          const namesLiveGame = seen.parsed && (seen.value as { gameId?: unknown } | null)?.gameId === gameId;
          return !(session === 'playing' && spec.rps && namesLiveGame && accepts(spec.body, seen));
        });
    }

    function describeRequest(request: FuzzRequest): string {
      return `${request.method} ${clip(request.url, 200)} ${JSON.stringify(request.headers['content-type'] ?? '')} ${clip(request.payload?.text ?? '', 300)}`;
    }

    /** One request: never a 5xx; a 4xx says why in `{message}`; a body the route's schema refuses is never a 2xx. */
    async function check(route: Route, request: FuzzRequest): Promise<void> {
      const res = await t.app.inject({
        method: request.method as 'GET' | 'POST',
        url: request.url,
        headers: request.headers,
        ...(request.payload ? { payload: request.payload.text } : {}),
      });
      const what = `${describeRequest(request)} → ${res.statusCode} ${clip(res.body, 200)}`;
      if (res.statusCode >= 500) throw new Error(`server error: ${what}`);
      if (res.statusCode >= 400) {
        if (!String(res.headers['content-type']).startsWith('application/json')) throw new Error(`4xx without JSON: ${what}`);
        const message: unknown = res.json().message;
        if (typeof message !== 'string' || message.length === 0) throw new Error(`4xx without a message: ${what}`);
        // Issue 23: every error answer also carries its stable code, the one its text or status gives.
        const code: unknown = res.json().code;
        if (code !== errorCode(res.statusCode, message)) throw new Error(`4xx with code ${String(code)}, not ${errorCode(res.statusCode, message)}: ${what}`);
      }
      const spec = routeSpecs[route.key];
      if (spec?.body && res.statusCode < 400 && !accepts(spec.body, bodySeen(request.payload))) {
        throw new Error(`a body the route's own schema refuses was accepted: ${what}`);
      }
    }

    /** Runs the property for every route; collects each failing route's counterexample, then fails once. */
    async function fuzzRoutes(session: SessionKind, selected: Route[], runs = RUNS): Promise<void> {
      const failures: string[] = [];
      for (const route of selected) {
        const started = performance.now();
        try {
          await fc.assert(
            fc.asyncProperty(requestArb(route, session), (request) => check(route, request)),
            { seed: seedOf(`${route.key}:${session}`), numRuns: runs },
          );
        } catch (error) {
          failures.push(`${route.key} [${session}]: ${clip(error instanceof Error ? error.message : String(error), 2500)}`);
        }
        await keepSessions(route);
        if (process.env.FUZZ_PROFILE) console.log(`${session} ${route.key} ${Math.round(performance.now() - started)} ms`);
      }
      expect(failures).toEqual([]);
    }

    /** Logging out is what the logout routes do with any body: sign back in. Any other lost session is a bug. */
    async function keepSessions(route: Route): Promise<void> {
      for (const who of ['cleo', 'ann'] as const) {
        const player = who === 'cleo' ? cleo : ann;
        const res = await t.app.inject({ method: 'GET', url: '/api/protected', headers: { cookie: player.cookie } });
        if (res.statusCode === 200) continue;
        expect(route.key, `${who}'s session ended`).toBe('POST /api/logout');
        const renewed = { ...player, cookie: await login(t.app, player.username) };
        if (who === 'cleo') cleo = renewed;
        else ann = renewed;
      }
      const desk = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: operator.cookie } });
      if (desk.statusCode !== 200) {
        expect(route.key, 'the operator session ended').toBe('POST /api/admin/logout');
        operator = await operatorLogin();
      }
    }

    it('collects every route of the app, each one described or fuzzed with generic fields', () => {
      const keys = routes.map((r) => r.key);
      expect(keys.length).toBeGreaterThan(50);
      for (const known of ['POST /api/start-game', 'POST /api/withdraw', 'POST /api/admin/games/:id/cancel', 'POST /api/telegram/webhook/:secret', 'GET /api/auth/telegram']) {
        expect(keys).toContain(known);
      }
      for (const route of routes) expect(t.app.hasRoute({ method: route.method as 'GET', url: route.url }), route.key).toBe(true);
      // The table of field names must not describe routes that no longer exist.
      expect(Object.keys(routeSpecs).filter((key) => !keys.includes(key))).toEqual([]);
    });

    it('every route, without a session (with and without junk cookies and tokens)', async () => {
      await fuzzRoutes('none', routes);
    });

    it("every route, with a funded player's session", async () => {
      await fuzzRoutes('player', routes);
    });

    it('every route that names a game, as a player of the live game', async () => {
      const gameRoutes = routes.filter((r) => routeSpecs[r.key]?.fields?.includes('gameId') || ['POST /api/start-game', 'POST /api/cancel-search'].includes(r.key));
      expect(gameRoutes.length).toBeGreaterThan(10);
      await fuzzRoutes('playing', gameRoutes, RUNS * 2);
    });

    it("every operator route, with an operator's session (cookie or bearer token)", async () => {
      await fuzzRoutes(
        'operator',
        routes.filter((r) => r.url.startsWith('/api/admin/')),
        RUNS * 2,
      );
    });

    it('a NUL in any text of a well-formed body or query is refused (PostgreSQL text cannot hold one)', async () => {
      const failures: string[] = [];
      let cases = 0;
      for (const route of routes) {
        const spec = routeSpecs[route.key];
        if (!spec?.body && !spec?.queryExample) continue;
        const headers = { cookie: route.url.startsWith('/api/admin/') ? operator.cookie : cleo.cookie };
        const url = route.url.replace(/:(\w+)/g, cleo.id);
        const requests: { what: string; url: string; payload?: string }[] = [];
        const example = spec.example?.(world);
        if (spec.body && example) {
          for (const { path, body } of withNulEach(example)) requests.push({ what: path, url, payload: toJsonText(body) });
        }
        const query = spec.queryExample?.(world) ?? {};
        for (const key of Object.keys(query)) {
          const pairs = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}${k === key ? '%00' : ''}`);
          requests.push({ what: `?${key}`, url: `${url}?${pairs.join('&')}` });
        }
        for (const request of requests) {
          cases += 1;
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: request.url,
            headers: request.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          // A 4xx with a message; 400 where the route parses its input (the Telegram widget refuses any bad data 401).
          const refused = res.statusCode >= 400 && res.statusCode < 500 && typeof res.json().message === 'string';
          if (!refused) failures.push(`${route.key} ${request.what} → ${res.statusCode} ${res.body}`);
        }
      }
      expect(cases).toBeGreaterThan(30);
      expect(failures).toEqual([]);
    });

    it('unknown paths and wrong methods get a JSON 404, never a 5xx', async () => {
      const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
      const known = new Set(routes.map((r) => r.key));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...methods),
          fc.oneof(
            fc.constantFrom(...routes.map((r) => r.url.replace(/:(\w+)/g, 'x'))),
            fc.array(pathSegment(ids), { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
          ),
          sessionHeaders('player'),
          async (method, url, headers) => {
            fc.pre(![...known].some((key) => key.startsWith(`${method} `) && new RegExp(`^${key.slice(method.length + 1).replace(/:\w+/g, '[^/]*')}$`).test(url)));
            const res = await t.app.inject({ method, url, headers });
            expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeLessThan(500);
            if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
          },
        ),
        { seed: seedOf('unknown'), numRuns: 60 },
      );
    });

    describe('socket events', () => {
      type Received = [string, unknown[]][];
      const reserved = new Set(['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener', 'error']);

      async function socketOf(cookie?: string): Promise<{ socket: Socket; events: Received }> {
        const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
        open.push(socket);
        const events: Received = [];
        socket.onAny((event: string, ...args: unknown[]) => events.push([event, args]));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        return { socket, events };
      }

      /** The event names the server's own socket for a player in a game listens to. */
      function listenedEvents(socket: Socket): string[] {
        const server = t.app.services.sockets.of('/').sockets.get(socket.id ?? '');
        if (!server) throw new Error('no server socket');
        return server.eventNames().filter((name): name is string => typeof name === 'string' && !reserved.has(name));
      }

      const chatEvents = new Set<string>(Object.values(chatMessageEvents));

      /** Bob may hear of a player of his game (re)connecting, and Ann's chat presets for it; nothing else at all. */
      function assertOnlyValid(events: Received, sent: string[]): void {
        const left = [...sent];
        for (const [name, args] of events) {
          if (name === 'playerReconnected') {
            // Either seat (re)connecting is announced to both: Ann's fuzzing sockets, or Bob's own, late.
            expect(args).toEqual([{ userId: expect.toSatisfy((id) => id === ann.id || id === bob.id), gameMode: 'rps' }]);
            continue;
          }
          expect(name, `Bob received ${name} ${JSON.stringify(args)}`).toBe('rps-message');
          expect(args).toHaveLength(1);
          const [payload] = args as [{ message: string; gameId: string; userID: string }];
          expect(Object.keys(payload).sort()).toEqual(['gameId', 'message', 'userID']);
          expect((chatPresets as readonly string[]).includes(payload.message), payload.message).toBe(true);
          expect([payload.gameId, payload.userID]).toEqual([gameId, ann.id]);
          const at = left.indexOf(payload.message);
          expect(at, `relayed ${payload.message} that Ann never validly sent`).toBeGreaterThanOrEqual(0);
          left.splice(at, 1);
        }
      }

      it('every event the server listens to, and unknown ones, with generated payloads: nothing invalid is relayed', async () => {
        const a = await socketOf(ann.cookie);
        const b = await socketOf(bob.cookie);
        const c = await socketOf(cleo.cookie);
        const anon = await socketOf();
        const desk = await socketOf(operator.cookie);
        const listened = listenedEvents(a.socket);
        expect(listened.sort()).toEqual(expect.arrayContaining(['authenticate', ...chatEvents].sort()));
        const senders = { ann: a, cleo: c, anon, desk } as const;
        const ownId = { ann: ann.id, cleo: cleo.id, anon: null, desk: null } as const;
        b.events.length = 0;
        const validFromAnn: string[] = [];

        const fields = ['message', 'gameId', 'userID', 'userId'];
        const value = nastyValue(fields, plausible);
        const chatLike = fc
          .record(
            {
              message: fc.oneof(fc.constantFrom<Json>(...chatPresets), fc.constantFrom<Json>('Hello! ', 'hello!', 'Good luck!\u0000', '<script>', 'x'.repeat(100_000)), value),
              gameId: fc.oneof(fc.constantFrom<Json>(gameId, gameId.toUpperCase()), fc.uuid(), value),
              userID: fc.oneof(fc.constantFrom<Json>(ann.id, bob.id, cleo.id), value),
              userId: fc.oneof(fc.constantFrom<Json>(ann.id, bob.id, cleo.id), value),
            },
            { requiredKeys: [] },
          )
          .map((record) => toPlain(new JsonObject(Object.entries(record))));
        const arg = fc.oneof(
          { weight: 4, arbitrary: chatLike },
          { weight: 3, arbitrary: value.map(toPlain) },
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
        );
        const event = fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...listened) },
          {
            weight: 2,
            arbitrary: fc.constantFrom('fuzz', 'message', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'RPS-MESSAGE', 'rps-message ', 'game-update', 'balanceUpdated', 'gameStarted', 'authenticated', 'start-game', 'x'.repeat(10_000)),
          },
          { weight: 1, arbitrary: fc.string({ maxLength: 30 }).filter((name) => !reserved.has(name)) },
        );

        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...(Object.keys(senders) as (keyof typeof senders)[])), event, fc.array(arg, { maxLength: 3 }), fc.boolean(), async (who, name, args, withAck) => {
            const { socket } = senders[who];
            if (who === 'ann' && name === 'rps-message' && args.length >= 1) {
              const parsed = chatMessage.safeParse(args[0]);
              if (parsed.success && parsed.data.gameId === gameId) validFromAnn.push(parsed.data.message);
            }
            if (name === 'authenticate' && args.length === 1 && withAck) {
              const answer: unknown = await socket.timeout(5000).emitWithAck(name, args[0]);
              const payload = args[0] as { userId?: unknown } | null;
              const own = ownId[who];
              const ok = own !== null && typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload) && payload.userId === own;
              expect(answer).toEqual(ok ? { ok: true } : { ok: false, message: 'Not your session' });
              return;
            }
            if (withAck) socket.emit(name, ...args, () => undefined);
            else socket.emit(name, ...args);
          }),
          { seed: seedOf('sockets'), numRuns: 200 },
        );
        // Let the server finish whatever the last events started.
        await new Promise((resolve) => setTimeout(resolve, 500));
        assertOnlyValid(b.events, validFromAnn);
        for (const [label, watcher] of [['Cleo', c], ['anonymous', anon], ['operator', desk]] as const) {
          const chat = watcher.events.filter(([name]) => chatEvents.has(name) || name === 'gameStarted' || name === 'game-update' || name === 'balanceUpdated');
          expect(chat, `${label} received`).toEqual([]);
        }
        for (const { socket } of Object.values(senders)) expect(socket.connected).toBe(true);

        // Still serving: a fresh socket's valid preset reaches Bob (so the checks above were not vacuous).
        const fresh = await socketOf(ann.cookie);
        expect(await fresh.socket.timeout(5000).emitWithAck('authenticate', { userId: ann.id })).toEqual({ ok: true });
        b.events.length = 0;
        fresh.socket.emit('rps-message', { message: 'Well played!', gameId });
        const relayed = await eventually(() => b.events.find(([name]) => name === 'rps-message'));
        expect(relayed[1]).toEqual([{ message: 'Well played!', gameId, userID: ann.id }]);
      });

      it('raw malformed socket.io packets: at worst that one connection closes, the server serves on', async () => {
        const b = await socketOf(bob.cookie);
        b.events.length = 0;
        const packets = fc.oneof(
          fc.constantFrom(
            `2["rps-message",{"message":"<script>","gameId":"${gameId}"}]`,
            `2["rps-message",{"message":"Hello!","gameId":"${gameId}","__proto__":{"message":"x"}}]`,
            '2',
            '2[',
            '2{}',
            '2[]',
            '2[null]',
            '2[1]',
            '2[{"a":1}]',
            '2["__proto__",{}]',
            '2["constructor"]',
            '2["disconnect"]',
            '2["rps-message"]',
            '21["authenticate",{"userId":1}]',
            '2999999999999999999999["authenticate",{}]',
            '3',
            '31[]',
            '3999[1]',
            '4"x"',
            '0',
            '0/nope,',
            '1',
            '2/nope,["rps-message",{}]',
            '5-["x"]',
            '51-["rps-message",{"_placeholder":true,"num":0}]',
            '59999999-["authenticate",{"_placeholder":true,"num":5}]',
            '9',
            '',
            `2["authenticate",${'['.repeat(5000)}${']'.repeat(5000)}]`,
          ),
          fc.string({ maxLength: 40 }),
          fc.string({ maxLength: 40 }).map((text) => `2${text}`),
        );
        await fc.assert(
          fc.asyncProperty(fc.boolean(), packets, async (asAnn, packet) => {
            const { socket } = await socketOf(asAnn ? ann.cookie : undefined);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 60);
              socket.once('disconnect', () => (clearTimeout(timer), resolve()));
              socket.io.engine.send(packet);
            });
            socket.disconnect();
          }),
          { seed: seedOf('raw-packets'), numRuns: 40 },
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        assertOnlyValid(b.events, []);
        const health = await fetch(`${base}/api/health`);
        expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
        const anon = await socketOf();
        expect(await anon.socket.timeout(5000).emitWithAck('authenticate', { userId: ann.id })).toEqual({ ok: false, message: 'Not your session' });
      });
    });

    it('changed nothing: balances, every money and game table, the ledger; no crash, no error logged', async () => {
      expect(await balanceOf(t.app, ann)).toBe(balances.ann);
      expect(await balanceOf(t.app, bob)).toBe(balances.bob);
      expect(await balanceOf(t.app, cleo)).toBe(balances.cleo);
      const after = await snapshot();
      expect(Object.keys(after)).toEqual(expect.arrayContaining(['users', 'accounts', 'transfers', 'games', 'searches', 'withdrawals']));
      for (const table of Object.keys(after)) expect(after[table], table).toEqual(before[table]);
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      expect(crashes).toEqual([]);
      const errors = logs.filter((line) => line.level >= 50 && !EXPECTED_ERROR_LOGS.has(line.msg ?? ''));
      expect(errors.map((line) => `${line.msg}: ${line.err?.message ?? ''}`)).toEqual([]);
    });
  });
}
