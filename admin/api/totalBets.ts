import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery } from '../dateRange.ts';
import { adminGet, queryString } from './adminHttp.ts';

/** GET /api/admin/total-bets?startDate&endDate → {totalBets}: both stakes of every game started in the range. */
export const fetchTotalBets = (range: DateRangeQuery) => adminGet<{ totalBets: number }>(`/total-bets${queryString({ ...range })}`);

export const totalBetsQueryOptions = (range: DateRangeQuery) =>
  queryOptions({ queryKey: ['admin', 'total-bets', range] as const, queryFn: () => fetchTotalBets(range) });

export const useTotalBets = (range: DateRangeQuery) => useQuery(totalBetsQueryOptions(range));
