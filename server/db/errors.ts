/** The constraint a unique violation (SQLSTATE 23505) hit, from pg, PGlite or Drizzle's wrapper. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? /"([^"]+)"/.exec(message ?? '')?.[1] ?? 'unknown';
  }
  return null;
}

/** Network errors of a connection to the database (refused, reset, unreachable, timed out). */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is going away or not yet there: 08 connection exception, 57P01–57P03 shutdown / starting up. */
const unavailableStates = /^(08...|57P0[123]|53300)$/;
/** node-postgres' own words for a connection that died under it, or that it could not open in time. */
const connectionLost = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/**
 * True when an error (from pg, or wrapped by Drizzle) means the database cannot be reached right now —
 * restarting, refusing connections, or a connection that died mid-query — rather than that the request
 * was wrong: the answer is 503, and the same request can succeed once the database is back. A
 * transaction cut off this way never committed (PostgreSQL rolls back a transaction whose client is
 * gone), except when the connection died during COMMIT itself, where the outcome is unknown.
 */
export function databaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code))) return true;
    if (typeof message === 'string' && connectionLost.test(message)) return true;
    pending.push(cause);
    // A connect to several addresses that all failed (AggregateError).
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
