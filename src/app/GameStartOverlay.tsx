import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import { ASSET_PRELOAD_CAP_MS, gameRoutes } from '../../protocol/gameConstants.ts';
import { offerClientSeed } from '../api/clientSeed.ts';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { gameScreenLoaders } from './gameScreens.ts';
import { receiveGameUpdate } from './liveGame.ts';
import { gameShown, lobby } from './lobby.ts';
import { GAME_SCREEN_PATHS } from './paths.ts';

/**
 * Spec §4: a gameStarted shows 'Loading game assets...' while the game's screen loads, at most 3 s
 * (a slow network must not keep the opponent waiting), then goes to the game's route. Lives in the
 * layout, because a rematch starts on a game screen, not in the lobby. Meanwhile this device's client
 * seed goes to a game still waiting for the seeds (issue 18), alongside the preload rather than after
 * it: the server waits for the seeds only as long as the cap.
 */
export function GameStartOverlay() {
  const { t } = useTranslation();
  const { starting } = useSnapshot(lobby);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const gameId = starting?.game._id ?? null;
  const mode = starting?.game.gameMode ?? null;
  // A rematch replaces the finished game's entry instead of stacking a second one behind it; an accepted
  // challenge's page, whose work is done, likewise.
  const replace = GAME_SCREEN_PATHS.has(pathname) || pathname.startsWith('/challenge/');

  useEffect(() => {
    if (!gameId || !mode) return;
    // Read here rather than as a dependency: a started game's phase is only ever checked once.
    if (lobby.starting?.game.phase === SEEDING_PHASE) void offerClientSeed(gameId, receiveGameUpdate);
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      gameShown();
      void navigate(gameRoutes[mode], { replace });
    };
    const cap = setTimeout(go, ASSET_PRELOAD_CAP_MS);
    gameScreenLoaders[mode]().then(go, (error: unknown) => {
      console.error('Failed to preload the game screen', error);
      go();
    });
    return () => {
      done = true;
      clearTimeout(cap);
    };
    // Once per started game; `replace` is read as it was when the game started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameId, mode, navigate]);

  if (!starting) return null;
  return <LoadingOverlay text={t('table.loadingAssets')} />;
}
