import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createAuthLimits } from '../../server/http/rateLimits.ts';
import { databaseKinds, register, rows, startTestApp, testConfig, uniqueName, type TestApp } from './harness.ts';

/**
 * Issue 24: the doors into accounts stop attackers, not crowds. A channel post sends thousands of
 * players behind one carrier address (CGNAT): valid Telegram sign-ins are never refused for their
 * address's volume, successes spend nothing, and only failures count, per account and per address.
 */
const BOT_TOKEN = '7000011:rate-limit-bot-token';
const LIMITS = {
  BOT_TOKEN,
  AUTH_RATE_LIMIT_MAX: '3',
  AUTH_RATE_LIMIT_WINDOW_MS: '60000',
  AUTH_FAILURES_PER_ADDRESS: '5',
  TELEGRAM_SIGNINS_PER_ACCOUNT: '4',
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
};
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

let telegramIds = 950_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
const initDataFor = (id: number) => sign({ user: { id, first_name: 'Crowd', username: `crowd_${id}` } } as never, BOT_TOKEN, new Date());

function doors(t: () => TestApp) {
  const post = (ip: string, url: string, payload: object) => t().app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  return {
    post,
    login: (ip: string, username: string, password: string) => post(ip, '/api/login', { username, password }),
    telegram: (ip: string, id: number) => post(ip, '/api/auth/telegram', { initData: initDataFor(id) }),
  };
}

describe(`the sign-in doors under a crowd [${databaseKinds[0]}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', LIMITS);
  });
  afterAll(() => t.close());
  const { post, login, telegram } = doors(() => t);

  it('lets 1,000 valid Telegram sign-ins from one address in (the signature is the proof), each with its session', async () => {
    const carrier = '100.64.0.1';
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 1000; batch += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => telegram(carrier, (telegramIds += 1))));
      for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    const [sessions] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from session_signals where ip = ${carrier}`);
    expect(sessions?.n).toBe(1000);
  }, 120_000);

  it('limits one Telegram account signing in again and again, not its address', async () => {
    const id = (telegramIds += 1);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await telegram('100.64.0.2', id)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another player behind the same address is not touched.
    expect((await telegram('100.64.0.2', (telegramIds += 1))).statusCode).toBe(200);
  });

  it('forged Telegram data is refused 401 without ever locking the address out for valid players', async () => {
    for (let i = 0; i < 20; i += 1) {
      const forged = await post('100.64.0.3', '/api/auth/telegram', { initData: `${initDataFor(telegramIds + 1).slice(0, -4)}beef` });
      expect(forged.statusCode).toBe(401);
    }
    expect((await telegram('100.64.0.3', (telegramIds += 1))).statusCode).toBe(200);
  });

  it('a successful login spends nothing: 20 players log in from one address, and it still has its failure budget', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => register(t.app)));
    for (const player of players) expect((await login('100.64.1.1', player.username, player.password)).statusCode).toBe(200);
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login('100.64.1.1', `nobody_${uniqueName()}`, 'wrong-pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await login('100.64.1.1', players[0]!.username, players[0]!.password);
    expect(refused.json()).toEqual({ message: TOO_MANY, code: 'validation.tooManyRequests' });
    // Another address is not affected.
    expect((await login('100.64.1.2', players[0]!.username, players[0]!.password)).statusCode).toBe(200);
  });

  it('stops guessing on one account after a few failures, whatever the addresses; even the right password waits', async () => {
    const victim = await register(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login(`100.65.0.${i + 1}`, victim.username, 'wrong-pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await login('100.65.0.99', victim.username.toUpperCase(), victim.password)).statusCode).toBe(429);
  });

  it('counts failures of the operators’ login the same way', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(`100.66.0.${i + 1}`, '/api/admin/login', { username: 'boss', password: 'wrong-pass' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('forgot-password: unknown emails are failures of the address; every request counts for its email', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await post('100.67.0.1', '/api/forgot-password', { email: `ghost${i}_${uniqueName()}@example.com` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

    const owner = await register(t.app);
    const asked = [];
    for (let i = 0; i < 5; i += 1) asked.push((await post(`100.67.1.${i + 1}`, '/api/forgot-password', { email: owner.email })).statusCode);
    expect(asked).toEqual([200, 200, 200, 429, 429]);
  });
});

describe(`registrations per address [${databaseKinds[0]}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { ...LIMITS, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('caps registrations per address per hour (configurable), and a refused one creates nothing', async () => {
    const names = Array.from({ length: 5 }, () => uniqueName('r'));
    const statuses = [];
    for (const username of names) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '100.68.0.1', payload: { username, email: `${username}@example.com`, password: 'correct-horse' } })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const [made] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from users where username in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`);
    expect(made?.n).toBe(3);
    // A malformed registration is a 400, and does not spend the budget of another address.
    expect((await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '100.68.0.2', payload: { username: 'x' } })).statusCode).toBe(400);
  });
});

describe('when the counts cannot be reached (Redis down)', () => {
  it('keeps the doors open and says so, rather than failing every sign-in', async () => {
    const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    const warnings: unknown[] = [];
    const limits = createAuthLimits({ count: down, add: down }, testConfig(LIMITS).authLimits, (error) => warnings.push(error));
    const request = { ip: '100.72.0.1' } as FastifyRequest;
    for (let i = 0; i < 20; i += 1) {
      await limits.beforePassword(request, 'login', 'someone');
      await limits.failed(request, 'login', 'someone');
    }
    await expect(limits.telegramSignIn(1)).resolves.toBeUndefined();
    await expect(limits.registration(request)).resolves.toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
    expect(String(warnings[0])).toContain('ECONNREFUSED');
  });
});

// Two nodes share the failure counts through Redis (and PostgreSQL holds the accounts of both).
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl || !process.env.TEST_DATABASE_URL)('two nodes share the counts through Redis', () => {
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    nodes = await Promise.all([0, 1].map(() => startTestApp('postgres', { ...LIMITS, REDIS_URL: redisUrl as string })));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
  });

  it('failures on one node count on the other, per account and per address', async () => {
    const [a, b] = nodes.map((node) => doors(() => node)) as [ReturnType<typeof doors>, ReturnType<typeof doors>];
    const account = `shared_${uniqueName()}`;
    expect((await a.login('100.70.0.1', account, 'wrong-pass')).statusCode).toBe(401);
    expect((await b.login('100.70.0.2', account, 'wrong-pass')).statusCode).toBe(401);
    expect((await a.login('100.70.0.3', account, 'wrong-pass')).statusCode).toBe(401);
    expect((await b.login('100.70.0.4', account, 'wrong-pass')).statusCode).toBe(429);

    const address = `100.71.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await (i % 2 ? a : b).login(address, `nobody_${uniqueName()}`, 'wrong-pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
