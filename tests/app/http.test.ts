import { describe, expect, it, vi } from 'vitest';
import { ApiError, get, messageOf, NetworkError, post } from '../../src/api/http.ts';
import { stubApi } from './apiStub.ts';

const defaults = { failed: 'Login failed', error: 'Login failed due to server error' };

describe('the HTTP client', () => {
  it('sends JSON to /api with the cookies, and a Bearer token when given one', async () => {
    const api = stubApi({ 'POST /api/thing': { body: { ok: true } } });
    await expect(post('/thing', { a: 1 }, { bearer: 'tok' })).resolves.toEqual({ ok: true });
    const [call] = api.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/api/thing', body: { a: 1 }, credentials: 'include' });
    expect(call?.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer tok' });
  });

  it("turns a non-2xx answer into an ApiError with the server's message", async () => {
    stubApi({ 'GET /api/thing': { status: 409, body: { message: 'Already searching' } } });
    const error = await get('/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'Already searching' });
    expect(messageOf(error, defaults)).toBe('Already searching');
  });

  it("uses the spec's default texts when the server gave no message or could not be reached", async () => {
    stubApi({ 'GET /api/empty': { status: 500, body: {} }, 'GET /api/down': 'network-error' });
    expect(messageOf(await get('/empty').catch((e: unknown) => e), defaults)).toBe('Login failed');
    const unreachable = await get('/down').catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(NetworkError);
    expect(messageOf(unreachable, defaults)).toBe('Login failed due to server error');
  });

  it('asks a GET again after a 503 (the database restarting), waiting the Retry-After; never a POST', async () => {
    const answers = [503, 503, 200];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const status = init.method === 'POST' ? 503 : (answers.shift() ?? 200);
      const body = status === 503 ? { message: 'The service is temporarily unavailable. Please try again in a few seconds.' } : { balance: 5 };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
    });
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(get('/protected')).resolves.toEqual({ balance: 5 });
      expect(fetch).toHaveBeenCalledTimes(3);
      fetch.mockClear();
      const refused = await post('/withdraw', { amount: 5 }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 503, retryAfterMs: 0 });
      expect(fetch).toHaveBeenCalledTimes(1);
      // A database that stays down: the GET gives up after three more tries with the server's words.
      answers.push(503, 503, 503, 503, 503);
      fetch.mockClear();
      await expect(get('/protected')).rejects.toMatchObject({ status: 503 });
      expect(fetch).toHaveBeenCalledTimes(4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
