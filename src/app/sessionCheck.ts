import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { SESSION_RETRY_ATTEMPTS, SESSION_RETRY_DELAY_MS } from '../../protocol/constants.ts';
import { sessionUserQueryOptions } from '../api/protected.ts';
import { session, signIn, signOut } from './session.ts';

export interface SessionRetry {
  /** Retries after the first failed check. */
  attempts: number;
  delayMs: number;
}

/**
 * Spec §4: a failed check (401 or no answer) is retried 3 times, 1.5 s apart, before the player is
 * signed out — a cookie that was set a moment ago (Telegram login, a slow proxy) gets its chance.
 * A context so tests can shorten the wait.
 */
export const SessionRetryContext = createContext<SessionRetry>({
  attempts: SESSION_RETRY_ATTEMPTS,
  delayMs: SESSION_RETRY_DELAY_MS,
});

let inFlight: Promise<void> | null = null;

/** The session check of protected routes: GET /api/protected with retries, then signed in or out. */
export function checkSession(queryClient: QueryClient, retry: SessionRetry): Promise<void> {
  if (inFlight) return inFlight;
  session.status = 'checking';
  inFlight = queryClient
    .fetchQuery({ ...sessionUserQueryOptions(), staleTime: 0, retry: retry.attempts, retryDelay: retry.delayMs })
    .then(({ user }) => signIn(user))
    .catch((error: unknown) => {
      console.warn('Session check failed; signing out (the token may have expired)', error);
      signOut();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The login page's quiet look: one try, no retries, never blocking the form. It only ever signs in,
 * so a signed-in player who opens /login goes on to /game.
 */
export function probeSession(queryClient: QueryClient): void {
  queryClient
    .fetchQuery({ ...sessionUserQueryOptions(), staleTime: 0, retry: false })
    .then(({ user }) => {
      if (session.status === 'unknown') signIn(user);
    })
    .catch(() => undefined);
}
