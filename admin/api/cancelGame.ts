import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OngoingGame } from '../../protocol/game.ts';
import { adminPost } from './adminHttp.ts';
import { ongoingGamesKey } from './ongoingGames.ts';

/** POST /api/admin/games/{id}/cancel → {gameId, status}: ends a running game, both bets refunded. */
export const cancelGame = (gameId: string) =>
  adminPost<{ gameId: string; status: string }>(`/games/${encodeURIComponent(gameId)}/cancel`);

export function useCancelGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGame,
    onSuccess: ({ gameId }) => {
      // The server also broadcasts ongoingGamesUpdate; the row goes at once either way.
      queryClient.setQueryData<OngoingGame[]>(ongoingGamesKey, (games) => games?.filter((game) => game.id !== gameId));
      void queryClient.invalidateQueries({ queryKey: ongoingGamesKey });
    },
  });
}
