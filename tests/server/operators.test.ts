import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOperator } from '../../server/admin/operators.ts';
import { cookieOf, databaseKinds, signedUp, startTestApp, type TestApp } from './harness.ts';

for (const kind of databaseKinds) {
  describe(`operators [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
      await ensureOperator(t.database.db, 'boss', 'operator-pass');
    });
    afterAll(() => t.close());

    const adminLogin = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload });

    it('signs an operator in with a token and an admin cookie', async () => {
      const res = await adminLogin({ username: 'Boss', password: 'operator-pass' });
      expect(res.statusCode).toBe(200);
      const { token } = res.json();
      expect(token).toMatch(/^[\w-]{40,}$/);
      expect(res.cookies.find((c) => c.name === 'admin_sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      const byBearer = await t.app.inject({ url: '/api/admin/session', headers: { authorization: `Bearer ${token}` } });
      expect(byBearer.json()).toMatchObject({ username: 'boss', role: 'owner' });
      const byCookie = await t.app.inject({ url: '/api/admin/session', headers: { cookie: cookieOf(res, 'admin_sid') } });
      expect(byCookie.statusCode).toBe(200);
    });

    it.each([
      [{ username: 'boss', password: 'wrong-pass' }],
      [{ username: 'nobody', password: 'operator-pass' }],
      [{ username: '', password: '' }],
      [{}],
    ])('refuses %j with "Invalid credentials"', async (payload) => {
      const res = await adminLogin(payload);
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json()).toEqual({ message: 'Invalid credentials', code: 'validation.invalidCredentials' });
      expect(res.cookies.find((c) => c.name === 'admin_sid')).toBeUndefined();
    });

    it('refuses admin routes to anonymous callers and to players, whatever they send', async () => {
      const player = await signedUp(t.app);
      const playerToken = player.cookie.split('=')[1] as string;
      for (const headers of [
        {},
        { cookie: player.cookie },
        { authorization: `Bearer ${playerToken}` },
        { cookie: `admin_sid=${playerToken}` },
        { authorization: 'Bearer made-up' },
      ]) {
        const res = await t.app.inject({ url: '/api/admin/session', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json().message).toBe('Operator sign-in required');
      }
    });

    it('keeps operator and player identities apart', async () => {
      const res = await adminLogin({ username: 'boss', password: 'operator-pass' });
      const asPlayer = await t.app.inject({ url: '/api/protected', headers: { cookie: `sid=${res.json().token}` } });
      expect(asPlayer.statusCode).toBe(401);
    });

    it('updates the password of an existing operator, and logout ends the admin session', async () => {
      expect(await ensureOperator(t.database.db, 'BOSS', 'new-operator-pass')).toBe('updated');
      expect((await adminLogin({ username: 'boss', password: 'operator-pass' })).statusCode).toBe(401);
      const res = await adminLogin({ username: 'boss', password: 'new-operator-pass' });
      const headers = { authorization: `Bearer ${res.json().token}` };
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/admin/session', headers })).statusCode).toBe(401);
    });
  });
}
