import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '../../protocol/socket.ts';
import { SESSIONS_ENDED, knownSessions, learnSession, trustedPlayer } from '../auth/knownSessions.ts';
import { ADMIN_COOKIE, PLAYER_COOKIE, bearerToken, findPlayerSession, findSessionAdmin, type PlayerCredentials } from '../auth/sessions.ts';
import type { NodeEvents, Sockets } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { RedisLink } from '../redis.ts';
import { socketParser } from './encoder.ts';
import { integrityText } from '../../protocol/integrity.ts';
import { mayDo } from '../../protocol/operators.ts';
import { noteSessionStart, parseDeviceId, socketIp } from '../integrity/signals.ts';

export interface SocketData {
  userId: string | null;
  adminId: string | null;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const ADMIN_ROOM = 'admin';

const authenticatePayload = z.object({ userId: z.string().max(64) });

/**
 * A socket's player credentials: the session token in the handshake's `auth.token` (the Mini App, which
 * has no cookies inside Telegram Web's frame) or an `Authorization: Bearer` header, and the cookie.
 * An `auth.token` that is not a string is a bad credential, as a malformed header is.
 */
function socketCredentials(handshake: { auth: unknown; headers: Record<string, string | string[] | undefined> }, cookies: Record<string, string | undefined>): PlayerCredentials {
  const auth = handshake.auth && typeof handshake.auth === 'object' ? (handshake.auth as Record<string, unknown>) : {};
  const authorization = handshake.headers.authorization;
  const header =
    'token' in auth
      ? typeof auth.token === 'string'
        ? auth.token
        : ''
      : bearerToken(typeof authorization === 'string' ? authorization : undefined);
  return { header, cookie: cookies[PLAYER_COOKIE] };
}

/**
 * Socket.IO on the HTTP server's port. The handshake is authenticated from the same credentials as the API:
 * a player socket joins its user's room, an operator socket the admin room. A socket without a session
 * may stay connected but is in no room, so it receives nothing private.
 */
export function createSockets(app: FastifyInstance, database: Database, redis: RedisLink | null = null): Sockets {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same-origin app: no cross-origin socket access.
    cors: { origin: false },
    // The stock wire format without its binary walk, and a move's update encoded once (encoder.ts).
    parser: socketParser,
  });

  // With Redis, an event emitted on one node reaches the sockets of every node (a player's room may sit
  // on another node than the one that handled their opponent's move).
  if (redis) io.adapter(createAdapter(redis.client, redis.subscriber, { key: 'duel-socket.io' }));
  // Another node's logout or password reset: those sessions are no longer trusted here either.
  if (redis) io.on(SESSIONS_ENDED, (tokenHashes) => knownSessions(app.services).forget(Array.isArray(tokenHashes) ? tokenHashes.filter((hash) => typeof hash === 'string') : []));

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
      const credentials = socketCredentials(socket.handshake, cookies);
      const checkedAt = Date.now();
      // A session this node trusts (knownSessions.ts: read or opened here within TRUST_MS, not ended) needs
      // no read: the socket needs only its player's id, as the game routes do (a newcomer's socket follows
      // their sign-in on the same node: 11,000 reads on launch day, issue 38).
      const trusted = trustedPlayer(app.services, credentials, checkedAt);
      const [session, admin] = await Promise.all([
        trusted === undefined ? findPlayerSession(database.db, credentials) : null,
        findSessionAdmin(database.db, cookies[ADMIN_COOKIE]),
      ]);
      const userId = trusted ?? session?.user.id ?? null;
      // A bad token is refused outright, as the API refuses it: never a quiet socket in no room.
      if (credentials.header !== undefined && userId === null) {
        next(new Error('Not signed in'));
        return;
      }
      if (session) learnSession(app.services, credentials, session.user.id, session.expiresAt, checkedAt);
      socket.data.userId = userId;
      // The admin room carries the dashboard's feeds: for operators whose role may read them.
      socket.data.adminId = admin && mayDo(admin.role, 'read') ? admin.id : null;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket handshake failed');
      next(new Error('Session check failed'));
    }
  });

  io.on('connection', (socket) => {
    const { userId, adminId } = socket.data;
    if (userId) void socket.join(userRoom(userId));
    if (adminId) void socket.join(ADMIN_ROOM);

    socket.on('authenticate', (payload, ack) => {
      const parsed = authenticatePayload.safeParse(payload);
      const ok = parsed.success && userId !== null && parsed.data.userId === userId;
      let deviceId: string | null = null;
      try {
        deviceId = parseDeviceId((socket.handshake.auth as Record<string, unknown> | undefined)?.deviceId);
      } catch {
        if (typeof ack === 'function') ack({ ok: false, message: integrityText.badDeviceId });
        return;
      }
      if (ok) {
        socket.emit('authenticated', { userId });
        // A socket's own emit bypasses the adapter, where every other event is counted (metrics.ts).
        app.services.metrics.socketEventSent('authenticated');
        const ip = socketIp(socket.request, app.services.config.trustProxy);
        void noteSessionStart(database.db, app.log, { userId, source: 'socket', ip, deviceId, telegramId: null });
      }
      if (typeof ack === 'function') ack(ok ? { ok } : { ok, message: 'Not your session' });
    });
  });

  return io;
}
