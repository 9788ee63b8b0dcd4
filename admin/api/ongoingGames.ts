import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OngoingGame } from '../../protocol/game.ts';
import { adminGet } from './adminHttp.ts';

/** GET /api/admin/ongoing-games → games in progress, `duration` in seconds as of the answer; ongoingGamesUpdate keeps it live. */
export const fetchOngoingGames = () => adminGet<OngoingGame[]>('/ongoing-games');

export const ongoingGamesKey = ['admin', 'ongoing-games'] as const;

export const ongoingGamesQueryOptions = () => queryOptions({ queryKey: ongoingGamesKey, queryFn: fetchOngoingGames });

export const useOngoingGames = () => useQuery(ongoingGamesQueryOptions());
