import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Metrics, SignInKind, SignInResult } from './metrics.ts';

/** A refused sign-in's result, by the answer it gets. */
function resultOf(error: unknown): SignInResult {
  if (!(error instanceof HttpError)) return 'error';
  if (error.statusCode === 401 || error.statusCode === 403) return 'refused';
  if (error.statusCode === 429) return 'limited';
  if (error.statusCode === 400) return 'invalid';
  return 'error';
}

/**
 * A sign-in route's handler, counted by how it ended: every way out of a sign-in (a wrong password, a
 * limit, a forged signature, a bad body) is an answer or a thrown HttpError, so the route's outcome is
 * the sign-in's, without a count at each of its refusals.
 */
export function countSignIns<Request extends FastifyRequest, Reply extends FastifyReply, Answer>(
  metrics: Metrics,
  kind: SignInKind,
  handler: (request: Request, reply: Reply) => Promise<Answer>,
): (request: Request, reply: Reply) => Promise<Answer> {
  return async (request, reply) => {
    try {
      const answer = await handler(request, reply);
      metrics.signIn(kind, 'ok');
      return answer;
    } catch (error) {
      metrics.signIn(kind, resultOf(error));
      throw error;
    }
  };
}
