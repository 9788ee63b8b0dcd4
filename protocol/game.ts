import { z } from 'zod';
import { chatPresets, gameModes, type GameMode } from './constants.ts';
import { gameText } from './gameConstants.ts';
import { usdtAmount } from './usdtAmount.ts';

/**
 * The game loop on the wire, shared by all four games: matchmaking, the common Game entity (spec §3),
 * the events a game screen lives on, histories. Each game adds its own fields in its own file.
 */

export * from './gameConstants.ts';

export const gameMode = z.enum(gameModes, { error: 'Unknown game mode' });

export const startGameBody = z.object({
  betAmount: usdtAmount,
  gameMode,
  socketId: z.string().max(64).optional(),
  isRematch: z.boolean().optional(),
});
export type StartGameBody = z.input<typeof startGameBody>;
export interface StartGameAnswer {
  status: 'searching' | 'started';
  balance: number;
}
export interface CancelSearchAnswer {
  balance: number;
}

/** A move names the game, and may name the version it was made on: a stale one is a 409. */
/** A route's `:gameId` (the proof, the client seed). */
export const gameIdParams = z.object({ gameId: z.uuid({ error: gameText.gameNotFound }) });

export const gameRef = z.object({ gameId: z.uuid({ error: 'Unknown game' }), v: z.number().int().nonnegative().optional() });
export type GameRef = z.input<typeof gameRef>;

export type GameStatus = 'in-progress' | 'completed' | 'canceled';
export type EndReason = 'opponent-left' | 'timeout' | 'canceled' | null;

/** Spec §3 Opponent. */
export interface Opponent {
  _id: string;
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

/** Spec §3 Game (common), as one player sees it; each mode adds its fields. */
export interface GameViewBase {
  _id: string;
  gameMode: GameMode;
  status: GameStatus;
  phase: string;
  userIds: string[];
  usernames: Record<string, string>;
  betAmount: number;
  payout: number;
  winners: string[];
  losers: string[];
  endReason: EndReason;
  totalGamePoints: Record<string, number>;
  turn: string | null;
  playerColors: Record<string, string>;
  /** Balances after settlement, for the end popup; empty until then. */
  winnerBalances: Record<string, number>;
  loserBalances: Record<string, number>;
  /** Score (rating) changes of a finished game, per player. */
  scoreChanges: Record<string, number>;
  /** State version: every change adds one; a move made on an older one is refused. */
  v: number;
  /** When the current turn's timer started and when it runs out (ms since the epoch, server clock). */
  timerStartTime: number | null;
  deadlineAt: number | null;
  /** Fairness: SHA-256 of the seed, from the start; the seed itself once the game is over. */
  seedHash: string;
  seed: string | null;
  /** Each player's client seed for this game, by user id: '' until it arrives (or if it never did). */
  clientSeeds: Record<string, string>;
  createdAt: string;
}

/** `gameStarted`, `game-update`, `GET /api/current-game`. */
export interface GameUpdate<Game extends GameViewBase = GameViewBase> {
  game: Game;
  opponents: Opponent[];
  timeoutTriggered: boolean;
  timerStartTime: number | null;
  firstUpdate: boolean;
  TimerMove: number | null;
  /** The server's clock when sent, so a client can correct its countdown for skew. */
  serverTime: number;
}

export type CurrentGameAnswer = GameUpdate | { game: null; opponents: [] };


export const chatMessage = z.object({
  message: z.enum(chatPresets),
  gameId: z.uuid(),
  userID: z.string().max(64).optional(),
});
export interface ChatMessage {
  message: string;
  gameId: string;
  userID: string;
}

/** Spec §3 Played game record. */
export interface PlayedGameRecord {
  _id: string;
  gameId: string;
  gameName: string;
  gameMode: GameMode;
  bet: number;
  result: 'win' | 'lose';
  opponentUsername: string;
  userScore: number;
  opponentScore: number;
  date: string;
  endReason: EndReason;
}

/** Spec §3 Score history record. */
export interface ScoreHistoryRecord {
  result: 'win' | 'lose';
  date: string;
  score: number;
  change: number;
}

/** Admin: spec §3 queue entry and ongoing game. */
export interface QueueEntry {
  gameMode: GameMode;
  betAmount: number;
  count: number;
}
export interface OngoingGame {
  id: string;
  gameMode: GameMode;
  betAmount: number;
  /** Seconds since the game started. */
  duration: number;
}
