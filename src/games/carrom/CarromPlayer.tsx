import { useTranslation } from 'react-i18next';
import { CARROM_COINS_PER_PLAYER, CARROM_TIMEOUTS_TO_FORFEIT, type CarromColor } from '../../../protocol/carrom.ts';
import { TablePlayer, type TablePlayerInfo } from '../../ui/TablePlayer.tsx';

export type CarromPlayerInfo = TablePlayerInfo;

interface CarromPlayerProps {
  player: CarromPlayerInfo;
  side: 'opponent' | 'player';
  color: CarromColor;
  /** Own coins in the pockets. */
  pocketed: number;
  /** This player covered the queen. */
  queen: boolean;
  /** This player's turn runs out then (this device's clock); null when it is not their turn to shoot. */
  deadline: number | null;
  /** The ring's whole turn: 22 s, or 20 s when the server gave no start time. */
  turnMs: number;
  /** Timed-out turns in a row. */
  timeouts: number;
}

/** One side of the Carrom table: the shared panel with the coin colour, pocketed coins and the queen. */
export function CarromPlayer({ player, side, color, pocketed, queen, deadline, turnMs, timeouts }: CarromPlayerProps) {
  const { t } = useTranslation();
  return (
    <TablePlayer
      gameMode="carrom"
      player={player}
      side={side}
      deadline={deadline}
      turnMs={turnMs}
      timeouts={{ count: timeouts, limit: CARROM_TIMEOUTS_TO_FORFEIT }}
      testId="carrom"
    >
      <div>
        <dt>
          <span className={`carrom-player__coin carrom-player__coin--${color}`} aria-hidden="true" />
          <span className="carrom-player__color">{t(`table.carrom.${color}`)}</span>
        </dt>
        <dd data-testid={`${side}-pocketed`} aria-label={t('table.carrom.pocketed', { pocketed, total: CARROM_COINS_PER_PLAYER })}>
          {pocketed}/{CARROM_COINS_PER_PLAYER}
        </dd>
      </div>
      {queen && (
        <div data-testid={`${side}-queen`}>
          <dt>
            <span className="carrom-player__coin carrom-player__coin--queen" aria-hidden="true" />
          </dt>
          <dd>{t('table.carrom.queen')}</dd>
        </div>
      )}
    </TablePlayer>
  );
}
