import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationText } from '../../protocol/errors.ts';
import { HttpError } from './errors.ts';

export type AuthAction = 'login' | 'register' | 'forgot-password' | 'telegram' | 'admin-login';

export type AuthLimiter = (request: FastifyRequest, action: AuthAction, username?: string) => Promise<void>;

/**
 * Brute-force brakes on the doors into accounts: each action is limited per client address and, where
 * the request names an account, per account too, so neither many addresses against one account nor one
 * address against many accounts gets far. Limits come from config so tests can tighten them.
 */
export function createAuthLimiter(app: FastifyInstance, limit: { max: number; windowMs: number }): AuthLimiter {
  const byAddress = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${(request as LimitedRequest).limitAction}:ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${(request as LimitedRequest).limitAction}:account:${(request as LimitedRequest).limitAccount}`,
  });
  return async (request, action, username) => {
    const limited = request as LimitedRequest;
    limited.limitAction = action;
    const address = await byAddress(request);
    if (!address.isAllowed && address.isExceeded) throw new HttpError(429, validationText.tooManyRequests);
    if (username) {
      limited.limitAccount = username.trim().toLowerCase();
      const account = await byAccount(request);
      if (!account.isAllowed && account.isExceeded) throw new HttpError(429, validationText.tooManyRequests);
    }
  };
}

type LimitedRequest = FastifyRequest & { limitAction?: AuthAction; limitAccount?: string };
