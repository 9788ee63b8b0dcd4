import { BEARER_TRANSPORT, SESSION_TRANSPORT_HEADER, type LoginBody } from '../../protocol/auth.ts';
import type { User } from '../../protocol/user.ts';
import { post } from './http.ts';

/**
 * POST /api/login → {user} and the session cookie; 401 wrong password, 429 rate-limited. With
 * `sessionInBody` (inside Telegram, where the frame keeps no cookie) → {user, sessionToken} instead.
 */
export const login = (body: LoginBody, sessionInBody = false) =>
  post<{ user: User; sessionToken?: string }>('/login', body, sessionInBody ? { headers: { [SESSION_TRANSPORT_HEADER]: BEARER_TRANSPORT } } : {});
