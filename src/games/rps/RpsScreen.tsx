import { useSnapshot } from 'valtio';
import type { GameUpdate } from '../../../protocol/game.ts';
import type { RpsGameView } from '../../../protocol/rps.ts';
import { session } from '../../app/session.ts';
import { gameStateErrorText, useLiveGame } from '../../app/useLiveGame.ts';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { RpsTable } from './RpsTable.tsx';
import './rps.css';

/** /rps: Rock Paper Scissors (spec §2 RPS screen). Lazy-loaded; lives on the live game store. */
export function RpsScreen() {
  const { update, clockOffset, failed } = useLiveGame('rps');
  const { user } = useSnapshot(session);

  if (failed) {
    return (
      <div className="game-state-error" role="alert">
        <p>{gameStateErrorText}</p>
      </div>
    );
  }
  // Until the load answers, or while the hook sends a game of another mode to its own screen.
  if (!update || !user || !isRpsUpdate(update)) return <LoadingOverlay text="Loading..." />;
  return <RpsTable key={update.game._id} update={update} clockOffset={clockOffset} me={user} />;
}

function isRpsUpdate(update: GameUpdate): update is GameUpdate<RpsGameView> {
  return update.game.gameMode === 'rps';
}
