import { useTranslation } from 'react-i18next';
import { BACKGAMMON_AUTO_TURNS_TO_FORFEIT, BACKGAMMON_CHECKERS, BACKGAMMON_TURN_MS, type BackgammonColor } from '../../../protocol/backgammon.ts';
import { TablePlayer, type TablePlayerInfo } from '../../ui/TablePlayer.tsx';

export type BackgammonPlayerInfo = TablePlayerInfo;

interface BackgammonPlayerProps {
  player: BackgammonPlayerInfo;
  side: 'opponent' | 'player';
  color: BackgammonColor;
  pips: number;
  borneOff: number;
  /** This player's turn runs out then (this device's clock); null when it is not their turn. */
  deadline: number | null;
  /** Turns in a row the server played for them at the deadline. */
  autoTurns: number;
}

/** One side of the Backgammon table: the shared panel with the colour, pip count and checkers borne off. */
export function BackgammonPlayer({ player, side, color, pips, borneOff, deadline, autoTurns }: BackgammonPlayerProps) {
  const { t } = useTranslation();
  return (
    <TablePlayer
      gameMode="backgammon"
      player={player}
      side={side}
      deadline={deadline}
      turnMs={BACKGAMMON_TURN_MS}
      timeouts={{ count: autoTurns, limit: BACKGAMMON_AUTO_TURNS_TO_FORFEIT }}
      testId="bg"
    >
      <div>
        <dt>
          <span className={`bg-player__chip bg-player__chip--${color}`} aria-hidden="true" />
          {t('backgammon.pips')}
        </dt>
        <dd data-testid={`${side}-pips`}>{pips}</dd>
      </div>
      <div>
        <dt>{t('backgammon.off')}</dt>
        <dd data-testid={`${side}-off`}>
          {borneOff}/{BACKGAMMON_CHECKERS}
        </dd>
      </div>
    </TablePlayer>
  );
}
