import { isTMA } from '@telegram-apps/sdk-react';
import { describe, expect, it } from 'vitest';
import { get } from '../../src/api/http.ts';
import { sessionToken } from '../../src/api/sessionToken.ts';
import { connectPlayerSocket } from '../../src/api/socket.ts';
import { session, signOut } from '../../src/app/session.ts';
import { loginWithTelegram } from '../../src/app/telegramLogin.ts';
import { keepSessionStorageInMemory } from '../../src/platform/pageStorage.ts';
import { isTelegram, telegramInitData, telegramStartParam } from '../../src/platform/telegram.ts';
import { stubApi } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';

/**
 * Issue 22: the Mini App inside Telegram Web's cross-site frame, where the browser blocks third-party
 * storage (every touch of sessionStorage throws) and never sends a cookie. The launch parameters come
 * from the URL hash and live in memory; the session is a token in memory sent as `Authorization: Bearer`.
 */
const initData = new URLSearchParams({
  user: JSON.stringify({ id: 77, first_name: 'Web' }),
  auth_date: '1700000000',
  start_param: 'friend42',
  hash: 'c'.repeat(64),
  signature: 'sig',
}).toString();

// Telegram Web opens the frame with its launch parameters in the hash.
window.history.replaceState(
  null,
  '',
  `/#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'weba', tgWebAppThemeParams: '{}' }).toString()}`,
);
// A third-party frame whose storage is blocked, as Chromium, Safari and incognito windows do it.
Object.defineProperty(window, 'sessionStorage', {
  configurable: true,
  get() {
    throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
  },
});

describe('the Mini App in a frame without storage', () => {
  it('knows it runs inside Telegram and reads initData from the hash, also after the router moved on', () => {
    // What the player got before: the SDK cannot tell, and the login form showed.
    expect(isTMA()).toBe(false);
    expect(keepSessionStorageInMemory()).toBe(true);
    expect(isTelegram()).toBe(true);
    window.history.pushState(null, '', '/game');
    expect(telegramInitData()).toBe(initData);
    expect(telegramStartParam()).toBe('friend42');
    // The page's own storage, in memory: a second call changes nothing.
    window.sessionStorage.setItem('k', 'v');
    expect(keepSessionStorageInMemory()).toBe(false);
    expect(window.sessionStorage.getItem('k')).toBe('v');
  });

  it('signs in from initData, then sends the token on every call and in the socket handshake, and forgets it on sign-out', async () => {
    const api = stubApi({
      'POST /api/auth/telegram': { body: { user: { _id: 'u77', username: 'web', balance: 0 }, sessionToken: 'token-77' } },
      'GET /api/protected': (call) =>
        call.headers.authorization === 'Bearer token-77' ? { body: { user: { _id: 'u77' } } } : { status: 401, body: { message: 'Not signed in' } },
    });
    await loginWithTelegram();
    expect(api.callsTo('POST /api/auth/telegram')[0]?.body).toEqual({ initData, referrerId: 'friend42' });
    expect(session.status).toBe('signedIn');
    expect(sessionToken()).toBe('token-77');
    await expect(get('/protected')).resolves.toEqual({ user: { _id: 'u77' } });

    const disconnect = connectPlayerSocket('u77', {});
    expect(fakeSockets.at(-1)?.handshakeAuth()).toMatchObject({ token: 'token-77' });
    disconnect();

    signOut();
    expect(sessionToken()).toBeNull();
    await expect(get('/protected')).rejects.toMatchObject({ status: 401 });
  });
});
