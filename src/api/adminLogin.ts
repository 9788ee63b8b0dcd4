import type { AdminLoginAnswer, AdminLoginBody } from '../../protocol/auth.ts';
import { post } from './http.ts';

/** POST /api/admin/login → {token} + the admin cookie; 401 on failure. */
export const adminLogin = (body: AdminLoginBody) => post<AdminLoginAnswer>('/admin/login', body);
