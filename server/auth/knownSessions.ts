import { nodeLocal } from '../nodeLocal.ts';

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
