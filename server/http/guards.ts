import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ADMIN_COOKIE, PLAYER_COOKIE, bearerToken, findPlayer, findSessionAdmin, type PlayerCredentials } from '../auth/sessions.ts';
import { validationText } from '../../protocol/errors.ts';
import { HttpError } from './errors.ts';

/** The player session tokens a request carries: `Authorization: Bearer` (inside Telegram) and the cookie. */
export function playerCredentials(request: FastifyRequest): PlayerCredentials {
  return { header: bearerToken(request.headers.authorization), cookie: request.cookies[PLAYER_COOKIE] };
}

/** preHandler for player routes: the player session's user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await findPlayer(request.server.services.db, playerCredentials(request));
  if (!request.user) throw new HttpError(401, validationText.notSignedIn);
}

/** The signed-in player of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, validationText.notSignedIn);
  return request.user;
}

/** The operator token: the admin cookie, or `Authorization: Bearer <token>` from the admin app. */
export function adminToken(request: FastifyRequest): string | undefined {
  return bearerToken(request.headers.authorization) || request.cookies[ADMIN_COOKIE];
}

/** onRequest hook for every /api/admin route but login: an operator session, whatever else is sent. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  request.admin = await findSessionAdmin(request.server.services.db, adminToken(request));
  if (!request.admin) throw new HttpError(401, 'Operator sign-in required');
}

/** The signed-in operator of a route guarded by requireAdmin (whose id their actions are audited under). */
export function sessionAdminId(request: FastifyRequest): string {
  if (!request.admin) throw new HttpError(401, 'Operator sign-in required');
  return request.admin.id;
}
