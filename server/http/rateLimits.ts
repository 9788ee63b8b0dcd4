import type { FastifyRequest } from 'fastify';
import { validationText } from '../../protocol/errors.ts';
import type { Config } from '../config.ts';
import type { AttemptCounts } from './attemptCounts.ts';
import { HttpError } from './errors.ts';

/** The doors a password (or an email) opens. */
export type PasswordDoor = 'login' | 'admin-login' | 'forgot-password';

/**
 * Limits on the doors into accounts that stop attackers, not crowds (issue 24). A channel post sends
 * thousands of players in minutes, many behind one carrier address (CGNAT), so no limit counts what
 * honest players do in volume from one address:
 *
 * - a sign-in with valid signed Telegram data is never refused for its address: the signature is the
 *   proof, and it is limited per Telegram account only (forged data costs one HMAC to refuse, and no
 *   count of it may lock out the honest players behind the same address);
 * - password login, the operators' login and forgot-password count failures (a wrong password, an
 *   unknown email), per account and per address; a success spends nothing. Past the limit the door
 *   answers 429 before it looks at the password, so guessing on one account stops after a few failures
 *   whatever the addresses, and one address cannot spray guesses over many accounts;
 * - forgot-password also counts every request per email (each one may send a mail);
 * - registrations per address have a generous hourly cap.
 *
 * The counts are shared by every node through Redis when REDIS_URL is set (./attemptCounts.ts). When
 * they cannot be read or written (Redis down), the doors stay open and the fault is logged: a brake
 * that fails must not turn every sign-in of the launch into a 500.
 */
export interface AuthLimits {
  /** Before a password is checked: 429 when the account or the address has failed too often. */
  beforePassword(request: FastifyRequest, door: PasswordDoor, account: string | undefined): Promise<void>;
  /** A wrong password, an unknown email: one failure for the account and one for the address. */
  failed(request: FastifyRequest, door: PasswordDoor, account: string | undefined): Promise<void>;
  /** A valid Telegram sign-in, counted (and limited) per Telegram account only. */
  telegramSignIn(telegramId: number): Promise<void>;
  /** A registration, counted (and capped per hour) per address. */
  registration(request: FastifyRequest): Promise<void>;
}

const HOUR_MS = 3_600_000;

/** The account a request names (a username or an email, case-folded), read before the body is validated. */
export function accountIn(request: FastifyRequest, field: 'username' | 'email'): string | undefined {
  const body = request.body;
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase() : undefined;
}

export function createAuthLimits(
  store: AttemptCounts,
  limits: Config['authLimits'],
  warn: (error: unknown) => void,
  /** Told each refusal's rule (`<door>:account`, `<door>:address`, `forgot-password:sent`): the metrics' count. */
  refused: (rule: string) => void = () => undefined,
): AuthLimits {
  const { windowMs } = limits;
  const tooMany = (rule: string) => {
    refused(rule);
    return new HttpError(429, validationText.tooManyRequests);
  };
  // A count that cannot be had reads as none (see above).
  const counts: AttemptCounts = {
    count: (key) => store.count(key).catch((error: unknown) => (warn(error), 0)),
    add: (key, window) => store.add(key, window).catch((error: unknown) => (warn(error), 0)),
  };
  const accountKey = (door: string, account: string) => `${door}:account:${account}`;
  const addressKey = (door: string, request: FastifyRequest) => `${door}:ip:${request.ip}`;
  const refuseAt = async (key: string, max: number, rule: string) => {
    if ((await counts.count(key)) >= max) throw tooMany(rule);
  };

  return {
    async beforePassword(request, door, account) {
      await refuseAt(addressKey(door, request), limits.failuresPerAddress, `${door}:address`);
      if (account) await refuseAt(accountKey(door, account), limits.failuresPerAccount, `${door}:account`);
      // Each request for a reset link may send a mail: a mailbox is not flooded, whoever asks.
      if (door === 'forgot-password' && account) {
        const requests = await counts.add(accountKey('forgot-password-sent', account), windowMs);
        if (requests > limits.failuresPerAccount) throw tooMany('forgot-password:sent');
      }
    },
    async failed(request, door, account) {
      await Promise.all([
        counts.add(addressKey(door, request), windowMs),
        account ? counts.add(accountKey(door, account), windowMs) : undefined,
      ]);
    },
    async telegramSignIn(telegramId) {
      if ((await counts.add(accountKey('telegram', String(telegramId)), windowMs)) > limits.telegramSignInsPerAccount) throw tooMany('telegram:account');
    },
    async registration(request) {
      if ((await counts.add(addressKey('register', request), HOUR_MS)) > limits.registrationsPerAddressPerHour) throw tooMany('register:address');
    },
  };
}
