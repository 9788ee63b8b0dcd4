import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScoreHistoryRecord } from '../../protocol/game.ts';
import { get } from './http.ts';

/** GET /api/score-history → {records} of the signed-in player, newest first. */
export const fetchScoreHistory = () => get<{ records: ScoreHistoryRecord[] }>('/score-history');

export const scoreHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['score-history'] as const, queryFn: fetchScoreHistory, staleTime: 30_000 });

export const useScoreHistory = () => useQuery(scoreHistoryQueryOptions());
