import type { ResetPasswordBody } from '../../protocol/auth.ts';
import { post } from './http.ts';

/** POST /api/reset-password {token, password} → {message}; 400 {message} for a bad, used or expired token. */
export const resetPassword = (body: ResetPasswordBody) => post<{ message: string }>('/reset-password', body);
