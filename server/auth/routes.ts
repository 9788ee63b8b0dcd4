import { announceFriend } from '../growth/friends.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BEARER_TRANSPORT,
  SESSION_TRANSPORT_HEADER,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
} from '../../protocol/auth.ts';
import { validationText } from '../../protocol/errors.ts';
import { passwordResetTokens, users } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { playerCredentials, requireUser, sessionUser } from '../http/guards.ts';
import { createUser, findInviter, findUserByLogin } from '../users/accounts.ts';
import { sessionUserEntity, userEntity } from '../users/entity.ts';
import { endSessions, learnSession, openPlayerSession, soleSessionHash } from './knownSessions.ts';
import { accountIn } from '../http/rateLimits.ts';
import { deviceIdOf, noteSessionStart } from '../integrity/signals.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  PLAYER_COOKIE,
  clearSessionCookie,
  closePlayerSessions,
  closeUserSessions,
  setSessionCookie,
} from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { countSignIns } from '../metrics/signIns.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const FORGOT_ANSWER = 'If an account with that email exists, a reset link has been sent to it.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, mailer, authLimits } = app.services;

  app.post('/register', async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    await authLimits.registration(request);
    const deviceId = deviceIdOf(request);
    const passwordHash = await hashPassword(body.password);
    // The account and its ledger accounts are one statement: no transaction around it.
    const user = await createUser(db, {
      username: body.username,
      email: body.email,
      passwordHash,
      nickname: body.username,
      invitedBy: await findInviter(db, body.invitedBy),
    });
    await noteSessionStart(db, request.log, { userId: user.id, source: 'register', ip: request.ip, deviceId, telegramId: null });
    announceFriend(app.services, user);
    request.log.info({ userId: user.id }, 'player registered');
    return reply.status(201).send({ user: await userEntity(db, config, user) });
  });

  app.post('/login', countSignIns(app.services.metrics, 'password', async (request, reply) => {
    const account = accountIn(request, 'username');
    await authLimits.beforePassword(request, 'login', account);
    const body = parseInput(loginBody, request.body);
    const deviceId = deviceIdOf(request);
    const user = await findUserByLogin(db, body.username);
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!user || !user.passwordHash || !valid) {
      await authLimits.failed(request, 'login', account);
      throw new HttpError(401, validationText.invalidUsernameOrPassword);
    }
    const token = await openPlayerSession(app.services, user.id);
    await noteSessionStart(db, request.log, { userId: user.id, source: 'login', ip: request.ip, deviceId, telegramId: user.telegramId });
    request.log.info({ userId: user.id }, 'player signed in');
    const entity = await userEntity(db, config, user);
    if (request.headers[SESSION_TRANSPORT_HEADER] === BEARER_TRANSPORT) return { user: entity, sessionToken: token };
    setSessionCookie(reply, config, PLAYER_COOKIE, token);
    return { user: entity };
  }));

  app.post('/logout', async (request, reply) => {
    endSessions(app.services, await closePlayerSessions(db, playerCredentials(request)));
    clearSessionCookie(reply, config, PLAYER_COOKIE);
    return { ok: true };
  });

  // The app's start: the session, the user and the entity's extras in one statement when the request
  // carries one session (issue 38), which also teaches this node the session (knownSessions.ts).
  app.get('/protected', async (request) => {
    const credentials = playerCredentials(request);
    const tokenHash = soleSessionHash(credentials);
    if (tokenHash === undefined) {
      await requireUser(request);
      return { user: await userEntity(db, config, sessionUser(request)) };
    }
    const checkedAt = Date.now();
    const found = await sessionUserEntity(db, config, tokenHash);
    if (!found) throw new HttpError(401, validationText.notSignedIn);
    learnSession(app.services, credentials, found.userId, found.expiresAt, checkedAt);
    return { user: found.user };
  });

  app.post('/forgot-password', async (request) => {
    const account = accountIn(request, 'email');
    await authLimits.beforePassword(request, 'forgot-password', account);
    const { email } = parseInput(forgotPasswordBody, request.body);
    const [match] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (match?.email) {
      const token = newToken();
      await db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: match.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const link = `${config.publicUrl}/reset-password/${token}`;
      // Not awaited: the answer must not take longer, or differ, when the address exists.
      mailer({
        to: match.email,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of your account.\n\nOpen this link within one hour to choose a new one:\n${link}\n\nIf it was not you, ignore this mail.`,
      }).catch((error: unknown) => request.log.error({ err: error, userId: match.id }, 'reset mail failed'));
    } else {
      // An unknown email is a failure for the address: one address cannot probe many emails.
      await authLimits.failed(request, 'forgot-password', account);
    }
    return { message: FORGOT_ANSWER };
  });

  app.post('/reset-password', async (request) => {
    const body = parseInput(resetPasswordBody, request.body);
    const passwordHash = await hashPassword(body.password);
    const { userId, ended } = await db.transaction(async (tx) => {
      // The row lock makes the token single-use even when two resets race.
      const [reset] = await tx
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(body.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .for('update');
      if (!reset) throw new HttpError(400, validationText.resetTokenInvalid);
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(eq(passwordResetTokens.tokenHash, reset.tokenHash));
      await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
      return { userId: reset.userId, ended: await closeUserSessions(tx, reset.userId) };
    });
    endSessions(app.services, ended);
    request.log.info({ userId }, 'password reset');
    return { message: 'Your password has been reset.' };
  });
}
