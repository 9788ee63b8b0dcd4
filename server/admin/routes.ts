import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminLoginBody } from '../../protocol/auth.ts';
import { ROLE_PERMISSIONS, type OperatorSession } from '../../protocol/operators.ts';
import { validationText } from '../../protocol/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { ADMIN_COOKIE, clearSessionCookie, closeSession, openSession, setSessionCookie } from '../auth/sessions.ts';
import { admins } from '../db/schema.ts';
import { audit } from './audit.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { adminToken, requireAdmin } from '../http/guards.ts';
import { accountIn } from '../http/rateLimits.ts';

/** /api/admin: login is open; everything else sits behind the operator session. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, authLimits } = app.services;

  app.post('/login', async (request, reply) => {
    const account = accountIn(request, 'username');
    await authLimits.beforePassword(request, 'admin-login', account);
    const body = parseInput(adminLoginBody, request.body);
    const [operator] = await db
      .select()
      .from(admins)
      .where(sql`lower(${admins.username}) = ${body.username.toLowerCase()}`)
      .limit(1);
    const valid = await verifyPassword(operator?.passwordHash ?? (await decoyPasswordHash()), body.password);
    // A disabled operator is told what anyone with a wrong password is told.
    if (!operator || !valid || operator.disabledAt) {
      request.log.warn({ username: body.username }, 'operator sign-in refused');
      await authLimits.failed(request, 'admin-login', account);
      // The name as typed, made well-formed (a lone surrogate cannot go into jsonb).
      const typed = Buffer.from(body.username, 'utf8').toString('utf8');
      await audit(db, { adminId: operator?.id ?? null, action: 'login-failed', details: { username: typed, ip: request.ip } });
      throw new HttpError(401, validationText.invalidCredentials);
    }
    const token = await openSession(db, { adminId: operator.id }, config.sessionTtlMs);
    await audit(db, { adminId: operator.id, action: 'login', details: { ip: request.ip } });
    setSessionCookie(reply, config, ADMIN_COOKIE, token);
    request.log.info({ adminId: operator.id }, 'operator signed in');
    return { token };
  });

  await app.register(async (operatorOnly) => {
    operatorOnly.addHook('onRequest', requireAdmin);

    operatorOnly.get('/session', { config: { permission: 'session' } }, async (request): Promise<OperatorSession> => {
      const operator = request.admin;
      if (!operator) throw new HttpError(401, 'Operator sign-in required');
      return { username: operator.username, role: operator.role, permissions: [...ROLE_PERMISSIONS[operator.role]] };
    });

    operatorOnly.post('/logout', { config: { permission: 'session' } }, async (request, reply) => {
      await closeSession(db, adminToken(request));
      clearSessionCookie(reply, config, ADMIN_COOKIE);
      return { ok: true };
    });
  });
}
