import { z } from 'zod';
import { email, newPassword, username } from '../../../protocol/auth.ts';
import { validationText } from '../../../protocol/errors.ts';

/** Spec §5 register rules: the protocol's fields plus a matching confirmation. */
export const registerForm = z
  .object({ username, email, password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: validationText.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Say so even while other fields are still wrong, not only once they are fixed.
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });

export type RegisterForm = z.input<typeof registerForm>;
