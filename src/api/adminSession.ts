import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorSession } from '../../protocol/operators.ts';
import { get } from './http.ts';

/** GET /api/admin/session → {username, role, permissions} of the operator (admin cookie or Bearer token); 401 otherwise. */
export const fetchAdminSession = (token: string | null) => get<OperatorSession>('/admin/session', { bearer: token });

export const adminSessionQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['admin-session', token] as const, queryFn: () => fetchAdminSession(token), retry: false });

export const useAdminSession = (token: string | null) => useQuery(adminSessionQueryOptions(token));
