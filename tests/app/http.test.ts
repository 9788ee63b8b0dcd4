import { describe, expect, it } from 'vitest';
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
});
