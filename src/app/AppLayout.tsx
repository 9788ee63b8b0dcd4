import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PAGE_TRANSITION_MS } from '../../protocol/constants.ts';
import { bindSettingsButton } from '../platform/telegram.ts';
import { Footer } from '../ui/Footer.tsx';
import { BackNavigation } from './BackNavigation.tsx';
import { GameStartOverlay } from './GameStartOverlay.tsx';
import { GAME_SCREEN_PATHS, isAuthPath } from './paths.ts';
import { rememberReferrer } from './referrer.ts';
import { session } from './session.ts';
import { useLiveSession } from './useLiveSession.ts';

/** The shell around every player page: back rules, the live session, the footer and its transition, game starts. */
export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSnapshot(session);
  const [leaving, setLeaving] = useState(false);
  const transition = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLiveSession();

  useEffect(() => rememberReferrer(location.search), [location.search]);

  useEffect(() => {
    setLeaving(false);
    return () => clearTimeout(transition.current);
  }, [location.pathname]);

  const onGameScreen = GAME_SCREEN_PATHS.has(location.pathname);
  // Telegram's Settings entry opens Profile, except on a game screen (the game has its own settings).
  useEffect(() => bindSettingsButton(!onGameScreen, () => void navigate('/profile')), [onGameScreen, navigate]);
  const showFooter = status === 'signedIn' && !isAuthPath(location.pathname) && !onGameScreen;

  const goTo = (to: string) => {
    if (to === location.pathname || (to === '/game' && location.pathname === '/')) return;
    setLeaving(true);
    clearTimeout(transition.current);
    transition.current = setTimeout(() => void navigate(to), PAGE_TRANSITION_MS);
  };

  const pageClass = ['page', showFooter ? '' : 'page--bare', leaving ? 'page--leaving' : ''].filter(Boolean).join(' ');
  return (
    <div className="app">
      <BackNavigation />
      <main className={pageClass}>
        <Outlet />
      </main>
      {showFooter && <Footer pathname={location.pathname} onNavigate={goTo} />}
      <GameStartOverlay />
    </div>
  );
}
