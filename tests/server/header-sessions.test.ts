import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { GameViewBase } from '../../protocol/game.ts';
import { nextRound } from './gameHarness.ts';
import { addressOf, cookieOf, databaseKinds, register, rows, signedUp } from './harness.ts';
import { gameUpdates, listeningApp } from './socketClients.ts';
import { eventually } from './smtpSink.ts';

/**
 * Issue 22: inside Telegram Web's cross-site frame no cookie is ever sent, so the Mini App's session is a
 * token that POST /api/auth/telegram answers in its body and the app sends as `Authorization: Bearer`
 * on every call and as `auth.token` in the socket's handshake. Every session rule holds for it.
 */
const BOT_TOKEN = '7000003:header-session-bot_XYZ';
let telegramIds = 950_000_000;

function initData(opts: { token?: string; authDate?: Date; id?: number } = {}): string {
  telegramIds += 1;
  const user = { id: opts.id ?? telegramIds, first_name: 'Tma', username: `tma_${opts.id ?? telegramIds}` };
  return sign({ user } as never, opts.token ?? BOT_TOKEN, opts.authDate ?? new Date());
}

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

for (const kind of databaseKinds) {
  describe(`Mini App sessions without cookies [${kind}]`, () => {
    const live = listeningApp(kind, { BOT_TOKEN });

    /** A real HTTP call, as the browser makes it; the answer's status and JSON body. */
    async function call(headers: Headers, method: 'GET' | 'POST', path: string, body?: unknown) {
      const res = await fetch(`${live.base}/api${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, setCookie: res.headers.get('set-cookie') };
    }

    async function telegramSignIn(data = initData()) {
      const res = await call({}, 'POST', '/auth/telegram', { initData: data });
      expect(res.status).toBe(200);
      expect(typeof res.body.sessionToken).toBe('string');
      return { token: res.body.sessionToken as string, id: res.body.user._id as string };
    }

    /** A player socket authenticated the way the Mini App does it: the token in the handshake's auth. */
    async function socketWith(auth: Record<string, unknown>, extraHeaders: Headers = {}): Promise<{ socket: Socket; events: [string, unknown][] }> {
      const socket = connect(live.base, { path: '/socket.io', transports: ['websocket'], auth, extraHeaders, reconnection: false });
      live.open.push(socket);
      const events: [string, unknown][] = [];
      socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return { socket, events };
    }

    it('signs in from initData with the token in the body and no cookie, and the token reaches the API', async () => {
      const res = await call({}, 'POST', '/auth/telegram', { initData: initData() });
      expect(res.status).toBe(200);
      expect(res.setCookie).toBeNull();
      const me = await call(bearer(res.body.sessionToken), 'GET', '/protected');
      expect(me.status).toBe(200);
      expect(me.body.user._id).toBe(res.body.user._id);
      // Without the header the same client is no one: there is no cookie to fall back on.
      expect((await call({}, 'GET', '/protected')).status).toBe(401);
    });

    it.each([
      ['forged', () => initData().replace('Tma', 'Eve')],
      ['stale', () => initData({ authDate: new Date(Date.now() - 25 * 3600 * 1000) })],
      ["another bot's", () => initData({ token: '7000004:another-bot' })],
    ])('refuses %s initData: 401, no token, no session row', async (_name, make) => {
      const before = await rows<{ n: number }>(live.t.database, sql`select count(*)::int as n from sessions`);
      const res = await call({}, 'POST', '/auth/telegram', { initData: make() });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Telegram login data is invalid or expired', code: 'validation.telegramInvalid' });
      const after = await rows<{ n: number }>(live.t.database, sql`select count(*)::int as n from sessions`);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it('plays a free RPS game to the end on the header session, moves and socket events included', async () => {
      const ann = await telegramSignIn();
      const bob = await signedUp(live.t.app);
      const annSocket = await socketWith({ token: ann.token });
      annSocket.socket.emit('authenticate', { userId: ann.id });
      await eventually(() => annSocket.events.find(([name]) => name === 'authenticated'));

      expect((await call(bearer(ann.token), 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 })).body.status).toBe('searching');
      expect((await call({ cookie: bob.cookie }, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 })).body.status).toBe('started');
      const gameId = (await eventually(() => gameUpdates<GameViewBase>(annSocket.events)[0])).game._id;
      for (let round = 0; round < 3; round += 1) {
        expect((await call(bearer(ann.token), 'POST', '/rps-move', { gameId, choice: 'paper' })).status).toBe(200);
        const last = await call({ cookie: bob.cookie }, 'POST', '/rps-move', { gameId, choice: 'rock' });
        expect(last.status).toBe(200);
        if (last.body.game.status !== 'in-progress') break;
        await nextRound(live.t);
      }
      const end = await eventually(() => gameUpdates<GameViewBase & { winner?: string | null }>(annSocket.events).find((u) => u.game.status === 'completed'));
      expect(end.game._id).toBe(gameId);
      const history = await call(bearer(ann.token), 'GET', `/played-games-history/${ann.id}`);
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body)).toContain(gameId);
      expect((await call(bearer(ann.token), 'GET', `/games/${gameId}/proof`)).status).toBe(200);
    });

    it('refuses a socket whose token is bad, and one whose token names another player than its cookie', async () => {
      await expect(socketWith({ token: 'not-a-session' })).rejects.toThrow('Not signed in');
      await expect(socketWith({ token: 42 })).rejects.toThrow('Not signed in');
      const ann = await telegramSignIn();
      const bob = await signedUp(live.t.app);
      await expect(socketWith({ token: ann.token }, { cookie: bob.cookie })).rejects.toThrow('Not signed in');
      // An `Authorization` header works for a socket client that can send headers.
      const viaHeader = await socketWith({}, bearer(ann.token));
      viaHeader.socket.emit('authenticate', { userId: ann.id });
      await eventually(() => viaHeader.events.find(([name]) => name === 'authenticated'));
    });

    it('never serves a bad header from a cookie: a wrong or malformed credential is 401 whatever cookie comes with it', async () => {
      const bob = await signedUp(live.t.app);
      for (const authorization of ['Bearer not-a-session', 'Bearer', 'Basic Ym9iOnB3', `tma ${initData()}`]) {
        const res = await call({ authorization, cookie: bob.cookie }, 'GET', '/protected');
        expect(res.status, authorization).toBe(401);
      }
      // Nothing a refused request asked for happened.
      const refused = await call({ authorization: 'Bearer not-a-session', cookie: bob.cookie }, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      expect(refused.status).toBe(401);
      expect((await call({ cookie: bob.cookie }, 'GET', '/current-game')).body.game ?? null).toBeNull();
    });

    it('refuses a request whose header and cookie are two different players, and serves one whose both are the same', async () => {
      const ann = await telegramSignIn();
      const bob = await signedUp(live.t.app);
      const mixed = await call({ ...bearer(ann.token), cookie: bob.cookie }, 'GET', '/protected');
      expect(mixed.status).toBe(401);
      const mixedStart = await call({ ...bearer(ann.token), cookie: bob.cookie }, 'POST', '/start-game', { gameMode: 'rps', betAmount: 0 });
      expect(mixedStart.status).toBe(401);

      const carol = await register(live.t.app);
      const login = await call({ 'x-session-transport': 'bearer' }, 'POST', '/login', { username: carol.username, password: carol.password });
      const web = await call({}, 'POST', '/login', { username: carol.username, password: carol.password });
      const cookie = web.setCookie?.split(';')[0] ?? '';
      expect((await call({ ...bearer(login.body.sessionToken), cookie }, 'GET', '/protected')).body.user._id).toBe(carol.id);
      // An expired or unknown cookie beside a good header is no one else's: the header is served.
      expect((await call({ ...bearer(ann.token), cookie: 'sid=long-gone' }, 'GET', '/protected')).body.user._id).toBe(ann.id);
    });

    it('a password login asked for a header session answers the token and sets no cookie', async () => {
      const carol = await register(live.t.app);
      const res = await live.t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-session-transport': 'bearer' },
        payload: { username: carol.username, password: carol.password },
        remoteAddress: addressOf(carol.username),
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies).toEqual([]);
      expect((await call(bearer(res.json().sessionToken), 'GET', '/protected')).body.user._id).toBe(carol.id);
      // Without the header, the web app's login: a cookie, no token in the body.
      const web = await live.t.app.inject({ method: 'POST', url: '/api/login', payload: { username: carol.username, password: carol.password }, remoteAddress: addressOf(carol.username) });
      expect(web.json().sessionToken).toBeUndefined();
      expect(cookieOf(web)).toMatch(/^sid=/);
    });

    it('logout ends the header session: the API and the socket refuse the token afterwards', async () => {
      const ann = await telegramSignIn();
      expect((await call(bearer(ann.token), 'POST', '/logout', {})).status).toBe(200);
      expect((await call(bearer(ann.token), 'GET', '/protected')).status).toBe(401);
      await expect(socketWith({ token: ann.token })).rejects.toThrow('Not signed in');
    });

    it('an expired header session is refused', async () => {
      const ann = await telegramSignIn();
      await rows(live.t.database, sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${ann.id}`);
      expect((await call(bearer(ann.token), 'GET', '/protected')).status).toBe(401);
    });

    it('a password reset signs every header session of the account out', async () => {
      const carol = await register(live.t.app);
      const login = await call({ 'x-session-transport': 'bearer' }, 'POST', '/login', { username: carol.username, password: carol.password });
      const token = login.body.sessionToken as string;
      expect((await call(bearer(token), 'GET', '/protected')).status).toBe(200);
      const { hashToken } = await import('../../server/auth/tokens.ts');
      const resetToken = `reset-${carol.id}`;
      await rows(
        live.t.database,
        sql`insert into password_reset_tokens (token_hash, user_id, expires_at) values (${hashToken(resetToken)}, ${carol.id}, now() + interval '1 hour')`,
      );
      expect((await call({}, 'POST', '/reset-password', { token: resetToken, password: 'a-new-password' })).status).toBe(200);
      expect((await call(bearer(token), 'GET', '/protected')).status).toBe(401);
    });

    it('records each header sign-in as a session start with its device', async () => {
      const deviceId = 'ab'.repeat(16);
      const res = await call({ 'x-device-id': deviceId }, 'POST', '/auth/telegram', { initData: initData() });
      const recorded = await rows<{ source: string; device_id: string }>(
        live.t.database,
        sql`select source, device_id from session_signals where user_id = ${res.body.user._id}`,
      );
      expect(recorded).toEqual([{ source: 'telegram', device_id: deviceId }]);
    });
  });
}
