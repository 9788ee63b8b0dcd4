import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyAnswer, SweepPassAnswer, TreasuryAnswer } from '../../protocol/treasury.ts';
import type { DateRangeQuery } from '../dateRange.ts';
import { adminFile, adminGet, adminPost, queryString } from './adminHttp.ts';

/** GET /api/admin/treasury?startDate&endDate → owes, holds, coverage, warnings, fees, sweeps, flags, days. */
export const fetchTreasury = (range: DateRangeQuery) => adminGet<TreasuryAnswer>(`/treasury${queryString({ ...range })}`);

export const treasuryKey = ['admin', 'treasury'] as const;
/** The chain moves on its own (deposits, sweeps finishing): the page asks again while it is open. */
const TREASURY_REFRESH_MS = 15_000;

export const treasuryQueryOptions = (range: DateRangeQuery) =>
  queryOptions({ queryKey: [...treasuryKey, range] as const, queryFn: () => fetchTreasury(range), placeholderData: keepPreviousData, refetchInterval: TREASURY_REFRESH_MS });

export const useTreasury = (range: DateRangeQuery) => useQuery(treasuryQueryOptions(range));

/** POST /api/admin/treasury/sweep → the sweeps the pass opened or moved on; 409 on a node without deposit keys. */
export function useSweepNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminPost<SweepPassAnswer>('/treasury/sweep', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
}

/** GET /api/admin/treasury/export?startDate&endDate → the sweeps' and withdrawals' chain costs as .xlsx. */
export const fetchTreasuryExport = (range: DateRangeQuery) => adminFile(`/treasury/export${queryString({ ...range })}`);

/** GET /api/admin/daily?startDate&endDate → the dashboard's figures per day. */
export const useDailyFigures = (range: DateRangeQuery) =>
  useQuery({ queryKey: ['admin', 'daily', range] as const, queryFn: () => adminGet<DailyAnswer>(`/daily${queryString({ ...range })}`), placeholderData: keepPreviousData });
