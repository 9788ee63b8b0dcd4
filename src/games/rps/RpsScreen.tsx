import type { RpsGameView } from '../../../protocol/rps.ts';
import { GameScreenShell } from '../../app/GameScreenShell.tsx';
import { RpsTable } from './RpsTable.tsx';
import './rps.css';

/** /rps: Rock Paper Scissors (spec §2 RPS screen). Lazy-loaded; lives on the live game store. */
export function RpsScreen() {
  return (
    <GameScreenShell<RpsGameView> mode="rps">
      {(update, clockOffset, me) => <RpsTable key={update.game._id} update={update} clockOffset={clockOffset} me={me} />}
    </GameScreenShell>
  );
}
