import type { LoginBody } from '../../protocol/auth.ts';
import type { User } from '../../protocol/user.ts';
import { post } from './http.ts';

/** POST /api/login → {user} and the session cookie; 401 wrong password, 429 rate-limited. */
export const login = (body: LoginBody) => post<{ user: User }>('/login', body);
