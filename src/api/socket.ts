import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../protocol/socket.ts';

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PlayerSocketHandlers {
  onBalance(balance: number): void;
}

/**
 * The player's live channel: same origin, /socket.io, authenticated by the session cookie during the
 * handshake. `authenticate` is sent on every (re)connect so the server re-joins the player's room
 * after a reconnect. Timings are spec §7: reconnect after 500–1000 ms, give up a try after 3 s.
 */
export function connectPlayerSocket(userId: string, handlers: PlayerSocketHandlers): () => void {
  const socket: PlayerSocket = io({
    path: '/socket.io',
    withCredentials: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 1000,
    timeout: 3000,
  });
  socket.on('connect', () => {
    socket.emit('authenticate', { userId });
  });
  socket.on('balanceUpdated', (balance) => {
    if (typeof balance === 'number' && Number.isFinite(balance)) handlers.onBalance(balance);
  });
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
