import type { UpdateLanguageBody, User } from '../../protocol/user.ts';
import { post } from './http.ts';

/** POST /api/update-language {language} → {user}: the account's language, on every device. */
export const updateLanguage = (body: UpdateLanguageBody) => post<{ user: User }>('/update-language', body);
