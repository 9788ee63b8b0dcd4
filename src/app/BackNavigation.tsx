import { useEffect } from 'react';
import { NavigationType, useBlocker, useLocation, useNavigate, type Location } from 'react-router-dom';
import { bindBackButton } from '../platform/telegram.ts';
import { BACK_TO_GAME_PATHS, HOME_PATHS } from './paths.ts';

interface HistoryState {
  idx?: number;
}

/** The router's position in the browser history; undefined under a memory router (tests). */
function historyIndex(): number | undefined {
  return (window.history.state as HistoryState | null)?.idx;
}

function blocksBack(current: Location, next: Location): boolean {
  if (HOME_PATHS.has(current.pathname)) return true;
  return BACK_TO_GAME_PATHS.has(current.pathname) && !HOME_PATHS.has(next.pathname);
}

/**
 * Spec §2 back rules, for the browser's Back and Telegram's back button alike:
 * - from /game, Back is refused (the player stays on /game);
 * - from profile, friends and more, Back goes to /game;
 * - elsewhere Back is ordinary.
 */
export function BackNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname } = location;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction === NavigationType.Pop && blocksBack(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    if (BACK_TO_GAME_PATHS.has(pathname)) void navigate('/game', { replace: true });
  }, [blocker, navigate, pathname]);

  // Opened straight on /game there is no entry behind it, and Back would leave the app before any
  // popstate could be refused: give it a copy of /game to step back onto.
  useEffect(() => {
    if (HOME_PATHS.has(pathname) && historyIndex() === 0) void navigate(location, { replace: false });
    // Only when arriving on the page, not on every location object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // Telegram's back button: hidden where Back means nothing (home, and the login screen that is the
  // signed-out home), wired to the same rules elsewhere.
  useEffect(() => {
    const visible = !HOME_PATHS.has(pathname) && pathname !== '/login';
    return bindBackButton(visible, () => {
      if (BACK_TO_GAME_PATHS.has(pathname) || !historyIndex()) void navigate('/game');
      else void navigate(-1);
    });
  }, [pathname, navigate]);

  return null;
}
