import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ADMIN_COOKIE, PLAYER_COOKIE, findSessionAdmin, findSessionUser } from '../auth/sessions.ts';
import { validationText } from '../../protocol/errors.ts';
import { HttpError } from './errors.ts';

/** preHandler for player routes: the player session's user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await findSessionUser(request.server.services.db, request.cookies[PLAYER_COOKIE]);
  if (!request.user) throw new HttpError(401, validationText.notSignedIn);
}

/** The signed-in player of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, validationText.notSignedIn);
  return request.user;
}

/** The operator token: the admin cookie, or `Authorization: Bearer <token>` from the admin app. */
export function adminToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  return bearer || request.cookies[ADMIN_COOKIE];
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
