import { z } from 'zod';
import { newPassword } from '../../../protocol/auth.ts';
import { validationText } from '../../../protocol/errors.ts';

/** Spec §5: the new password (protocol rules) and a confirmation that matches it. */
export const resetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: validationText.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });

export type ResetPasswordForm = z.input<typeof resetPasswordForm>;
