import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskFlagKind, RiskFlagsAnswer, RiskFlagStatus } from '../../protocol/integrity.ts';
import { adminGet, queryString } from './adminHttp.ts';

export interface RiskFlagsParams {
  /** No kind: every kind. */
  kind?: RiskFlagKind;
  status: RiskFlagStatus;
  page: number;
}

/** GET /api/admin/risk/flags?kind&status&page → {flags, totalFlags}, ADMIN_PAGE_SIZE a page. */
export const fetchRiskFlags = ({ kind, status, page }: RiskFlagsParams) =>
  adminGet<RiskFlagsAnswer>(`/risk/flags${queryString({ kind, status, page })}`);

export const riskFlagsKey = ['admin', 'risk-flags'] as const;

export const riskFlagsQueryOptions = (params: RiskFlagsParams) =>
  queryOptions({ queryKey: [...riskFlagsKey, params] as const, queryFn: () => fetchRiskFlags(params), placeholderData: keepPreviousData });

export const useRiskFlags = (params: RiskFlagsParams) => useQuery(riskFlagsQueryOptions(params));
