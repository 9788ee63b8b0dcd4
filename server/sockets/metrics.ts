import { PacketType } from 'socket.io-parser';
import { chatMessageEvents } from '../../protocol/game.ts';
import type { Sockets } from '../context.ts';
import type { Metrics } from '../metrics/metrics.ts';

/**
 * Socket.IO events in and out, counted where every one passes, at a cached child's increment each:
 *
 * - Out: every emit to a room (all of this server's events but `authenticated`, counted where it is
 *   emitted in index.ts) goes through the namespace's adapter's `broadcast` once, however many sockets
 *   receive it. Wrapped on the instance, so with the Redis adapter only what this node emits counts: the
 *   adapter delivers other nodes' events through its parent's `broadcast`, not this one.
 * - In: a middleware on each socket. Clients may send any name, so a name nobody listens to is
 *   '(other)', never a label of its own.
 */

/** The events a client may send (protocol/socket.ts ClientToServerEvents). */
const INBOUND = new Set<string>(['authenticate', ...Object.values(chatMessageEvents)]);
const OTHER = '(other)';

export function countSocketEvents(io: Sockets, metrics: Metrics): void {
  const adapter = io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    if (packet.type === PacketType.EVENT && Array.isArray(packet.data)) metrics.socketEventSent(String(packet.data[0]));
    broadcast(packet, opts);
  };

  io.on('connection', (socket) => {
    socket.use(([event], next) => {
      metrics.socketEventReceived(typeof event === 'string' && INBOUND.has(event) ? event : OTHER);
      next();
    });
  });
}
