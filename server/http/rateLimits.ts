import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationText } from '../../protocol/errors.ts';
import { HttpError } from './errors.ts';

export type AuthAction = 'login' | 'register' | 'forgot-password' | 'telegram' | 'admin-login';

/**
 * Counts one attempt at `action`; throws 429 past the limit. Called before the body is validated, so
 * malformed attempts count too; the account is read from the raw body field `accountField`.
 */
export type AuthLimiter = (request: FastifyRequest, action: AuthAction, accountField?: 'username' | 'email') => Promise<void>;

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
  return async (request, action, accountField) => {
    const limited = request as LimitedRequest;
    const raw = accountField && request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>)[accountField] : undefined;
    const username = typeof raw === 'string' && raw.trim() ? raw : undefined;
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
