import type { ForgotPasswordBody } from '../../protocol/auth.ts';
import { post } from './http.ts';

/** POST /api/forgot-password {email} → {message}; the same answer whether or not the address exists. */
export const requestPasswordReset = (body: ForgotPasswordBody) => post<{ message: string }>('/forgot-password', body);
