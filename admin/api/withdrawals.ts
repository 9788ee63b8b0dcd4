import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawalsAnswer, WithdrawalStatus } from '../../protocol/integrity.ts';
import { adminGet, queryString } from './adminHttp.ts';

export interface WithdrawalsParams {
  status: WithdrawalStatus;
  page: number;
}

/** GET /api/admin/withdrawals?status&page → {withdrawals, totalWithdrawals}, each with the player's risk summary. */
export const fetchWithdrawals = ({ status, page }: WithdrawalsParams) =>
  adminGet<AdminWithdrawalsAnswer>(`/withdrawals${queryString({ status, page })}`);

export const withdrawalsKey = ['admin', 'withdrawals'] as const;

export const withdrawalsQueryOptions = (params: WithdrawalsParams) =>
  queryOptions({ queryKey: [...withdrawalsKey, params] as const, queryFn: () => fetchWithdrawals(params), placeholderData: keepPreviousData });

export const useWithdrawals = (params: WithdrawalsParams) => useQuery(withdrawalsQueryOptions(params));
