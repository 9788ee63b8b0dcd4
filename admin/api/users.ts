import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type UsersAnswer } from '../../protocol/admin.ts';
import { adminGet, queryString } from './adminHttp.ts';

export interface UsersParams {
  page: number;
  limit?: number;
  search?: string;
  minBalance?: number;
}

/** GET /api/admin/users?page&limit&search&minBalance → {users, totalUsers}, newest first. */
export const fetchUsers = ({ page, limit = ADMIN_PAGE_SIZE, search, minBalance }: UsersParams) =>
  adminGet<UsersAnswer>(`/users${queryString({ page, limit, search, minBalance })}`);

export const usersKey = ['admin', 'users'] as const;

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({ queryKey: [...usersKey, params] as const, queryFn: () => fetchUsers(params), placeholderData: keepPreviousData });

export const useUsers = (params: UsersParams) => useQuery(usersQueryOptions(params));
