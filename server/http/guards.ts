import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ADMIN_COOKIE, PLAYER_COOKIE, bearerToken, findPlayerSession, findSessionAdmin, type PlayerCredentials } from '../auth/sessions.ts';
import { knownSessions, learnSession, soleSessionHash, trustedPlayer } from '../auth/knownSessions.ts';
import { validationText } from '../../protocol/errors.ts';
import { gameText } from '../../protocol/gameConstants.ts';
import { ANSWERED_SOCKET_HEADER, socketIdPattern } from '../../protocol/socket.ts';
import { OPERATOR_CODES } from '../../protocol/errorCodes.ts';
import { SECOND_FACTOR_NEEDED, SECOND_FACTOR_PERMISSIONS, mayDo } from '../../protocol/operators.ts';
import { z } from 'zod';
import { HttpError, parseInput } from './errors.ts';

/** The player session tokens a request carries: `Authorization: Bearer` (inside Telegram) and the cookie. */
export function playerCredentials(request: FastifyRequest): PlayerCredentials {
  return { header: bearerToken(request.headers.authorization), cookie: request.cookies[PLAYER_COOKIE] };
}

/** preHandler for player routes: the player session's user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const credentials = playerCredentials(request);
  const checkedAt = Date.now();
  const session = await findPlayerSession(request.server.services.db, credentials);
  if (!session) throw new HttpError(401, validationText.notSignedIn);
  request.user = session.user;
  // Its next move, and its next calls that need only its id, need no read of the session.
  learnSession(request.server.services, credentials, session.user.id, session.expiresAt, checkedAt);
}

/**
 * preHandler for the player routes that need only the player's id (issue 38): a session this node read
 * within knownSessions.ts TRUST_MS, unexpired and not said to have ended, is taken from memory; any other
 * request is guarded exactly as requireUser guards it. Such a route reads the player with sessionPlayerId.
 */
export async function requirePlayer(request: FastifyRequest): Promise<void> {
  const trusted = trustedPlayer(request.server.services, playerCredentials(request));
  if (trusted !== undefined) {
    request.playerId = trusted;
    return;
  }
  await requireUser(request);
  request.playerId = sessionUser(request).id;
}

/** The player's id on a route guarded by requirePlayer (or requireUser). */
export function sessionPlayerId(request: FastifyRequest): string {
  const id = request.playerId ?? request.user?.id;
  if (!id) throw new HttpError(401, validationText.notSignedIn);
  return id;
}

/** The signed-in player of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, validationText.notSignedIn);
  return request.user;
}

/**
 * Who makes a move. `unverified` when the player came from this node's known sessions without a read:
 * the move's write checks that session itself (store.ts), and `verify` is the full guard, run before
 * anything else is answered when that write did not happen.
 */
export interface Mover {
  userId: string;
  unverified?: { sessionHash: string; verify(): Promise<void> };
}

/**
 * preHandler for the move routes (issue 24: one round trip per move): the player of a session this
 * node has looked up before comes from memory, checked by the move's own write; any other request is
 * guarded exactly as requireUser guards it (a header and a different cookie always are).
 */
export async function requireMover(request: FastifyRequest): Promise<void> {
  const sessionHash = soleSessionHash(playerCredentials(request));
  const known = sessionHash ? knownSessions(request.server.services).playerOf(sessionHash) : undefined;
  if (sessionHash && known) {
    request.mover = { userId: known, unverified: { sessionHash, verify: () => requireUser(request) } };
    return;
  }
  await requireUser(request);
  request.mover = { userId: sessionUser(request).id };
}

/** The player of a move route guarded by requireMover. */
function sessionMover(request: FastifyRequest): Mover {
  if (!request.mover) throw new HttpError(401, validationText.notSignedIn);
  return request.mover;
}

/**
 * The input of a requireMover route, parsed; when it is refused and the guard did not read the session,
 * the session is checked first, so a request on an ended session is a 401 whatever it sends.
 */
export async function moverInput<S extends z.ZodType>(request: FastifyRequest, schema: S, input: unknown): Promise<z.output<S>> {
  try {
    return parseInput(schema, input);
  } catch (error) {
    await sessionMover(request).unverified?.verify();
    throw error;
  }
}

/** ANSWERED_SOCKET_HEADER: absent, or a socket id. */
const answeredSocketHeader = z.object({ socket: z.string({ error: gameText.badSocketId }).regex(socketIdPattern, { error: gameText.badSocketId }).optional() });

/**
 * The mover of a move or a client seed, and the socket of theirs that sent it when the request names it
 * (protocol/socket.ts ANSWERED_SOCKET_HEADER): that socket has the update as the answer, so publish does
 * not send it again. No header is no name (every socket of the player is sent the update, as always);
 * one that is not a socket id is refused before anything changes, as the body's input is (a 401 first on
 * an ended session).
 */
export async function answeringMover(request: FastifyRequest): Promise<Mover & { answeredSocket: string | undefined }> {
  const { socket } = await moverInput(request, answeredSocketHeader, { socket: request.headers[ANSWERED_SOCKET_HEADER] });
  return { ...sessionMover(request), answeredSocket: socket };
}

/** The operator token: the admin cookie, or `Authorization: Bearer <token>` from the admin app. */
export function adminToken(request: FastifyRequest): string | undefined {
  return bearerToken(request.headers.authorization) || request.cookies[ADMIN_COOKIE];
}

export const ROLE_REFUSED = 'Your role does not allow this';

/**
 * onRequest hook for every /api/admin route but login: an operator session, whatever else is sent, whose
 * role allows the route's permission (its `config.permission`; a route that names none is refused to all).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  request.admin = await findSessionAdmin(request.server.services.db, adminToken(request));
  if (!request.admin) throw new HttpError(401, 'Operator sign-in required');
  const { permission } = request.routeOptions.config;
  if (!permission || !mayDo(request.admin.role, permission)) throw new HttpError(403, ROLE_REFUSED);
  if (request.method !== 'GET' && SECOND_FACTOR_PERMISSIONS.includes(permission) && !request.admin.secondFactor) {
    throw new HttpError(403, SECOND_FACTOR_NEEDED, OPERATOR_CODES.secondFactorNeeded);
  }
}

/** The signed-in operator of a route guarded by requireAdmin (whose id their actions are audited under). */
export function sessionAdminId(request: FastifyRequest): string {
  if (!request.admin) throw new HttpError(401, 'Operator sign-in required');
  return request.admin.id;
}
