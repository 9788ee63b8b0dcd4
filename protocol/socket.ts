import type { ChatMessage, GameUpdate, OngoingGame, QueueEntry } from './game.ts';
import type { GameMode } from './constants.ts';
import type { Friend } from './growth.ts';
import type { ChallengeEndedEvent } from './challengeConstants.ts';

/**
 * The header of a move or a client seed that names the app's own socket (issue 38). The request's answer
 * is the player's update of the change, so that socket is not also sent it as a game-update; the
 * player's other sockets (another device, another tab) and the opponent's still are. Optional: a request
 * without it is answered and published as before; one with anything not shaped like a Socket.IO id is
 * refused (400) before it changes anything.
 */
export const ANSWERED_SOCKET_HEADER = 'x-socket-id';
/** A Socket.IO id as the server makes them (base64url, 20 characters), with room to spare. */
export const socketIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Socket.IO events, typed per direction. The server authenticates the handshake from the session
 * cookie; `authenticate` is honoured only for the session's own user.
 */
export interface ServerToClientEvents {
  authenticated: (payload: { userId: string }) => void;
  balanceUpdated: (balance: number) => void;
  /** A pairing: the new game as this player sees it. */
  gameStarted: (update: GameUpdate) => void;
  'game-update': (update: GameUpdate) => void;
  /** Both asked for a rematch: a new game follows with the usual gameStarted. */
  'game-replay': (payload: { gameId: string }) => void;
  /** The search ran out; the bet is back. */
  'search-timeout': (payload: { balance: number }) => void;
  /** The player's open challenge ended without a game (expired, or canceled by a freeze); the bet is back. */
  'challenge-ended': (payload: ChallengeEndedEvent) => void;
  /** A player of a running game (re)connected: to that player and their opponent. */
  playerReconnected: (payload: { userId: string; gameMode: GameMode }) => void;
  'rps-message': (message: ChatMessage) => void;
  'belote-message': (message: ChatMessage) => void;
  'carrom-message': (message: ChatMessage) => void;
  'backgammon-message': (message: ChatMessage) => void;
  /** A new account bound to this player's invite. */
  friendAdded: (friend: Friend) => void;
  /** Admin room only. */
  queueUpdate: (queues: QueueEntry[]) => void;
  ongoingGamesUpdate: (games: OngoingGame[]) => void;
}

type ChatSend = (message: { message: string; gameId: string; userID?: string }) => void;

export interface ClientToServerEvents {
  authenticate: (payload: { userId: string }, ack?: (answer: { ok: boolean; message?: string }) => void) => void;
  'rps-message': ChatSend;
  'belote-message': ChatSend;
  'carrom-message': ChatSend;
  'backgammon-message': ChatSend;
}
