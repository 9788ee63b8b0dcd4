import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, deviceIdPattern, integrityText } from '../../protocol/integrity.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { HttpError } from '../http/errors.ts';

export type SessionSource = 'register' | 'login' | 'telegram' | 'socket';

/** How long session starts are kept: enough to link accounts over a season, no longer. */
export const SIGNAL_RETENTION_DAYS = 90;

export interface SessionStart {
  userId: string;
  source: SessionSource;
  ip: string;
  deviceId: string | null;
  telegramId: number | null;
}

/**
 * The app's device id from its header: absent is fine (an old app, the Telegram widget's redirect), a
 * malformed one is refused before anything changes.
 */
export function deviceIdOf(request: FastifyRequest): string | null {
  return parseDeviceId(request.headers[DEVICE_ID_HEADER]);
}

export function parseDeviceId(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !deviceIdPattern.test(value)) throw new HttpError(400, integrityText.badDeviceId);
  return value;
}

const trustFunctions = new Map<string, (address: string, hop: number) => boolean>();

/**
 * The client's address as Fastify's request.ip sees it, for a socket's handshake (a plain Node request):
 * X-Forwarded-For walked from the right past the trusted proxies (TRUST_PROXY), so an entry the client
 * wrote itself is never taken; without trusted proxies, the peer.
 */
export function socketIp(request: IncomingMessage, trustProxy: string | false): string {
  if (!trustProxy) return request.socket.remoteAddress ?? 'unknown';
  let trust = trustFunctions.get(trustProxy);
  if (!trust) {
    trust = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
    trustFunctions.set(trustProxy, trust);
  }
  return proxyAddr(request, trust) || 'unknown';
}

/**
 * The session starts this process wrote, per database: account, address and device → when (ms, read
 * before the insert, so never after the row's own time). Within the hour of one, a socket's start is
 * what the insert's NOT EXISTS would answer, known without asking: a newcomer's first socket follows their
 * sign-in's start, a statement each for nothing (11,000 of them on launch day, issue 38). Another node, or
 * this one after a restart, asks the database as before.
 */
const written = new WeakMap<object, Map<string, number>>();
/** The insert's hour, less a margin for the node's and PostgreSQL's clocks (now() is the database's). */
const KNOWN_WITHIN_MS = 55 * 60_000;
/** Past this many (~150 bytes each), the oldest are dropped: a forgotten start only costs its statement. */
const MAX_KNOWN_STARTS = 100_000;

const startKey = (start: SessionStart) => `${start.userId}\n${start.ip}\n${start.deviceId ?? ''}`;

function wroteRecently(db: Queryable, start: SessionStart, now: number): boolean {
  const at = written.get(db)?.get(startKey(start));
  return at !== undefined && at > now - KNOWN_WITHIN_MS;
}

function noteWritten(db: Queryable, start: SessionStart, at: number): void {
  let starts = written.get(db);
  if (!starts) written.set(db, (starts = new Map()));
  const key = startKey(start);
  // Re-set at the end, so the map stays oldest first and the expired ones are dropped from its front.
  starts.delete(key);
  starts.set(key, at);
  for (const [oldKey, oldAt] of starts) {
    if (oldAt > at - KNOWN_WITHIN_MS && starts.size <= MAX_KNOWN_STARTS) break;
    starts.delete(oldKey);
  }
}

/**
 * Records one session start; true when a row was written. A socket reconnects often, so it is recorded at
 * most once an hour for the same account, address and device; sign-ins always are. Two sockets that
 * authenticate at once both pass the NOT EXISTS before either has written: the unique index of migration
 * 0016 (one a clock hour) keeps the second one out. `db` is the database, never a transaction that could
 * still roll back what this remembers.
 */
export async function recordSessionStart(db: Queryable, start: SessionStart): Promise<boolean> {
  const now = Date.now();
  if (start.source === 'socket' && wroteRecently(db, start, now)) return false;
  const dedupe =
    start.source === 'socket'
      ? sql`AND NOT EXISTS (
          SELECT 1 FROM session_signals s
           WHERE s.user_id = ${start.userId}::uuid AND s.ip = ${start.ip}
             AND s.device_id IS NOT DISTINCT FROM ${start.deviceId}::text AND s.at > now() - interval '1 hour')`
      : sql``;
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`
    INSERT INTO session_signals (user_id, source, ip, device_id, telegram_id)
    SELECT ${start.userId}::uuid, ${start.source}, ${start.ip}, ${start.deviceId}::text, ${start.telegramId}::bigint
    WHERE true ${dedupe}
    ON CONFLICT DO NOTHING
    RETURNING id`,
  );
  if (inserted.length === 0) return false;
  noteWritten(db, start, now);
  return true;
}

/**
 * A session start recorded after the sign-in or connection it follows: by then the account or session
 * exists, so a failure here is logged, never the player's error.
 */
export function noteSessionStart(db: Queryable, log: { warn: (details: object, message: string) => void }, start: SessionStart): Promise<void> {
  return recordSessionStart(db, start).then(() => undefined, (error: unknown) => log.warn({ err: error, userId: start.userId, source: start.source }, 'session start not recorded'));
}

/** Drops session starts past retention, a batch at a time so no round holds a long lock. */
export async function purgeOldSignals(db: Queryable, batch = 5_000): Promise<number> {
  const deleted = await rowsOf<{ id: number }>(
    db,
    sql`DELETE FROM session_signals WHERE id IN (
          SELECT id FROM session_signals WHERE at < now() - make_interval(days => ${SIGNAL_RETENTION_DAYS}) LIMIT ${batch})
        RETURNING id`,
  );
  return deleted.length;
}
