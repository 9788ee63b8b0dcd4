import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { challengesKey } from '../api/challenges.ts';
import { friendsKey } from '../api/friends.ts';
import { isUnauthorized } from '../api/http.ts';
import { sessionUserKey, sessionUserQueryOptions } from '../api/protected.ts';
import { connectPlayerSocket } from '../api/socket.ts';
import { tasksKey } from '../api/tasks.ts';
import { gameStarted, rematchAccepted, resetLobby, searchTimedOut } from './lobby.ts';
import { liveGame, receiveChatMessage, receiveGameUpdate, reloadCurrentGame, resetLiveGame, socketConnected } from './liveGame.ts';
import { session, setBalance, updateUser } from './session.ts';

/**
 * While a player is signed in: keep their user fresh from GET /api/protected (refetched whenever the
 * query is invalidated) and hold the one player socket open. Its events feed the session (balance),
 * the lobby (search, start), the live game (updates, chat) and the friends and tasks queries.
 */
export function useLiveSession(): void {
  const snapshot = useSnapshot(session);
  const userId = snapshot.status === 'signedIn' ? (snapshot.user?._id ?? null) : null;
  const queryClient = useQueryClient();

  const sessionUser = useQuery({ ...sessionUserQueryOptions(), enabled: userId !== null, retry: false });

  useEffect(() => {
    if (sessionUser.data) updateUser(sessionUser.data.user);
  }, [sessionUser.data]);

  useEffect(() => {
    // The session ended behind our back (expired, reset password elsewhere): let the guard re-check,
    // with its retries, before anyone is sent to the login screen.
    if (userId !== null && isUnauthorized(sessionUser.error)) session.status = 'unknown';
  }, [sessionUser.error, userId]);

  useEffect(() => {
    if (userId === null) return;
    const disconnect = connectPlayerSocket(userId, {
      connect: socketConnected,
      balanceUpdated(balance) {
        if (typeof balance !== 'number' || !Number.isFinite(balance)) return;
        setBalance(balance);
        void queryClient.invalidateQueries({ queryKey: sessionUserKey });
      },
      gameStarted(update) {
        gameStarted(update);
        // A challenge of the player's that was accepted is no longer open.
        void queryClient.invalidateQueries({ queryKey: challengesKey });
      },
      'search-timeout': searchTimedOut,
      'challenge-ended'(ended) {
        // The player's open challenge expired (or a freeze ended it): the bet is back.
        if (typeof ended?.balance === 'number' && Number.isFinite(ended.balance)) setBalance(ended.balance);
        void queryClient.invalidateQueries({ queryKey: challengesKey });
      },
      'game-replay': rematchAccepted,
      'game-update': receiveGameUpdate,
      playerReconnected() {
        // Someone of the running game came back: what they did meanwhile may not have reached us.
        if (liveGame.current?.game.status === 'in-progress') void reloadCurrentGame();
      },
      friendAdded() {
        // Someone joined through the player's link: the friends list and the invite task's count move.
        void queryClient.invalidateQueries({ queryKey: friendsKey });
        void queryClient.invalidateQueries({ queryKey: tasksKey });
      },
      'rps-message': receiveChatMessage,
      'belote-message': receiveChatMessage,
      'carrom-message': receiveChatMessage,
      'backgammon-message': receiveChatMessage,
    });
    return () => {
      disconnect();
      // The next player signing in on this device must not inherit a search or a game.
      resetLobby();
      resetLiveGame();
    };
  }, [userId, queryClient]);
}
