import type { Services } from '../context.ts';
import { nodeLocal } from '../nodeLocal.ts';
import { openSession, type PlayerCredentials } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * Player sessions this node has already looked up: token hash → player id and the session's end.
 *
 * - A move or a client seed (issue 24) takes its player from here without any check: its own write
 *   checks the session in the same statement (store.ts, seedStatements.ts), so a session that has since
 *   ended writes nothing and gets the 401 the guard would have given. A session's owner never changes,
 *   so for them an entry is never wrong, only possibly ended.
 * - The other player routes that need only the player's id (issue 38: the session read was a fifth of
 *   the launch spike's statements) trust an entry without a read while the session is unexpired, it was
 *   read from the database within TRUST_MS, and no node has said it ended. Logout and a password reset
 *   say so at once (endSessions: here and, through Redis, on every other node); TRUST_MS bounds how long
 *   an ended session could still be served by a node that missed that word (Redis away).
 */

/** Past this many, the longest-unused are dropped (each ~200 bytes). */
const MAX_SESSIONS = 100_000;
/** How long after its last read from the database a session is trusted without one. */
export const TRUST_MS = 5 * 60_000;
/** Sessions said to have ended, kept so a read that raced the end never teaches them again. */
const MAX_ENDED = 100_000;

interface Known {
  userId: string;
  /** The session's own end (epoch ms). */
  expiresAt: number;
  /** When the database last said the session was open (epoch ms). */
  checkedAt: number;
}

class KnownSessions {
  private readonly owners = new Map<string, Known>();
  private readonly ended = new Set<string>();

  /** The session's owner, checked or not (for the statements that check it themselves). */
  playerOf(tokenHash: string): string | undefined {
    const known = this.owners.get(tokenHash);
    if (known === undefined) return undefined;
    // Used now: to the back of the line.
    this.owners.delete(tokenHash);
    this.owners.set(tokenHash, known);
    return known.userId;
  }

  /** The session's owner if the session may be trusted without a read now. */
  trustedPlayerOf(tokenHash: string, now = Date.now()): string | undefined {
    const known = this.owners.get(tokenHash);
    if (known === undefined || now >= known.expiresAt || now - known.checkedAt >= TRUST_MS) return undefined;
    return this.playerOf(tokenHash);
  }

  /** The database has just said the session is open until expiresAt (a read that began at checkedAt). */
  learn(tokenHash: string, userId: string, expiresAt: number, checkedAt: number): void {
    // An end that cannot be read is never trusted (nor a session said to have ended).
    if (this.ended.has(tokenHash) || !Number.isFinite(expiresAt)) return;
    this.owners.delete(tokenHash);
    this.owners.set(tokenHash, { userId, expiresAt, checkedAt });
    if (this.owners.size > MAX_SESSIONS) {
      const oldest = this.owners.keys().next();
      if (!oldest.done) this.owners.delete(oldest.value);
    }
  }

  /** These sessions have ended: never trusted or learned again (a token is never reissued). */
  forget(tokenHashes: readonly string[]): void {
    for (const hash of tokenHashes) {
      this.owners.delete(hash);
      this.ended.add(hash);
    }
    for (const hash of this.ended) {
      if (this.ended.size <= MAX_ENDED) break;
      this.ended.delete(hash);
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
 * The player of the one session these credentials carry, when this node may trust it without a read now
 * (the game routes' guard and the socket's handshake: both need only the player's id).
 */
export function trustedPlayer(services: Services, credentials: PlayerCredentials, now = Date.now()): string | undefined {
  const hash = soleSessionHash(credentials);
  return hash ? knownSessions(services).trustedPlayerOf(hash, now) : undefined;
}

/**
 * Credentials just found to be `userId`'s session, open until expiresAt, by a read that began at
 * checkedAt (an API request's guard, a socket's handshake): the player's next calls need no read of it.
 * The app opens its socket before Play, so a new game's first calls already find the session here.
 */
export function learnSession(services: Services, credentials: PlayerCredentials, userId: string, expiresAt: Date, checkedAt: number): void {
  const hash = soleSessionHash(credentials);
  if (hash) knownSessions(services).learn(hash, userId, expiresAt.getTime(), checkedAt);
}

/**
 * A player's new session (a sign-in): opened in the database and known here at once, with the row's own
 * end, so the app's first calls on this node (its socket's handshake, Play) need no read of it.
 */
export async function openPlayerSession(services: Services, userId: string): Promise<string> {
  const openedAt = Date.now();
  const { token, expiresAt } = await openSession(services.db, { userId }, services.config.sessionTtlMs);
  knownSessions(services).learn(hashToken(token), userId, expiresAt.getTime(), openedAt);
  return token;
}

/** The event a node sends the others (Socket.IO's server-side emit, through Redis) when sessions end. */
export const SESSIONS_ENDED = 'sessions-ended';

/**
 * Sessions just ended in the database (logout, a password reset), after the commit that ended them:
 * forgotten on this node and, with Redis, on every other node at once.
 */
export function endSessions(services: Services, tokenHashes: readonly string[]): void {
  if (tokenHashes.length === 0) return;
  knownSessions(services).forget(tokenHashes);
  if (!services.config.redisUrl) return;
  try {
    services.sockets.serverSideEmit(SESSIONS_ENDED, [...tokenHashes]);
  } catch (error) {
    // Redis is away: the other nodes stop trusting these sessions within TRUST_MS of their last read.
    services.log.warn({ err: error }, 'could not tell the other nodes that sessions ended');
  }
}
