import { useSnapshot } from 'valtio';
import type { BackgammonGameView } from '../../../protocol/backgammon.ts';
import type { GameUpdate } from '../../../protocol/game.ts';
import { session } from '../../app/session.ts';
import { gameStateErrorText, useLiveGame } from '../../app/useLiveGame.ts';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { BackgammonTable } from './BackgammonTable.tsx';
import './backgammon.css';

/** /backgammon: Backgammon (spec §2 Backgammon screen). Lazy-loaded; lives on the live game store. */
export function BackgammonScreen() {
  const { update, clockOffset, failed } = useLiveGame('backgammon');
  const { user } = useSnapshot(session);

  if (failed) {
    return (
      <div className="game-state-error" role="alert">
        <p>{gameStateErrorText}</p>
      </div>
    );
  }
  // Until the load answers, or while the hook sends a game of another mode to its own screen.
  if (!update || !user || !isBackgammonUpdate(update)) return <LoadingOverlay text="Loading..." />;
  return <BackgammonTable key={update.game._id} update={update} clockOffset={clockOffset} me={user} />;
}

function isBackgammonUpdate(update: GameUpdate): update is GameUpdate<BackgammonGameView> {
  return update.game.gameMode === 'backgammon';
}
