/**
 * The Mini App's session token (issue 22). Inside Telegram, Telegram Web shows the app in a cross-site
 * frame that never sends or keeps a cookie, so the sign-in answers the token in its body and every call
 * carries it as `Authorization: Bearer`, the socket in its handshake's `auth.token`. It lives in memory
 * only, for the page's life: a reload inside Telegram signs in again from the launch parameters, and no
 * script outside this page can read it from storage. Outside Telegram there is none: the HttpOnly cookie.
 */
let token: string | null = null;

export function sessionToken(): string | null {
  return token;
}

export function keepSessionToken(value: string | null): void {
  token = value;
}
