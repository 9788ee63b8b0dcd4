import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, ROLE_PERMISSIONS, mayDo, type OperatorRole } from '../../protocol/operators.ts';
import { openDatabase } from '../../server/db/client.ts';
import { cookieOf, describeApp, rows } from './harness.ts';
import { operatorWithSecondFactor } from './operatorKit.ts';

/**
 * Operators' roles (issue 35): every /api/admin route, called as every role, is allowed or refused with
 * 403 exactly as protocol/operators.ts says; owners manage the operators; the audit trail records it.
 */
const SIGN_IN = { username: '', password: 'operator-pass' };

describeApp('operator roles', {}, (ctx) => {
  const login = async (username: string, password = SIGN_IN.password) =>
    ctx().app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: '10.9.9.9' });
  /** An operator of `role` with their second factor on (money actions need it; tested apart below). */
  const signedIn = async (role: OperatorRole) => operatorWithSecondFactor(ctx().app, ctx().database, `${role}-${randomUUID().slice(0, 8)}`, role, SIGN_IN.password);
  const call = (method: string, url: string, cookie?: string, payload?: object) =>
    ctx().app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  it('names a permission on every admin route, and the money and key routes need the roles that handle them', () => {
    const routes = ctx().app.operatorRoutes;
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((route) => route.permission === null)).toEqual([]);
    const permissionOf = (method: string, url: string) => routes.find((route) => route.method === method && route.url === url)?.permission;
    expect(permissionOf('POST', '/api/admin/withdrawals/:id/approve')).toBe('withdrawals');
    expect(permissionOf('POST', '/api/admin/withdrawals/:id/reject')).toBe('withdrawals');
    expect(permissionOf('POST', '/api/admin/treasury/sweep')).toBe('treasury');
    expect(permissionOf('POST', '/api/admin/operators')).toBe('operators');
    expect(permissionOf('POST', '/api/admin/operators/:id/role')).toBe('operators');
    expect(permissionOf('POST', '/api/admin/users/:id/freeze')).toBe('freeze');
    expect(permissionOf('GET', '/api/admin/users/export')).toBe('exports');
    expect(permissionOf('GET', '/api/admin/audit')).toBe('audit');
    // Roles as the issue lists them.
    expect(ROLE_PERMISSIONS.viewer).toEqual(['session', 'read']);
    expect(mayDo('finance', 'withdrawals') && mayDo('finance', 'treasury') && mayDo('finance', 'exports')).toBe(true);
    expect(mayDo('support', 'withdrawals') || mayDo('support', 'treasury') || mayDo('viewer', 'exports')).toBe(false);
    expect(OPERATOR_ROLES.filter((role) => mayDo(role, 'operators'))).toEqual(['owner']);
  });

  it('allows or refuses every admin route for every role exactly by the table; anonymous callers get 401', async () => {
    const operators = Object.fromEntries(await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await signedIn(role)] as const)));
    const routes = ctx().app.operatorRoutes.filter((route) => route.url !== '/api/admin/logout');
    const url = (template: string) => template.replace(/:\w+/g, () => randomUUID());
    for (const route of routes) {
      expect((await call(route.method, url(route.url))).statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      for (const role of OPERATOR_ROLES) {
        const answer = await call(route.method, url(route.url), operators[role]?.cookie, route.method === 'POST' ? {} : undefined);
        const where = `${route.method} ${route.url} as ${role}: ${answer.body.slice(0, 120)}`;
        if (mayDo(role, route.permission ?? 'operators') && route.permission) {
          expect([401, 403], where).not.toContain(answer.statusCode);
          expect(answer.statusCode, where).toBeLessThan(500);
        } else {
          expect(answer.statusCode, where).toBe(403);
          expect(answer.json().message, where).toBe('Your role does not allow this');
        }
      }
    }
    // Last, the sign-out every role may use.
    for (const role of OPERATOR_ROLES) expect((await call('POST', '/api/admin/logout', operators[role]?.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/session', operators.viewer?.cookie)).statusCode).toBe(401);
  });

  it('tells the back office who is signed in, with their role and what it allows', async () => {
    const support = await signedIn('support');
    expect((await call('GET', '/api/admin/session', support.cookie)).json()).toEqual({
      username: support.username,
      role: 'support',
      permissions: ['session', 'read', 'players', 'freeze', 'risk', 'games'],
      secondFactor: true,
    });
  });

  it('lets owners create, re-role, disable and re-password operators; each change ends the operator’s sessions and is audited', async () => {
    const owner = await signedIn('owner');
    const created = await call('POST', '/api/admin/operators', owner.cookie, { username: 'cashier', password: 'cashier-pass', role: 'finance' });
    expect(created.statusCode).toBe(201);
    const cashier = created.json().operator as { id: string; role: string };
    expect(cashier.role).toBe('finance');
    expect((await call('POST', '/api/admin/operators', owner.cookie, { username: 'Cashier', password: 'cashier-pass', role: 'finance' })).statusCode).toBe(409);
    for (const bad of [{ username: 'x', password: 'cashier-pass', role: 'finance' }, { username: 'clerk', password: 'short', role: 'finance' }, { username: 'clerk', password: 'cashier-pass', role: 'god' }]) {
      expect((await call('POST', '/api/admin/operators', owner.cookie, bad)).statusCode).toBe(400);
    }
    let session = cookieOf(await login('cashier', 'cashier-pass'), 'admin_sid');
    expect((await call('GET', '/api/admin/treasury', session)).statusCode).toBe(200);
    // Made a viewer: the session it had ends; signed in again, the treasury is closed to it.
    expect((await call('POST', `/api/admin/operators/${cashier.id}/role`, owner.cookie, { role: 'viewer' })).json().operator.role).toBe('viewer');
    expect((await call('GET', '/api/admin/session', session)).statusCode).toBe(401);
    session = cookieOf(await login('cashier', 'cashier-pass'), 'admin_sid');
    expect((await call('GET', '/api/admin/treasury', session)).statusCode).toBe(403);
    // Disabled: signed out, and refused at sign-in as a wrong password is.
    expect((await call('POST', `/api/admin/operators/${cashier.id}/disable`, owner.cookie)).json().operator.disabled).toBe(true);
    expect((await call('GET', '/api/admin/session', session)).statusCode).toBe(401);
    const refused = await login('cashier', 'cashier-pass');
    expect([refused.statusCode, refused.json().message]).toEqual([401, 'Invalid credentials']);
    await call('POST', `/api/admin/operators/${cashier.id}/enable`, owner.cookie);
    expect((await call('POST', `/api/admin/operators/${cashier.id}/password`, owner.cookie, { password: 'new-cashier-pass' })).statusCode).toBe(200);
    expect((await login('cashier', 'cashier-pass')).statusCode).toBe(401);
    expect((await login('cashier', 'new-cashier-pass')).statusCode).toBe(200);
    // An owner does not change their own account here (no locking oneself out).
    const [me] = await rows<{ id: string }>(ctx().database, sql`select id::text from admins where username = ${owner.username}`);
    expect((await call('POST', `/api/admin/operators/${me?.id}/role`, owner.cookie, { role: 'viewer' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/operators/${randomUUID()}/disable`, owner.cookie)).statusCode).toBe(404);

    const listed = (await call('GET', '/api/admin/operators', owner.cookie)).json().operators as { username: string; role: string; disabled: boolean }[];
    expect(listed.find((o) => o.username === 'cashier')).toMatchObject({ role: 'viewer', disabled: false });
    const trail = (await call('GET', '/api/admin/audit', owner.cookie)).json().entries as { operator: string | null; action: string; details: { ip?: string } }[];
    const actions = trail.filter((entry) => entry.operator === owner.username || entry.operator === 'cashier').map((entry) => entry.action);
    for (const action of ['create-operator', 'change-operator-role', 'disable-operator', 'enable-operator', 'reset-operator-password', 'login', 'login-failed']) {
      expect(actions, action).toContain(action);
    }
    expect(trail.find((entry) => entry.action === 'login-failed')?.details.ip).toBe('10.9.9.9');
  });
});

describe('operator roles from the command line', () => {
  it('admin:create makes an owner unless --role says otherwise, and refuses an unknown role', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts', ...args], { input: 'desk-password\n', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(run('chief').status).toBe(0);
    expect(run('teller', '--role', 'finance').status).toBe(0);
    const bad = run('ghost', '--role', 'god');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--role owner|finance|support|viewer');
    const database = await openDatabase({ dataDir });
    try {
      const found = await rows<{ username: string; role: string }>(database, sql`select username, role from admins order by username`);
      expect(found).toEqual([
        { username: 'chief', role: 'owner' },
        { username: 'teller', role: 'finance' },
      ]);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Three runs of the command, each a process that opens and migrates its own PGlite database: ~10 s
    // each on a busy 2-core box, past the default 30 s.
  }, 120_000);
});
