import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '../../protocol/socket.ts';
import { ADMIN_COOKIE, PLAYER_COOKIE, findSessionAdmin, findSessionUser } from '../auth/sessions.ts';
import type { Sockets } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { RedisLink } from '../redis.ts';
import { integrityText } from '../../protocol/integrity.ts';
import { noteSessionStart, parseDeviceId, socketIp } from '../integrity/signals.ts';

export interface SocketData {
  userId: string | null;
  adminId: string | null;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const ADMIN_ROOM = 'admin';

const authenticatePayload = z.object({ userId: z.string().max(64) });

/**
 * Socket.IO on the HTTP server's port. The handshake is authenticated from the same cookies as the API:
 * a player socket joins its user's room, an operator socket the admin room. A socket without a session
 * may stay connected but is in no room, so it receives nothing private.
 */
export function createSockets(app: FastifyInstance, database: Database, redis: RedisLink | null = null): Sockets {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same-origin app: no cross-origin socket access.
    cors: { origin: false },
  });

  // With Redis, an event emitted on one node reaches the sockets of every node (a player's room may sit
  // on another node than the one that handled their opponent's move).
  if (redis) io.adapter(createAdapter(redis.client, redis.subscriber, { key: 'duel-socket.io' }));

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
      const [user, admin] = await Promise.all([
        findSessionUser(database.db, cookies[PLAYER_COOKIE]),
        findSessionAdmin(database.db, cookies[ADMIN_COOKIE]),
      ]);
      socket.data.userId = user?.id ?? null;
      socket.data.adminId = admin?.id ?? null;
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
        const ip = socketIp(socket.request, app.services.config.trustProxy);
        void noteSessionStart(database.db, app.log, { userId, source: 'socket', ip, deviceId, telegramId: null });
      }
      if (typeof ack === 'function') ack(ok ? { ok } : { ok, message: 'Not your session' });
    });
  });

  return io;
}
