import type { GameMode } from './constants.ts';

/**
 * A challenge (issue 36): a player stakes a game and a bet from the lobby's levels, sends the link into a
 * chat, and whoever opens it and accepts plays them. The challenger's bet is in escrow while it is open;
 * it ends accepted (a game), canceled by the challenger, or expired (both with the bet back).
 *
 * Zod-free, as ./gameConstants.ts: the app's first load and its locale files read these; ./challenge.ts
 * holds the schemas.
 */

/** How a challenge's link carries it as Telegram's `startapp`: `ch_<code>`. */
export const CHALLENGE_START_PREFIX = 'ch_';
/** A challenge's code: what its link carries. */
export const CHALLENGE_CODE_PATTERN = /^[A-Za-z0-9]{10}$/;

/**
 * The challenge a start parameter (`ch_<code>`) names, or null: any other start parameter is an invite
 * code, which has the same length and letters, so the prefix is what tells them apart.
 */
export function challengeCodeOf(startParam: string | null | undefined): string | null {
  const value = startParam?.trim() ?? '';
  if (!value.startsWith(CHALLENGE_START_PREFIX)) return null;
  const code = value.slice(CHALLENGE_START_PREFIX.length);
  return CHALLENGE_CODE_PATTERN.test(code) ? code : null;
}

export const challengeText = {
  notFound: 'Challenge not found',
  ownChallenge: 'You cannot accept your own challenge',
  taken: 'This challenge has already been accepted',
  canceled: 'This challenge was canceled',
  expired: 'This challenge has expired',
  alreadyChallenging: 'You already have an open challenge',
  notChallenger: 'Only the challenger can cancel a challenge',
  forAnotherPlayer: 'This challenge was sent to another player',
  notFriend: 'You can only challenge your friends this way',
  linkedAccounts: 'Staked challenges between accounts on one device are not allowed',
  cardUnavailable: 'Challenge cards are not available on this server',
  telegramAccountNeeded: 'Sign in through Telegram to send a challenge card',
  telegramFailed: 'Telegram could not prepare the challenge card',
} as const;

export type ChallengeStatus = 'open' | 'accepted' | 'canceled' | 'expired';

/** 200 of POST /api/challenges. */
export interface CreateChallengeAnswer {
  code: string;
  /** The link to send: the Mini App's (startapp=ch_<code>) when the server has a bot, else `webLink`. */
  link: string;
  /** The link outside Telegram: /?challenge=<code> on this server. */
  webLink: string;
  expiresAt: string;
  /** The challenger's balance after the bet went to escrow. */
  balance: number;
  /** Only with a friendId: whether the bot's message reached them (they may never have opened the bot). */
  sentToFriend?: boolean;
}

/** Who challenges: what the one who opens the link sees. */
export interface Challenger {
  _id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

/** GET /api/challenges/{code}; GET /api/challenges (the player's own open one, or null). */
export interface ChallengeView {
  code: string;
  challenger: Challenger;
  gameMode: GameMode;
  betAmount: number;
  payout: number;
  status: ChallengeStatus;
  expiresAt: string;
  link: string;
  webLink: string;
  /** The game it started, once accepted (for its two players). */
  gameId: string | null;
  /** Sent to one friend: only they may accept it. */
  forFriend: boolean;
}

export interface OwnChallengeAnswer {
  challenge: ChallengeView | null;
}

/** 200 of accept: the game started (gameStarted is on both players' sockets). */
export interface AcceptChallengeAnswer {
  gameId: string;
  balance: number;
}

/** 200 of cancel: the bet is back. */
export interface CancelChallengeAnswer {
  balance: number;
}

/** `challenge-ended` on the challenger's socket when it expires: the bet is back. */
export interface ChallengeEndedEvent {
  code: string;
  status: 'expired' | 'canceled';
  balance: number;
}

/** 200 of POST /api/challenges/{code}/message: a prepared message for the Mini App's shareMessage. */
export interface ChallengeMessageAnswer {
  id: string;
  expirationDate: number;
}
