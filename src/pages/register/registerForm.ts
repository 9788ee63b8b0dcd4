import type { z } from 'zod';
import { email, newPassword, username, withPasswordConfirmation } from '../../../protocol/auth.ts';

/** Spec §5 register rules: the protocol's fields plus a matching confirmation. */
export const registerForm = withPasswordConfirmation({ username, email, password: newPassword });

export type RegisterForm = z.input<typeof registerForm>;
