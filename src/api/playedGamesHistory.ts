import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayedGameRecord } from '../../protocol/game.ts';
import { get } from './http.ts';

/** GET /api/played-games-history/{userId} → {games}; the server answers only for the session's own user. */
export const fetchPlayedGamesHistory = (userId: string) =>
  get<{ games: PlayedGameRecord[] }>(`/played-games-history/${encodeURIComponent(userId)}`);

export const playedGamesHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['played-games-history', userId] as const,
    queryFn: () => fetchPlayedGamesHistory(userId),
    staleTime: 30_000,
  });

export const usePlayedGamesHistory = (userId: string) => useQuery(playedGamesHistoryQueryOptions(userId));
