import { post } from './http.ts';

/** POST /api/logout → {ok: true}; closes the session and clears its cookie. */
export const logout = () => post<{ ok: boolean }>('/logout');
