import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_HEADER } from '../../protocol/integrity.ts';
import { stubApi } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';

const STORAGE_KEY = 'deviceId';
const MADE = /^[0-9a-f]{32}$/;

type DeviceIdModule = typeof import('../../src/platform/deviceId.ts');
type HttpModule = typeof import('../../src/api/http.ts');
type SocketModule = typeof import('../../src/api/socket.ts');

/** The modules as a fresh page load has them: nothing kept in memory, only what localStorage holds. */
async function freshPage(): Promise<{ deviceId: DeviceIdModule['deviceId']; http: HttpModule; socket: SocketModule }> {
  vi.resetModules();
  const [{ deviceId }, http, socket] = await Promise.all([
    import('../../src/platform/deviceId.ts'),
    import('../../src/api/http.ts'),
    import('../../src/api/socket.ts'),
  ]);
  return { deviceId, http, socket };
}

function blockStorage() {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
}

describe('the device id', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('is made once, 32 hex digits, kept in localStorage and reused by the next page load', async () => {
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const first = await freshPage();
    const id = first.deviceId();
    expect(id).toMatch(MADE);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(id);
    expect(first.deviceId()).toBe(id);
    expect(random).toHaveBeenCalledTimes(1);

    const reloaded = await freshPage();
    expect(reloaded.deviceId()).toBe(id);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('differs from one device (storage) to the next', async () => {
    const one = (await freshPage()).deviceId();
    window.localStorage.clear();
    const other = (await freshPage()).deviceId();
    expect(other).toMatch(MADE);
    expect(other).not.toBe(one);
  });

  it('takes any stored id of the accepted shape, even one it did not make', async () => {
    window.localStorage.setItem(STORAGE_KEY, 'Device_id-from-an-older-build');
    const { deviceId } = await freshPage();
    expect(deviceId()).toBe('Device_id-from-an-older-build');
  });

  it.each([
    ['too short', 'abc123'],
    ['with other characters', 'not a device id, not at all!'],
    ['too long', 'a'.repeat(65)],
    ['empty', ''],
  ])('replaces a stored id that is %s, and keeps the new one', async (_case, stored) => {
    window.localStorage.setItem(STORAGE_KEY, stored);
    const { deviceId } = await freshPage();
    const id = deviceId();
    expect(id).toMatch(MADE);
    expect(id).not.toBe(stored);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(id);
    expect(deviceId()).toBe(id);
  });

  it('keeps one id in memory for the page when localStorage throws', async () => {
    blockStorage();
    const { deviceId } = await freshPage();
    const id = deviceId();
    expect(id).toMatch(MADE);
    expect(deviceId()).toBe(id);
    expect(deviceId()).toBe(id);
  });

  it('keeps one id for the page when storage reads but will not write (full, or a quota of 0)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const { deviceId } = await freshPage();
    const id = deviceId();
    expect(id).toMatch(MADE);
    expect(deviceId()).toBe(id);
  });
});

describe('the device id on the wire', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('goes as x-device-id on every API call, GET and POST, with or without a Bearer token', async () => {
    const api = stubApi({ 'GET /api/thing': { body: {} }, 'POST /api/thing': { body: {} } });
    const { deviceId, http } = await freshPage();
    await http.get('/thing');
    await http.post('/thing', { a: 1 });
    await http.post('/thing', undefined, { bearer: 'tok' });
    const id = deviceId();
    expect(DEVICE_ID_HEADER).toBe('x-device-id');
    expect(api.calls).toHaveLength(3);
    for (const call of api.calls) expect(call.headers[DEVICE_ID_HEADER]).toBe(id);
    // The one made for the first call is the one kept.
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(id);
  });

  it('sends the stored id rather than a new one', async () => {
    window.localStorage.setItem(STORAGE_KEY, '0123456789abcdef0123456789abcdef');
    const api = stubApi({ 'GET /api/thing': { body: {} } });
    const { http } = await freshPage();
    await http.get('/thing');
    expect(api.calls[0]?.headers[DEVICE_ID_HEADER]).toBe('0123456789abcdef0123456789abcdef');
  });

  it('goes with every retry of a GET the server answered 503', async () => {
    const answers = [503, 200];
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
      const status = answers.shift() ?? 200;
      return new Response('{}', { status, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
    });
    vi.stubGlobal('fetch', fetch);
    const { deviceId, http } = await freshPage();
    await http.get('/protected');
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of fetch.mock.calls) expect((init.headers as Record<string, string>)[DEVICE_ID_HEADER]).toBe(deviceId());
  });

  it('still goes, the same on each call, when storage is blocked', async () => {
    blockStorage();
    const api = stubApi({ 'GET /api/thing': { body: {} } });
    const { http } = await freshPage();
    await http.get('/thing');
    await http.get('/thing');
    const [first, second] = api.calls.map((call) => call.headers[DEVICE_ID_HEADER]);
    expect(first).toMatch(MADE);
    expect(second).toBe(first);
  });

  it("rides in the player socket's handshake as auth.deviceId", async () => {
    window.localStorage.setItem(STORAGE_KEY, 'fedcba9876543210fedcba9876543210');
    const { socket } = await freshPage();
    const close = socket.connectPlayerSocket('user-1', {});
    expect(fakeSockets.at(-1)?.handshakeAuth()).toEqual({ deviceId: 'fedcba9876543210fedcba9876543210' });
    close();
  });
});
