import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type CompletedGamesAnswer } from '../../protocol/admin.ts';
import type { DateRangeQuery } from '../dateRange.ts';
import { adminGet, queryString } from './adminHttp.ts';

export interface CompletedGamesParams extends DateRangeQuery {
  page: number;
  limit?: number;
  search?: string;
}

/** GET /api/admin/completed-games?startDate&endDate&page&limit&search → {games, totalGames}, newest first. */
export const fetchCompletedGames = ({ startDate, endDate, page, limit = ADMIN_PAGE_SIZE, search }: CompletedGamesParams) =>
  adminGet<CompletedGamesAnswer>(`/completed-games${queryString({ startDate, endDate, page, limit, search })}`);

export const completedGamesQueryOptions = (params: CompletedGamesParams) =>
  queryOptions({
    queryKey: ['admin', 'completed-games', params] as const,
    queryFn: () => fetchCompletedGames(params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCompletedGames = (params: CompletedGamesParams) => useQuery(completedGamesQueryOptions(params));
