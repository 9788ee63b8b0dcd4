import { CHALLENGE_CODE_PATTERN, challengeCodeOf } from '../../protocol/challengeConstants.ts';
import { telegramStartParam } from '../platform/telegram.ts';

/**
 * How a challenge's link brings its taker to it (issue 36): `?challenge=<code>` on any page outside
 * Telegram (kept in storage through the sign-in, as an invite is), or Telegram's `startapp=ch_<code>`.
 * The lobby asks once, after the sign-in, and opens the challenge's page.
 */
const STORAGE_KEY = 'pendingChallenge';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (Telegram Web's frame, private modes): the query or start parameter still works.
    return null;
  }
}

/** The challenge a page's query names, or null. */
export function challengeInQuery(search: string): string | null {
  const code = new URLSearchParams(search).get('challenge')?.trim() ?? '';
  return CHALLENGE_CODE_PATTERN.test(code) ? code : null;
}

/** Keeps a `?challenge=<code>` through the trip to the login or register page. */
export function rememberChallenge(search: string): void {
  const code = challengeInQuery(search);
  if (code) storage()?.setItem(STORAGE_KEY, code);
}

/** The challenge's page is open: the link has done its job (it must not reopen from the lobby later). */
export function forgetPendingChallenge(code: string): void {
  if (storage()?.getItem(STORAGE_KEY) === code) storage()?.removeItem(STORAGE_KEY);
}

let startParamTaken = false;

/**
 * The challenge this launch came for, once: one kept from a link, else Telegram's start parameter (read
 * once per launch, so coming back to the lobby later does not open it again).
 */
export function takePendingChallenge(): string | null {
  const kept = storage()?.getItem(STORAGE_KEY) ?? null;
  if (kept) {
    storage()?.removeItem(STORAGE_KEY);
    if (CHALLENGE_CODE_PATTERN.test(kept)) return kept;
  }
  if (startParamTaken) return null;
  startParamTaken = true;
  return challengeCodeOf(telegramStartParam());
}
