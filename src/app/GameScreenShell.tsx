import { Placeholder } from '@telegram-apps/telegram-ui';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { GameMode } from '../../protocol/constants.ts';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameUpdate, GameViewBase } from '../../protocol/game.ts';
import type { User } from '../../protocol/user.ts';
import { offerClientSeed } from '../api/clientSeed.ts';
import { enterGameFullscreen } from '../platform/telegram.ts';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { receiveGameUpdate } from './liveGame.ts';
import { session } from './session.ts';
import { useLiveGame } from './useLiveGame.ts';

interface GameScreenShellProps<View extends GameViewBase> {
  mode: GameMode;
  /** The mode's table, given the live update (already of this mode), the clock offset and the player. */
  children: (update: GameUpdate<View>, clockOffset: number, me: User) => ReactNode;
}

/**
 * What every game screen does around its table: live on the game store (loads, resyncs, redirects),
 * show the spec's failure text, and wait until a game of this very mode is there, with its first draw
 * made: a game still waiting for the client seeds (issue 18) has none of its mode's fields to draw.
 */
export function GameScreenShell<View extends GameViewBase>({ mode, children }: GameScreenShellProps<View>) {
  const { t } = useTranslation();
  const { update, clockOffset, failed } = useLiveGame(mode);
  const { user } = useSnapshot(session);
  const game = update?.game;
  const seeding = game?.status === 'in-progress' && game.phase === SEEDING_PHASE;
  const seedingId = seeding ? game._id : null;
  const mySeedMissing = seeding && !!user && !game.clientSeeds?.[user._id];

  // On a phone inside Telegram the table takes the whole screen while the player is on it.
  useEffect(() => enterGameFullscreen(), []);

  // A reload during the seeding skipped the start overlay, which sends the seed; the same offer goes
  // from here (once per game on this page, so the overlay's own send is never repeated). Offered again
  // with each new view of the game: an offer that never reached the server is sent again then.
  useEffect(() => {
    if (seedingId && mySeedMissing) void offerClientSeed(seedingId, receiveGameUpdate);
  }, [seedingId, mySeedMissing, update]);

  if (failed) return <Placeholder className="game-state-error" role="alert" description={t('table.stateFailed')} />;
  // Until the load answers, or while the hook sends a game of another mode to its own screen.
  if (!update || !user || update.game.gameMode !== mode) return <LoadingOverlay text={t('common.loading')} />;
  // At most CLIENT_SEED_WAIT_MS: the next update brings the game with its first draw.
  if (seeding) return <LoadingOverlay text={t('table.loadingAssets')} />;
  return children(update as GameUpdate<View>, clockOffset, user as User);
}
