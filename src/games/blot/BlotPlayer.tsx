import { BLOT_AUTO_ACTIONS_TO_FORFEIT, BLOT_TARGET, BLOT_TURN_MS, blotText } from '../../../protocol/blot.ts';
import { TablePlayer, type TablePlayerInfo } from '../../ui/TablePlayer.tsx';

export type BlotPlayerInfo = TablePlayerInfo;

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
  speech: string[];
  autoActions: number;
}

/** One side of the Belote table: the shared panel with the dealer mark, what they said, n/101 and round points. */
export function BlotPlayer({ player, side, points, roundPoints, dealer, deadline, speech, autoActions }: BlotPlayerProps) {
  return (
    <TablePlayer
      gameMode="blot"
      player={player}
      side={side}
      deadline={deadline}
      turnMs={BLOT_TURN_MS}
      timeouts={{ count: autoActions, limit: BLOT_AUTO_ACTIONS_TO_FORFEIT }}
      testId="blot"
      badge={
        dealer && (
          <span className="blot-player__dealer" data-testid={`${side}-dealer`}>
            Dealer
          </span>
        )
      }
      extra={
        speech.length > 0 && (
          <p className="blot-player__speech" data-testid={`${side}-speech`}>
            {speech.map((word, index) => (
              <span key={`${word}-${index}`} className={word === blotText.blot ? 'blot-tag blot-tag--blot' : 'blot-tag'}>
                {word}
              </span>
            ))}
          </p>
        )
      }
    >
      <div>
        <dt>Points</dt>
        <dd data-testid={`${side}-points`}>
          {points}/{BLOT_TARGET}
        </dd>
      </div>
      <div>
        <dt>Round</dt>
        <dd data-testid={`${side}-round-points`}>{roundPoints}</dd>
      </div>
    </TablePlayer>
  );
}
