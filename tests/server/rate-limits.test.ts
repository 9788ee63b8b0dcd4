import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, register, startTestApp, type TestApp } from './harness.ts';

describe(`rate limits [${databaseKinds[0]}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(() => t.close());

  const from = (ip: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('limits login attempts per address with a 429 and a message', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await from('10.0.0.1', '/api/login', { username: `someone${i}`, password: 'whatever1' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await from('10.0.0.1', '/api/login', { username: 'someone', password: 'whatever1' });
    expect(limited.json().message).toBe('Too many attempts. Please wait a minute and try again.');
    // Another address is not affected.
    expect((await from('10.0.0.2', '/api/login', { username: 'someone', password: 'whatever1' })).statusCode).toBe(401);
  });

  it('limits login attempts per account across addresses', async () => {
    const user = await register(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await from(`10.1.0.${i}`, '/api/login', { username: user.username, password: 'wrong-pass' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Even the right password waits out the window: that is what stops guessing.
    expect((await from('10.1.0.99', '/api/login', { username: user.username, password: user.password })).statusCode).toBe(429);
  });

  it.each([
    ['/api/register', (i: number) => ({ username: `x${i}`, email: 'bad', password: 'x' })],
    ['/api/forgot-password', (i: number) => ({ email: `n${i}@example.com` })],
    ['/api/admin/login', (i: number) => ({ username: `op${i}`, password: 'wrong-pass' })],
  ])('limits %s too', async (url, body) => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await from('10.2.0.1', url, body(i))).statusCode);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
