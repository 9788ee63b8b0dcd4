import type { QueryClient } from '@tanstack/react-query';
import { sessionUserKey } from '../../api/protected.ts';
import { session, updateUser } from '../../app/session.ts';

/**
 * The server took the new address (or its removal): the page moves on at once, and the session user
 * is fetched again so every other copy of it agrees with the server.
 */
export function rememberSavedAddress(queryClient: QueryClient, savedAddress: string | null): void {
  if (session.user) updateUser({ ...session.user, savedAddress });
  void queryClient.invalidateQueries({ queryKey: sessionUserKey });
}
