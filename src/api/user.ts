import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../protocol/user.ts';
import { get } from './http.ts';

/** GET /api/user/{id} → what a signed-in player may see of another player (opponents, friends). */
export const fetchPublicUser = (id: string) => get<PublicUser>(`/user/${encodeURIComponent(id)}`);

export const publicUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['user', id] as const, queryFn: () => fetchPublicUser(id), staleTime: 60_000 });

export const usePublicUser = (id: string) => useQuery(publicUserQueryOptions(id));
