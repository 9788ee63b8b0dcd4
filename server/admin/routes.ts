import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminLoginBody } from '../../protocol/auth.ts';
import { OPERATOR_CODES } from '../../protocol/errorCodes.ts';
import { ROLE_PERMISSIONS, secondFactorConfirmBody, type OperatorSession, type SecondFactorSetup } from '../../protocol/operators.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryHash, spendSecondFactor, totpStepOf } from '../auth/secondFactor.ts';
import { validationText } from '../../protocol/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { ADMIN_COOKIE, clearSessionCookie, closeSession, openSession, setSessionCookie } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { adminRecoveryCodes, admins, sessions } from '../db/schema.ts';
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
      await audit(db, { adminId: operator?.id ?? null, action: 'login-failed', details: { username: body.username, ip: request.ip } });
      throw new HttpError(401, validationText.invalidCredentials);
    }
    if (operator.totpEnabledAt) {
      // The password was right: the sign-in's second step asks for the code (not a failure).
      if (!body.code) throw new HttpError(401, validationText.invalidCredentials, OPERATOR_CODES.secondFactorRequired);
      if (!(await spendSecondFactor(db, operator, body.code))) {
        request.log.warn({ username: body.username }, 'operator second factor refused');
        await authLimits.failed(request, 'admin-login', account);
        await audit(db, { adminId: operator.id, action: 'login-failed', details: { reason: 'second factor', ip: request.ip } });
        throw new HttpError(401, validationText.invalidCredentials);
      }
    }
    const { token } = await openSession(db, { adminId: operator.id }, config.sessionTtlMs);
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
      return { username: operator.username, role: operator.role, permissions: [...ROLE_PERMISSIONS[operator.role]], secondFactor: operator.secondFactor };
    });

    // Setting up the second factor: a new secret (and recovery codes) kept pending until a code from it
    // confirms the operator's app has it. Once on, it is changed only by an owner's reset.
    operatorOnly.post('/2fa/setup', { config: { permission: 'session' } }, async (request): Promise<SecondFactorSetup> => {
      const operator = request.admin;
      if (!operator) throw new HttpError(401, 'Operator sign-in required');
      if (operator.secondFactor) throw new HttpError(409, 'Two-factor sign-in is already on');
      const secret = newTotpSecret();
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ totpPendingSecret: secret }).where(eq(admins.id, operator.id));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, operator.id));
        await tx.insert(adminRecoveryCodes).values(recoveryCodes.map((code) => ({ adminId: operator.id, codeHash: recoveryHash(code) })));
      });
      return { secret, otpauthUrl: otpauthUrl(secret, operator.username), recoveryCodes };
    });

    operatorOnly.post('/2fa/confirm', { config: { permission: 'session' } }, async (request) => {
      const operator = request.admin;
      if (!operator) throw new HttpError(401, 'Operator sign-in required');
      const { code } = parseInput(secondFactorConfirmBody, request.body);
      const [row] = await db.select({ pending: admins.totpPendingSecret }).from(admins).where(eq(admins.id, operator.id));
      if (operator.secondFactor) throw new HttpError(409, 'Two-factor sign-in is already on');
      if (!row?.pending) throw new HttpError(409, 'Set up two-factor sign-in first');
      const step = totpStepOf(row.pending, code, Date.now());
      if (step === null) throw new HttpError(400, 'That code is not right: check the time on your phone and try the next one');
      await db
        .update(admins)
        .set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step })
        .where(and(eq(admins.id, operator.id), isNull(admins.totpEnabledAt)));
      // Every other session of theirs was opened with the password alone: it ends, so none gains money
      // powers without a code (this one proved the code just now).
      const current = adminToken(request);
      await db.delete(sessions).where(and(eq(sessions.adminId, operator.id), current ? ne(sessions.tokenHash, hashToken(current)) : undefined));
      await audit(db, { adminId: operator.id, action: 'enable-2fa', details: { ip: request.ip } });
      return { secondFactor: true };
    });

    operatorOnly.post('/logout', { config: { permission: 'session' } }, async (request, reply) => {
      await closeSession(db, adminToken(request));
      clearSessionCookie(reply, config, ADMIN_COOKIE);
      return { ok: true };
    });
  });
}
