import { z } from 'zod';
import type { GameMode } from './constants.ts';

/** The operator back office on the wire (spec §2, §3, §5, §7, §9 Admin). */

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;
/** Spec §9: the dashboard sends its date range shifted by this much. */
export const ADMIN_DATE_OFFSET_MS = 14_400_000;

const instant = z.iso.datetime({ offset: true, error: 'Dates must be ISO instants' });
/** A list's page number in a query (1 when absent), for every paged operator list. */
export const adminPage = z.coerce.number({ error: 'page must be a number' }).int().min(1).default(1);
const limit = z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE);
const search = z.string().trim().max(100).optional();

export const dateRangeQuery = z.object({ startDate: instant.optional(), endDate: instant.optional() });

export const completedGamesQuery = dateRangeQuery.extend({ page: adminPage, limit, search });
export type CompletedGamesQuery = z.input<typeof completedGamesQuery>;

export const usersQuery = z.object({
  page: adminPage,
  limit,
  search,
  minBalance: z.coerce.number({ error: 'Min balance must be a number' }).finite().min(0).optional(),
});
export type UsersQuery = z.input<typeof usersQuery>;

/** Spec §3 Completed game (admin). */
export interface CompletedGameRow {
  gameId: string;
  gameMode: GameMode;
  betAmount: number;
  createdAt: string;
  /** Seconds from start to end. */
  duration: number;
  status: 'completed' | 'canceled';
  endReason: string | null;
  results: { playerId: string; nickname: string; score: number; isWinner: boolean }[];
  /** Started by a challenge sent into a chat (issue 36), not by the queue. */
  challenge: boolean;
}

/** A challenge open now, on the dashboard (issue 36). */
export interface OpenChallengeEntry {
  code: string;
  /** The challenger's nickname. */
  challenger: string;
  gameMode: GameMode;
  betAmount: number;
  createdAt: string;
  expiresAt: string;
  /** Sent to one friend through the bot, not into a chat. */
  forFriend: boolean;
}

export interface CompletedGamesAnswer {
  games: CompletedGameRow[];
  totalGames: number;
}

/** Spec §3 Admin user row. Chain balances are cached; null until first read from the chain. */
export interface AdminUserRow {
  _id: string;
  nickname: string;
  username: string;
  balance: number;
  blockchainBalance: number | null;
  blockchainBalanceTRX: number | null;
  createdAt: string;
  invitedBy: string | null;
  isAffiliate: boolean;
  affiliatePercentage: number;
}

export interface UsersAnswer {
  users: AdminUserRow[];
  totalUsers: number;
}
