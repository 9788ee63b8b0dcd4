import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { OperatorRole } from '../../protocol/operators.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import type { Database } from '../../server/db/client.ts';
import { cookieOf } from './harness.ts';

/** The code an authenticator app shows for `secret` at `atMs`. */
export const totpCode = (secret: string, atMs = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: atMs });

/**
 * An operator of `role` signed in, with their second factor set up and on (money actions need it): the
 * session (cookie and token), the TOTP secret and the recovery codes, as the back office's setup gives them.
 */
export async function operatorWithSecondFactor(app: FastifyInstance, database: Database, username: string, role: OperatorRole = 'owner', password = 'operator-pass') {
  await ensureOperator(database.db, username, password, role);
  const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  const cookie = cookieOf(login, 'admin_sid');
  const token = (login.json() as { token: string }).token;
  const setup = await app.inject({ method: 'POST', url: '/api/admin/2fa/setup', headers: { cookie } });
  if (setup.statusCode !== 200) throw new Error(`2fa setup: ${setup.statusCode} ${setup.body}`);
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const confirm = await app.inject({ method: 'POST', url: '/api/admin/2fa/confirm', headers: { cookie }, payload: { code: totpCode(secret) } });
  if (confirm.statusCode !== 200) throw new Error(`2fa confirm: ${confirm.statusCode} ${confirm.body}`);
  return { username, password, cookie, token, secret, recoveryCodes };
}
