import type { CarromGameView } from '../../../protocol/carrom.ts';
import { GameScreenShell } from '../../app/GameScreenShell.tsx';
import { CarromTable } from './CarromTable.tsx';
import './carrom.css';

/** /carrom: Carrom on a canvas (spec §2 Carrom screen). Lazy-loaded; lives on the live game store. */
export function CarromScreen() {
  return (
    <GameScreenShell<CarromGameView> mode="carrom">
      {(update, clockOffset, me) => <CarromTable key={update.game._id} update={update} clockOffset={clockOffset} me={me} />}
    </GameScreenShell>
  );
}
