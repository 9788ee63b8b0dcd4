import { z } from 'zod';
import { chatPresets, gameModes, type GameMode } from './constants.ts';
import { usdtAmount } from './money.ts';

/**
 * The game loop on the wire, shared by all four games: matchmaking, the common Game entity (spec §3),
 * the events a game screen lives on, histories. Each game adds its own fields in its own file.
 */

/** Spec §9: bet levels and payouts (USDT) per mode. The house keeps 2 × bet − payout. */
export const betLevels: Record<GameMode, readonly { bet: number; payout: number }[]> = {
  blot: [
    { bet: 0, payout: 0 },
    { bet: 5, payout: 9 },
    { bet: 10, payout: 18 },
    { bet: 20, payout: 36 },
  ],
  rps: [
    { bet: 0, payout: 0 },
    { bet: 1, payout: 1.8 },
    { bet: 3, payout: 5 },
    { bet: 5, payout: 9 },
  ],
  carrom: [
    { bet: 0, payout: 0 },
    { bet: 1, payout: 1.8 },
    { bet: 3, payout: 5 },
    { bet: 5, payout: 9 },
  ],
  backgammon: [
    { bet: 0, payout: 0 },
    { bet: 1, payout: 1.8 },
    { bet: 3, payout: 5 },
    { bet: 5, payout: 9 },
  ],
};

/** Spec §5: these bets need a score of at least 1000. */
export const SCORE_GATE = 1000;
export const scoreGatedBets: Record<GameMode, readonly number[]> = { blot: [10, 20], rps: [3, 5], carrom: [], backgammon: [] };

export function payoutFor(mode: GameMode, bet: number): number | null {
  return betLevels[mode].find((level) => level.bet === bet)?.payout ?? null;
}

/** 'Free', '$1', … as the lobby and the admin dashboard label a level. */
export const betLabel = (bet: number): string => (bet === 0 ? 'Free' : `$${bet}`);

/** Routes of the game screens, keyed by mode (spec §2). */
export const gameRoutes: Record<GameMode, string> = { rps: '/rps', blot: '/blot', carrom: '/carrom', backgammon: '/backgammon' };

export const gameText = {
  selectGameAndBet: 'Please select a game and bet amount',
  insufficientBalance: 'Insufficient balance',
  requiresScore: 'Requires score over 1000',
  startFailed: 'Failed to start game',
  cancelFailed: 'Failed to cancel search',
  alreadySearching: 'You are already searching for a game',
  alreadyPlaying: 'You are already in a game',
  noSearch: 'You are not searching for a game',
  noRematch: 'There is no finished game to replay',
  unknownBet: 'Unknown bet amount for this game',
  notYourTurn: 'It is not your turn',
  gameNotFound: 'Game not found',
  gameOver: 'The game is over',
  notInGame: 'You are not a player of this game',
  staleVersion: 'The game has moved on; reload it',
  canceledTitle: 'Game Canceled',
  canceledBody: 'The game has been canceled due to server maintenance. Your bet has been refunded.',
  leaveWarning: 'if you leave you will lose the game',
  won: 'You won!',
  lost: 'You lose...',
  opponentLeft: 'Your opponent left the game. You won!',
  waitingForOpponent: 'Waiting for opponent...',
  loadingAssets: 'Loading game assets...',
} as const;

/** Spec §4 and §9 timings. */
export const SEARCH_POPUP_CLOSE_MS = 200;
export const ASSET_PRELOAD_CAP_MS = 3000;
export const REMATCH_WAIT_MS = 30_000;
export const CANCELED_POPUP_MS = 4000;
export const END_VIBRATION_MS = 400;

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

export const chatMessageEvents: Record<GameMode, 'rps-message' | 'belote-message' | 'carrom-message' | 'backgammon-message'> = {
  rps: 'rps-message',
  blot: 'belote-message',
  carrom: 'carrom-message',
  backgammon: 'backgammon-message',
};

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
