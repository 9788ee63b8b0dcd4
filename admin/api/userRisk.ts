import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRiskAnswer } from '../../protocol/integrity.ts';
import { adminGet } from './adminHttp.ts';

/** GET /api/admin/users/{id}/risk → the account, its IPs and devices, linked accounts, flags, head-to-head and recent games. */
export const fetchUserRisk = (userId: string) => adminGet<UserRiskAnswer>(`/users/${encodeURIComponent(userId)}/risk`);

export const userRiskKey = ['admin', 'user-risk'] as const;

export const userRiskQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...userRiskKey, userId] as const, queryFn: () => fetchUserRisk(userId) });

export const useUserRisk = (userId: string) => useQuery(userRiskQueryOptions(userId));
