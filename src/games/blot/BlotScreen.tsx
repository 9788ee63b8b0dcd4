import type { BlotGameView } from '../../../protocol/blot.ts';
import { GameScreenShell } from '../../app/GameScreenShell.tsx';
import { BlotTable } from './BlotTable.tsx';
import './blot.css';
import './blotCards.css';

/** /blot: Belote, Armenian Blot for two (spec §2 Belote screen). Lazy-loaded; lives on the live game store. */
export function BlotScreen() {
  return (
    <GameScreenShell<BlotGameView> mode="blot">
      {(update, clockOffset, me) => <BlotTable key={update.game._id} update={update} clockOffset={clockOffset} me={me} />}
    </GameScreenShell>
  );
}
