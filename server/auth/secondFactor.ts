import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/client.ts';
import { adminRecoveryCodes, admins } from '../db/schema.ts';

/**
 * Operators' second factor (issue 35): TOTP as RFC 6238 and every authenticator app have it (6 digits,
 * 30 s steps, HMAC-SHA-1), a code of the step before or after accepted for clocks a little apart; and
 * ten single-use recovery codes. A code is accepted once: the step it was for is kept, and no code of
 * that step or an earlier one is accepted again.
 */
export const TOTP_ISSUER = 'Duel Stakes';
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, label = 'operator') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, username: string): string => totpOf(secret, username).toString();

/**
 * The time step `code` is valid for (now, the step before or after), or null. RFC 6238's counter:
 * floor(unix seconds / 30).
 */
export function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD) + delta;
}

/** Recovery codes as shown once: 10 base32 characters in two groups (about 50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const text = new Secret({ buffer: randomBytes(8).buffer }).base32.slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

const normalRecovery = (code: string) => code.trim().toUpperCase().replace(/[^A-Z2-7]/g, '');
export const recoveryHash = (code: string): string => createHash('sha256').update(normalRecovery(code)).digest('hex');

/**
 * Spends a second factor at sign-in: a TOTP code of a step after the last one accepted (the update wins
 * only where the stored step is older, so two sign-ins with one code cannot both pass), or an unused
 * recovery code. False: wrong, too old, or already used.
 */
export async function spendSecondFactor(db: Queryable, operator: { id: string; totpSecret: string | null }, code: string, nowMs = Date.now()): Promise<boolean> {
  const typed = code.trim();
  if (operator.totpSecret) {
    const step = totpStepOf(operator.totpSecret, typed, nowMs);
    if (step !== null) {
      const [taken] = await db
        .update(admins)
        .set({ totpLastStep: step })
        .where(and(eq(admins.id, operator.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
        .returning({ id: admins.id });
      return taken !== undefined;
    }
  }
  if (normalRecovery(typed).length !== 10) return false;
  const [used] = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminRecoveryCodes.adminId, operator.id), eq(adminRecoveryCodes.codeHash, recoveryHash(typed)), isNull(adminRecoveryCodes.usedAt)))
    .returning({ adminId: adminRecoveryCodes.adminId });
  return used !== undefined;
}
