import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { GameMode } from '../../protocol/constants.ts';
import type { GameUpdate, GameViewBase } from '../../protocol/game.ts';
import type { User } from '../../protocol/user.ts';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { session } from './session.ts';
import { gameStateErrorText, useLiveGame } from './useLiveGame.ts';

interface GameScreenShellProps<View extends GameViewBase> {
  mode: GameMode;
  /** The mode's table, given the live update (already of this mode), the clock offset and the player. */
  children: (update: GameUpdate<View>, clockOffset: number, me: User) => ReactNode;
}

/**
 * What every game screen does around its table: live on the game store (loads, resyncs, redirects),
 * show the spec's failure text, and wait until a game of this very mode is there.
 */
export function GameScreenShell<View extends GameViewBase>({ mode, children }: GameScreenShellProps<View>) {
  const { update, clockOffset, failed } = useLiveGame(mode);
  const { user } = useSnapshot(session);

  if (failed) {
    return (
      <div className="game-state-error" role="alert">
        <p>{gameStateErrorText}</p>
      </div>
    );
  }
  // Until the load answers, or while the hook sends a game of another mode to its own screen.
  if (!update || !user || update.game.gameMode !== mode) return <LoadingOverlay text="Loading..." />;
  return children(update as GameUpdate<View>, clockOffset, user as User);
}
