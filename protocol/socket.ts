import type { ChatMessage, GameUpdate, OngoingGame, QueueEntry } from './game.ts';
import type { GameMode } from './constants.ts';
import type { Friend } from './growth.ts';
import type { ChallengeEndedEvent } from './challengeConstants.ts';

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
