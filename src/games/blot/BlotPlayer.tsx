import { BLOT_AUTO_ACTIONS_TO_FORFEIT, BLOT_TARGET, BLOT_TURN_MS, blotText } from '../../../protocol/blot.ts';
import { countryFlag, countryName } from '../../../protocol/countries.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChatBubble } from '../../ui/ChatMenu.tsx';
import { TimerRing } from '../../ui/TimerRing.tsx';

export interface BlotPlayerInfo {
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
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
  speech: string[];
  autoActions: number;
}

/** One side of the table: avatar in the turn ring, name, flag, dealer mark, n/101, round points, speech, chat. */
export function BlotPlayer({ player, side, points, roundPoints, dealer, deadline, speech, autoActions }: BlotPlayerProps) {
  const flag = countryFlag(player.country);
  const label = side === 'opponent' ? 'Opponent' : 'You';
  return (
    <section
      className={deadline !== null ? `blot-player blot-player--${side} blot-player--to-move` : `blot-player blot-player--${side}`}
      aria-label={label}
      data-testid={`blot-${side}`}
    >
      <TimerRing deadline={deadline} totalMs={BLOT_TURN_MS} size={50} label={side === 'opponent' ? "Opponent's time" : 'Your time'}>
        <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={40} />
      </TimerRing>
      <div className="blot-player__who">
        <p className="blot-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={countryName(player.country)}>
              {flag}
            </span>
          )}
          {dealer && (
            <span className="blot-player__dealer" data-testid={`${side}-dealer`}>
              Dealer
            </span>
          )}
        </p>
        <p className="blot-player__line">
          Score {player.score}
          {autoActions > 0 && (
            <span className="blot-player__warning">
              {' '}
              · Timed out {autoActions} of {BLOT_AUTO_ACTIONS_TO_FORFEIT}
            </span>
          )}
        </p>
        {speech.length > 0 && (
          <p className="blot-player__speech" data-testid={`${side}-speech`}>
            {speech.map((word, index) => (
              <span key={`${word}-${index}`} className={word === blotText.blot ? 'blot-tag blot-tag--blot' : 'blot-tag'}>
                {word}
              </span>
            ))}
          </p>
        )}
      </div>
      <dl className="blot-player__counts">
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
      </dl>
      <ChatBubble gameMode="blot" userId={player.id} />
    </section>
  );
}
