import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../protocol/socket.ts';
import { ongoingGamesKey } from './api/ongoingGames.ts';
import { queuesKey } from './api/queues.ts';

type AdminSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The dashboard's live feed: the same Socket.IO endpoint as the players; the server puts a socket with
 * the admin cookie in the admin room, which receives queueUpdate and ongoingGamesUpdate. Each event
 * replaces the cached answer of GET /api/admin/queues or /ongoing-games (a game starting or ending also
 * refreshes the completed count and total bets); after a reconnect both lists are fetched again, since
 * events may have been missed while away.
 */
export function useAdminSocket(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket: AdminSocket = io({
      path: '/socket.io',
      withCredentials: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 1000,
      timeout: 3000,
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: queuesKey });
        void queryClient.invalidateQueries({ queryKey: ongoingGamesKey });
      }
      connectedBefore = true;
    });
    socket.on('queueUpdate', (queues) => queryClient.setQueryData(queuesKey, queues));
    socket.on('ongoingGamesUpdate', (games) => {
      queryClient.setQueryData(ongoingGamesKey, games);
      // A game began or ended: the range's completed count and total bets may have moved.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'completed-games'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'total-bets'] });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient]);
}
