import type { Services } from '../context.ts';
import { nodeLocal } from '../nodeLocal.ts';
import type { PlayerCredentials } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * Player sessions this node has already looked up: token hash → player id (issue 24: a cheaper move).
 * A move route (games/routes.ts) takes its player from here instead of reading the session first, and
 * the move's own write checks the session in the same statement (store.ts writeTransitions), so a
 * session that has since ended or expired writes nothing and the move gets the same 401 it would have
 * got from the guard. Nothing else trusts this map. A session's owner never changes, so an entry is
 * never wrong, only possibly ended.
 */

/** Past this many, the longest-unused are dropped (each ~150 bytes). */
const MAX_SESSIONS = 100_000;

class KnownSessions {
  private readonly owners = new Map<string, string>();

  playerOf(tokenHash: string): string | undefined {
    const userId = this.owners.get(tokenHash);
    if (userId !== undefined) {
      // Used now: to the back of the line.
      this.owners.delete(tokenHash);
      this.owners.set(tokenHash, userId);
    }
    return userId;
  }

  learn(tokenHash: string, userId: string): void {
    this.owners.delete(tokenHash);
    this.owners.set(tokenHash, userId);
    if (this.owners.size > MAX_SESSIONS) {
      const oldest = this.owners.keys().next();
      if (!oldest.done) this.owners.delete(oldest.value);
    }
  }
}

/** This node's known sessions. */
export const knownSessions = nodeLocal(() => new KnownSessions());

/** The hash of the one session token credentials carry, if exactly one (or the same one twice). */
export function soleSessionHash({ header, cookie }: PlayerCredentials): string | undefined {
  const token = header === undefined ? cookie : !cookie || cookie === header ? header : undefined;
  return token ? hashToken(token) : undefined;
}

/**
 * Credentials just found to be `userId`'s open session (an API request's guard, a socket's handshake):
 * the player's next move or seed needs no read of it. The app opens its socket before Play, so a new
 * game's first calls already find the session here.
 */
export function learnSession(services: Services, credentials: PlayerCredentials, userId: string): void {
  const hash = soleSessionHash(credentials);
  if (hash) knownSessions(services).learn(hash, userId);
}
