import { io, type Socket } from 'socket.io-client';
import { chatMessageEvents } from '../../protocol/gameConstants.ts';
import type { ChatMessage } from '../../protocol/game.ts';
import type { GameMode } from '../../protocol/constants.ts';
import { ANSWERED_SOCKET_HEADER, type ClientToServerEvents, type ServerToClientEvents } from '../../protocol/socket.ts';
import { deviceId } from '../platform/deviceId.ts';
import { sessionToken } from './sessionToken.ts';

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * What the app does with each server event, keyed by event name (lila's socket handler map): the stores
 * of the session, the lobby and the live game each contribute their entries. `connect` runs after the
 * socket has re-authenticated, on the first connection and on every reconnection.
 */
export type PlayerSocketHandlers = { [Event in keyof ServerToClientEvents]?: ServerToClientEvents[Event] } & {
  connect?: () => void;
};

/** The one open player socket: start-game names it, game screens send chat through it. */
let current: PlayerSocket | null = null;

/**
 * The player's live channel: same origin, /socket.io, authenticated during the handshake by the session
 * cookie or, inside Telegram, the session token (`auth.token`), beside the device id (`auth.deviceId`, as
 * the HTTP calls send x-device-id). `auth` is read at every (re)connection, so it carries the token of now.
 * `authenticate` is sent on every (re)connect so the server re-joins the player's room after a
 * reconnect. Timings are spec §7: reconnect after 500–1000 ms, give up a try after 3 s.
 */
export function connectPlayerSocket(userId: string, handlers: PlayerSocketHandlers): () => void {
  const socket: PlayerSocket = io({
    path: '/socket.io',
    withCredentials: true,
    auth: (send) => {
      const token = sessionToken();
      send(token ? { deviceId: deviceId(), token } : { deviceId: deviceId() });
    },
    reconnectionDelay: 500,
    reconnectionDelayMax: 1000,
    timeout: 3000,
  });
  current = socket;
  const { connect, ...events } = handlers;
  socket.on('connect', () => {
    socket.emit('authenticate', { userId });
    connect?.();
  });
  for (const [event, handler] of Object.entries(events)) {
    // The map is typed per event above; socket.io's overloads cannot follow a loop over its keys.
    if (handler) socket.on(event as 'balanceUpdated', handler as (balance: number) => void);
  }
  return () => {
    if (current === socket) current = null;
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/** The id start-game sends, so the server can tell this connection apart from the player's other tabs. */
export function playerSocketId(): string | undefined {
  return current?.id ?? undefined;
}

/**
 * The headers of a move or a client seed: this connection's id, so the update the request is answered
 * with is not also sent to this socket (protocol/socket.ts ANSWERED_SOCKET_HEADER). None while the socket
 * is not connected: the server then sends the update to every socket of the player, as before.
 */
export function answeredHere(): { headers: Record<string, string> } {
  const id = playerSocketId();
  return { headers: id ? { [ANSWERED_SOCKET_HEADER]: id } : {} };
}

/** A preset chat line to the opponent: '<mode>-message' {message, gameId, userID}. */
export function sendChatMessage(gameMode: GameMode, message: ChatMessage): void {
  current?.emit(chatMessageEvents[gameMode], message);
}
