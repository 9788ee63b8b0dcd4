import { Badge } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { BLOT_AUTO_ACTIONS_TO_FORFEIT, BLOT_TARGET, BLOT_TURN_MS } from '../../../protocol/blot.ts';
import { TablePlayer, type TablePlayerInfo } from '../../ui/TablePlayer.tsx';

export type BlotPlayerInfo = TablePlayerInfo;

/** One word a player said this round; Blot stands out. */
export interface BlotSpeech {
  text: string;
  blot: boolean;
}

interface BlotPlayerProps {
  player: BlotPlayerInfo;
  side: 'opponent' | 'player';
  /** Points toward 101. */
  points: number;
  /** Card points taken in tricks this round. */
  roundPoints: number;
  dealer: boolean;
  /** This player's action runs out then (this device's clock); null when it is not their turn. */
  deadline: number | null;
  /** What they said last this round ("Take", "♥ Hearts", "With Card"…), and what they announced. */
  speech: BlotSpeech[];
  autoActions: number;
}

/** One side of the Belote table: the shared panel; under the score the dealer mark and what they said; n/101 and round points. */
export function BlotPlayer({ player, side, points, roundPoints, dealer, deadline, speech, autoActions }: BlotPlayerProps) {
  const { t } = useTranslation();
  return (
    <TablePlayer
      gameMode="blot"
      player={player}
      side={side}
      deadline={deadline}
      turnMs={BLOT_TURN_MS}
      timeouts={{ count: autoActions, limit: BLOT_AUTO_ACTIONS_TO_FORFEIT }}
      testId="blot"
      extra={
        (dealer || speech.length > 0) && (
          <div className="blot-player__tags">
            {dealer && (
              <Badge type="number" mode="secondary" className="blot-player__dealer" data-testid={`${side}-dealer`}>
                {t('blot.player.dealer')}
              </Badge>
            )}
            {speech.length > 0 && (
              <p className="blot-player__speech" data-testid={`${side}-speech`}>
                {speech.map((word, index) => (
                  <Badge key={`${word.text}-${index}`} type="number" mode={word.blot ? 'critical' : 'gray'} className="blot-player__word">
                    {word.text}
                  </Badge>
                ))}
              </p>
            )}
          </div>
        )
      }
    >
      <div>
        <dt>{t('blot.player.points')}</dt>
        <dd data-testid={`${side}-points`}>
          {points}/{BLOT_TARGET}
        </dd>
      </div>
      <div>
        <dt>{t('blot.player.round')}</dt>
        <dd data-testid={`${side}-round-points`}>{roundPoints}</dd>
      </div>
    </TablePlayer>
  );
}
