import { describe, expect, it } from 'vitest';
import { ensureOperator } from '../../server/admin/operators.ts';
import { totpStepOf } from '../../server/auth/secondFactor.ts';
import { cookieOf, describeApp } from './harness.ts';
import { operatorWithSecondFactor, totpCode } from './operatorKit.ts';

/** RFC 6238 appendix B's SHA-1 key ("12345678901234567890") in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  // Appendix B's SHA-1 rows, the last six of their eight digits (authenticator apps show six).
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
    [20_000_000_000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
    expect(totpStepOf(RFC_SECRET, code, seconds * 1000)).toBe(Math.floor(seconds / 30));
  });

  it('takes the code of the step before and after (clocks a little apart), not older or newer', () => {
    const at = 1_234_567_890_000;
    const step = 30_000;
    const code = totpCode(RFC_SECRET, at);
    expect(totpStepOf(RFC_SECRET, code, at - step)).not.toBeNull();
    expect(totpStepOf(RFC_SECRET, code, at + step)).not.toBeNull();
    expect(totpStepOf(RFC_SECRET, code, at + 2 * step)).toBeNull();
    expect(totpStepOf(RFC_SECRET, code, at - 2 * step)).toBeNull();
    expect(totpStepOf(RFC_SECRET, '12345', at)).toBeNull();
    expect(totpStepOf(RFC_SECRET, 'abcdef', at)).toBeNull();
  });
});

describeApp('operators’ second factor', {}, (ctx) => {
  const login = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/admin/login', payload });
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('an owner without it reads, but every money action answers 403 until they turn it on', async () => {
    await ensureOperator(ctx().database.db, 'no-2fa', 'operator-pass', 'owner');
    const cookie = cookieOf(await login({ username: 'no-2fa', password: 'operator-pass' }), 'admin_sid');
    // Another session with the password alone (a leaked password, say): it must not gain money powers.
    const other = cookieOf(await login({ username: 'no-2fa', password: 'operator-pass' }), 'admin_sid');
    expect((await call('GET', '/api/admin/treasury', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/session', cookie)).json()).toMatchObject({ secondFactor: false });
    for (const url of ['/api/admin/treasury/sweep', `/api/admin/withdrawals/${crypto.randomUUID()}/approve`, `/api/admin/withdrawals/${crypto.randomUUID()}/reject`, '/api/admin/operators', `/api/admin/operators/${crypto.randomUUID()}/role`]) {
      const refused = await call('POST', url, cookie, {});
      expect([refused.statusCode, refused.json()], url).toEqual([403, { message: 'Turn on two-factor sign-in to do this', code: 'operator.secondFactorNeeded' }]);
    }
    // Setting it up: a wrong code does not turn it on; the app's code does.
    const setup = (await call('POST', '/api/admin/2fa/setup', cookie)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(`otpauth://totp/Duel%20Stakes:no-2fa?issuer=Duel%20Stakes&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.recoveryCodes).toHaveLength(10);
    expect(new Set(setup.recoveryCodes).size).toBe(10);
    expect((await call('POST', '/api/admin/2fa/confirm', cookie, { code: '000000' === totpCode(setup.secret) ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/2fa/confirm', cookie, { code: 'abc' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/2fa/confirm', cookie, { code: totpCode(setup.secret) })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/session', cookie)).json()).toMatchObject({ secondFactor: true });
    // Turning it on ended every other session: what was opened with the password alone is gone.
    expect((await call('GET', '/api/admin/session', other)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/treasury/sweep', other)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/treasury/sweep', cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/2fa/setup', cookie)).statusCode).toBe(409);
  });

  it('signs in with the password and a code; no code, a wrong one or a used one is refused', async () => {
    const desk = await operatorWithSecondFactor(ctx().app, ctx().database, 'desk-2fa', 'finance');
    const missing = await login({ username: desk.username, password: desk.password });
    expect([missing.statusCode, missing.json()]).toEqual([401, { message: 'Invalid credentials', code: 'operator.secondFactorRequired' }]);
    const wrongPassword = await login({ username: desk.username, password: 'not-it', code: totpCode(desk.secret) });
    expect([wrongPassword.statusCode, wrongPassword.json().code]).toEqual([401, 'validation.invalidCredentials']);
    const wrong = await login({ username: desk.username, password: desk.password, code: '000000' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'validation.invalidCredentials']);
    // Setup spent this step's code: the next step's is the first a sign-in takes, once.
    const next = totpCode(desk.secret, Date.now() + 30_000);
    const first = await login({ username: desk.username, password: desk.password, code: next });
    expect(first.statusCode).toBe(200);
    expect((await login({ username: desk.username, password: desk.password, code: next })).statusCode).toBe(401);
    // ... and no older code after it.
    expect((await login({ username: desk.username, password: desk.password, code: totpCode(desk.secret) })).statusCode).toBe(401);
    // A recovery code, once, written as the operator likes.
    const [recovery, other] = desk.recoveryCodes;
    expect((await login({ username: desk.username, password: desk.password, code: recovery?.toLowerCase() })).statusCode).toBe(200);
    expect((await login({ username: desk.username, password: desk.password, code: recovery })).statusCode).toBe(401);
    expect((await login({ username: desk.username, password: desk.password, code: other?.replace('-', '') })).statusCode).toBe(200);
  });

  it('an owner turns off a lost second factor; the operator sets it up again', async () => {
    const owner = await operatorWithSecondFactor(ctx().app, ctx().database, 'owner-2fa');
    const clerk = await operatorWithSecondFactor(ctx().app, ctx().database, 'clerk-2fa', 'finance');
    const operators = (await call('GET', '/api/admin/operators', owner.cookie)).json().operators as { id: string; username: string; secondFactor: boolean }[];
    const target = operators.find((o) => o.username === clerk.username);
    expect(target?.secondFactor).toBe(true);
    const reset = await call('POST', `/api/admin/operators/${target?.id}/2fa/reset`, owner.cookie);
    expect(reset.json().operator.secondFactor).toBe(false);
    expect((await call('GET', '/api/admin/session', clerk.cookie)).statusCode).toBe(401);
    const again = await login({ username: clerk.username, password: clerk.password });
    expect(again.statusCode).toBe(200);
    expect((await call('POST', '/api/admin/2fa/setup', cookieOf(again, 'admin_sid'))).statusCode).toBe(200);
  });
});
