import { proxy } from 'valtio';
import type { User } from '../../protocol/user.ts';
import { keepSessionToken } from '../api/sessionToken.ts';

/**
 * Who is signed in, as the app believes it:
 * - unknown: nothing asked yet (a protected route will check the cookie),
 * - checking: a session check or the Telegram auto-login is in flight,
 * - signedIn / signedOut: settled.
 */
export type SessionStatus = 'unknown' | 'checking' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

export const session = proxy<SessionState>({ status: 'unknown', user: null });

export function signIn(user: User): void {
  session.user = user;
  session.status = 'signedIn';
}

/** Signed out (logout, or a session check that failed): a Mini App's session token goes with it. */
export function signOut(): void {
  keepSessionToken(null);
  session.user = null;
  session.status = 'signedOut';
}

/** A fresher copy of the signed-in player (profile saved, session refreshed). */
export function updateUser(user: User): void {
  if (session.status !== 'signedIn') return;
  session.user = user;
}

/** `balanceUpdated` from the socket: the server's new balance, shown at once. */
export function setBalance(balance: number): void {
  if (session.user) session.user.balance = balance;
}

/** Forget everything (tests start each case from a fresh app). */
export function resetSession(): void {
  keepSessionToken(null);
  session.user = null;
  session.status = 'unknown';
}
