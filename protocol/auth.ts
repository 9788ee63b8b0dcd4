import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { validationText as t } from './errors.ts';

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;

export const username = z
  .string({ error: t.usernameRequired })
  .trim()
  .min(1, t.usernameRequired)
  .regex(USERNAME_PATTERN, t.usernameShape);

export const email = z
  .string({ error: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(254, t.emailInvalid)
  .regex(EMAIL_PATTERN, t.emailInvalid);

export const newPassword = z
  .string({ error: t.passwordRequired })
  .min(1, t.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, t.passwordTooShort)
  .max(256, 'Password must be at most 256 characters');

/** An invite code or an inviter's user id; anything that names no user is ignored, never an error. */
const inviteReference = z.string().trim().max(64).optional().nullable();

export const registerBody = z.object({
  username,
  email,
  password: newPassword,
  invitedBy: inviteReference,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  username: z.string({ error: t.usernameRequired }).trim().min(1, t.usernameRequired).max(254),
  password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(256),
  referrerId: inviteReference,
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({
  email: z.string({ error: t.forgotEmailInvalid }).trim().regex(EMAIL_PATTERN, t.forgotEmailInvalid).max(254),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: z.string({ error: t.resetTokenInvalid }).min(1, t.resetTokenInvalid).max(200, t.resetTokenInvalid),
  password: newPassword,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/**
 * A client that cannot keep cookies (the Mini App inside Telegram Web's cross-site frame) asks with this
 * header for its session token in the login answer's body (`sessionToken`), and then sends it as
 * `Authorization: Bearer`. POST /api/auth/telegram always answers so: it is only ever called from Telegram.
 */
export const SESSION_TRANSPORT_HEADER = 'x-session-transport';
export const BEARER_TRANSPORT = 'bearer';

export const telegramAuthBody = z.object({
  initData: z.string({ error: t.telegramInvalid }).min(1, t.telegramInvalid).max(8192, t.telegramInvalid),
  referrerId: inviteReference,
});
export type TelegramAuthBody = z.input<typeof telegramAuthBody>;

export const adminLoginBody = z.object({
  username: z.string({ error: t.invalidCredentials }).trim().min(1, t.invalidCredentials).max(64),
  password: z.string({ error: t.invalidCredentials }).min(1, t.invalidCredentials).max(256),
  /** The second factor (issue 35): a 6-digit code from the authenticator app, or a recovery code. */
  code: z.string({ error: t.invalidCredentials }).trim().max(32).optional(),
});
export type AdminLoginBody = z.input<typeof adminLoginBody>;

export interface AdminLoginAnswer {
  token: string;
}

/** Spec §5: registration input is HTML-escaped before sending. Valid usernames and emails never change. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export { EMAIL_PATTERN };

/**
 * Spec §5: a form's `confirmPassword` must equal its `password`. Said even while other fields are
 * still wrong, not only once they are fixed.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape & { password: z.ZodType<string> }>(shape: Shape) {
  return z.object({ ...shape, confirmPassword: z.string() }).refine(
    (form) => (form as { password: string }).password === (form as { confirmPassword: string }).confirmPassword,
    {
      message: t.passwordsDoNotMatch,
      path: ['confirmPassword'],
      when: ({ value }) => {
        const form = value as { password?: unknown; confirmPassword?: unknown };
        return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
      },
    },
  );
}
