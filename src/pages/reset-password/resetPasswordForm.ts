import type { z } from 'zod';
import { newPassword, withPasswordConfirmation } from '../../../protocol/auth.ts';

/** Spec §5: the new password (protocol rules) and a confirmation that matches it. */
export const resetPasswordForm = withPasswordConfirmation({ password: newPassword });

export type ResetPasswordForm = z.input<typeof resetPasswordForm>;
