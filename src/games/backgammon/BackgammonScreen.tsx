import type { BackgammonGameView } from '../../../protocol/backgammon.ts';
import { GameScreenShell } from '../../app/GameScreenShell.tsx';
import { BackgammonTable } from './BackgammonTable.tsx';
import './backgammon.css';

/** /backgammon: Backgammon (spec §2 Backgammon screen). Lazy-loaded; lives on the live game store. */
export function BackgammonScreen() {
  return (
    <GameScreenShell<BackgammonGameView> mode="backgammon">
      {(update, clockOffset, me) => <BackgammonTable key={update.game._id} update={update} clockOffset={clockOffset} me={me} />}
    </GameScreenShell>
  );
}
