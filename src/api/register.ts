import type { RegisterBody } from '../../protocol/auth.ts';
import type { User } from '../../protocol/user.ts';
import { post } from './http.ts';

/** POST /api/register → 201 {user}; 400/409 {message}. It does not sign in: the player logs in next. */
export const registerPlayer = (body: RegisterBody) => post<{ user: User }>('/register', body);
