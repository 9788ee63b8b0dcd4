import { post } from './http.ts';

/** POST /api/admin/logout: closes the operator session (admin cookie or Bearer token). */
export const adminLogout = (token: string | null) => post<{ ok: boolean }>('/admin/logout', {}, { bearer: token });
