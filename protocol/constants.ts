/** Product constants of spec section 9 that more than one side needs. */

export const DEFAULT_SCORE = 900;
export const MIN_PASSWORD_LENGTH = 8;

export const gameModes = ['rps', 'blot', 'carrom', 'backgammon'] as const;
export type GameMode = (typeof gameModes)[number];

export const gameNames: Record<GameMode, string> = {
  rps: 'Rock Paper Scissors',
  blot: 'Belote',
  carrom: 'Carrom',
  backgammon: 'Backgammon',
};

/** Session check: a 401 is retried this many times, this far apart, before logging out (spec §4). */
export const SESSION_RETRY_ATTEMPTS = 3;
export const SESSION_RETRY_DELAY_MS = 1500;

/** Footer page transition (spec §2). */
export const PAGE_TRANSITION_MS = 200;

export const chatPresets = ['Hello!', 'Good luck!', 'Well played!', 'Thanks!', 'Oops!', 'Too easy!', 'Hurry up!'] as const;
