import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isUnauthorized } from '../api/http.ts';
import { sessionUserKey, sessionUserQueryOptions } from '../api/protected.ts';
import { connectPlayerSocket } from '../api/socket.ts';
import { session, setBalance, updateUser } from './session.ts';

/**
 * While a player is signed in: keep their user fresh from GET /api/protected (refetched whenever the
 * query is invalidated) and hold the socket open, whose `balanceUpdated` moves the balance at once.
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
    return connectPlayerSocket(userId, {
      onBalance(balance) {
        setBalance(balance);
        void queryClient.invalidateQueries({ queryKey: sessionUserKey });
      },
    });
  }, [userId, queryClient]);
}
