import { keepSessionToken } from '../api/sessionToken.ts';
import { telegramAuth } from '../api/telegramAuth.ts';
import { telegramInitData, telegramStartParam } from '../platform/telegram.ts';
import { savedReferrer } from './referrer.ts';
import { session, signIn } from './session.ts';

/**
 * Inside Telegram the player never sees the login form: at start-up the raw initData goes to
 * POST /api/auth/telegram, which validates it with the bot token and answers the session token, kept in
 * memory and sent with every call (no cookie: Telegram Web's frame would never send one).
 * If that fails (no bot token on the server: 503; stale data: 401) the app falls back to the session
 * check and, failing that, the login form.
 */
export async function loginWithTelegram(): Promise<void> {
  const initData = telegramInitData();
  if (!initData) return;
  session.status = 'checking';
  try {
    const referrerId = savedReferrer() ?? telegramStartParam();
    const { user, sessionToken } = await telegramAuth({ initData, ...(referrerId ? { referrerId } : {}) });
    keepSessionToken(sessionToken);
    signIn(user);
  } catch (error) {
    console.warn('Telegram login failed; falling back to the session check', error);
    if (session.status === 'checking') session.status = 'unknown';
  }
}
