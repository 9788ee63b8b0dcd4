import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorCode, type ErrorCode } from '../../protocol/errorCodes.ts';
import { validationText, type ErrorBody } from '../../protocol/errors.ts';
import { databaseUnavailable } from '../db/errors.ts';

/** The answer while the database cannot be reached (restarting, unreachable): 503, try again shortly. */
export const unavailableText = 'The service is temporarily unavailable. Please try again in a few seconds.';
/** Seconds a client should wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = 2;

/** An answer the client should see: `{message, code}` with this status (DESIGN.md §3, issue 23). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A code of its own where the text is another answer's too (protocol/errorCodes.ts OPERATOR_CODES). */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

export const NUL_TEXT = 'Text must not contain NUL characters';

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a string with one that reached a query would fail
 * there, as a 500. Walked without recursion (bodies can nest deep).
 */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) stack.push(key, item);
    }
  }
  return false;
}

/**
 * Parses a body, query or params with a protocol schema; the first issue's text becomes a 400, and so
 * does a NUL character anywhere in what the schema let through.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  }
  if (holdsNul(result.data)) throw new HttpError(400, NUL_TEXT);
  return result.data;
}

/** The body of every error answer: the spec's English text and its stable code (protocol/errorCodes.ts). */
export const errorBody = (status: number, message: string, code?: ErrorCode): ErrorBody => ({ message, code: code ?? errorCode(status, message) });

/**
 * Fastify answers a URL it cannot route (a broken %-escape, a parameter past its length) before any
 * hook or error handler runs: this gives that answer the same `{message, code}` body as every other.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(status, error.message));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.code));
    }
    // Fastify's own client errors: unparsable JSON, wrong content type, body too large.
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? validationText.badJson
          : error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    // The database is restarting or unreachable: a transaction it cut off rolled back (PostgreSQL does
    // that when its client goes), and the same request can succeed in a moment — say so, not a 500.
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(503, unavailableText));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error'));
  });
}
