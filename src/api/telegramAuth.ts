import type { TelegramAuthBody } from '../../protocol/auth.ts';
import type { User } from '../../protocol/user.ts';
import { post } from './http.ts';

/** POST /api/auth/telegram {initData, referrerId?} → {user, sessionToken} (no cookie); 401 invalid, 503 not configured. */
export const telegramAuth = (body: TelegramAuthBody) => post<{ user: User; sessionToken: string }>('/auth/telegram', body);

/** Where the Login Widget sends the browser after the user confirms; the server signs in and redirects. */
export function telegramWidgetAuthUrl(origin: string, referrerId: string | null): string {
  const query = referrerId ? `?referrerId=${encodeURIComponent(referrerId)}` : '';
  return `${origin}/api/auth/telegram${query}`;
}
