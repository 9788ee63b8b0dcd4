import type { UpdateProfileBody, User } from '../../protocol/user.ts';
import { post } from './http.ts';

/** POST /api/update-profile {nickname, country|null} → {user}. */
export const updateProfile = (body: UpdateProfileBody) => post<{ user: User }>('/update-profile', body);
