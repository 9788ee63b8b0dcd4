import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Statistics } from '../../protocol/user.ts';
import { get } from './http.ts';

/** GET /api/statistics → {wins, losses, totalGames} of the signed-in player. */
export const fetchStatistics = () => get<Statistics>('/statistics');

export const statisticsQueryOptions = () =>
  queryOptions({ queryKey: ['statistics'] as const, queryFn: fetchStatistics, staleTime: 30_000 });

export const useStatistics = () => useQuery(statisticsQueryOptions());
