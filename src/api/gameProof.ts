import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameProof } from '../../protocol/fairness.ts';
import { ApiError, get, isUnauthorized } from './http.ts';

/**
 * GET /api/games/{gameId}/proof → a finished game's proof (issue 18), for its two players only.
 * 409 while the game runs, 404 for an unknown game or one played before proofs were kept.
 */
export const fetchGameProof = (gameId: string) => get<GameProof>(`/games/${encodeURIComponent(gameId)}/proof`);

export const gameProofQueryOptions = (gameId: string) =>
  queryOptions({
    queryKey: ['game-proof', gameId] as const,
    queryFn: () => fetchGameProof(gameId),
    // A finished game's proof never changes.
    staleTime: Infinity,
    // 404 and 409 are the server's answer, not a flaky network: asking again would only delay its words.
    retry: (failures, error) => failures < 1 && !isUnauthorized(error) && !(error instanceof ApiError && error.status < 500),
  });

export const useGameProof = (gameId: string) => useQuery(gameProofQueryOptions(gameId));
