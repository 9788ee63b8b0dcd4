import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../protocol/user.ts';
import { get } from './http.ts';

/** GET /api/protected → {user} of the session cookie, or 401. The app's session check. */
export const fetchSessionUser = () => get<{ user: User }>('/protected');

export const sessionUserKey = ['session-user'] as const;

export const sessionUserQueryOptions = () =>
  queryOptions({ queryKey: sessionUserKey, queryFn: fetchSessionUser, staleTime: 30_000 });
