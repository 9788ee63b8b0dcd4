import type { GameMode } from './constants.ts';

/**
 * The game loop's constants, apart from its schemas in ./game.ts (which re-exports them all): the
 * lobby's first load takes bets, routes, timings and texts from here, and a module that also held
 * schemas the game screens parse with would bring zod into that first load wherever it is bundled.
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
  comingSoon: 'This game is coming soon',
  notYourTurn: 'It is not your turn',
  gameNotFound: 'Game not found',
  gameOver: 'The game is over',
  notInGame: 'You are not a player of this game',
  staleVersion: 'The game has moved on; reload it',
  badSocketId: 'Invalid socket id',
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

export const chatMessageEvents: Record<GameMode, 'rps-message' | 'belote-message' | 'carrom-message' | 'backgammon-message'> = {
  rps: 'rps-message',
  blot: 'belote-message',
  carrom: 'carrom-message',
  backgammon: 'backgammon-message',
};
