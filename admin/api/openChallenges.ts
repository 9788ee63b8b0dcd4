import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenChallengeEntry } from '../../protocol/admin.ts';
import { adminGet } from './adminHttp.ts';

/** How often the dashboard asks again: a challenge sends no event, and lives a quarter of an hour. */
const OPEN_CHALLENGES_REFRESH_MS = 10_000;

/** GET /api/admin/challenges → the challenges open now (issue 36), newest first. */
export const fetchOpenChallenges = () => adminGet<{ challenges: OpenChallengeEntry[] }>('/challenges');

export const openChallengesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'challenges'] as const, queryFn: fetchOpenChallenges, refetchInterval: OPEN_CHALLENGES_REFRESH_MS });

export const useOpenChallenges = () => useQuery(openChallengesQueryOptions());
