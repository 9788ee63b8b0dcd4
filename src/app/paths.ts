/** Route groups the layout, the footer and back navigation decide by (spec §2). */
export const HOME_PATHS = new Set(['/', '/game']);

/** Back on these returns to /game, wherever the player came from. */
export const BACK_TO_GAME_PATHS = new Set(['/profile', '/friends', '/more']);

export const GAME_SCREEN_PATHS = new Set(['/rps', '/blot', '/carrom', '/backgammon']);

export function isAuthPath(pathname: string): boolean {
  return (
    pathname === '/login' ||
    pathname === '/register' ||
    pathname === '/forgot-password' ||
    pathname.startsWith('/reset-password/')
  );
}
