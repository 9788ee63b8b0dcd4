import { CARROM_COINS_PER_PLAYER, CARROM_TIMEOUTS_TO_FORFEIT, type CarromColor } from '../../../protocol/carrom.ts';
import { countryFlag, countryName } from '../../../protocol/countries.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChatBubble } from '../../ui/ChatMenu.tsx';
import { TimerRing } from '../../ui/TimerRing.tsx';

export interface CarromPlayerInfo {
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

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

/** One side of the table: avatar in the turn ring, nickname, flag, score; coin colour, pocketed coins, the queen. */
export function CarromPlayer({ player, side, color, pocketed, queen, deadline, turnMs, timeouts }: CarromPlayerProps) {
  const flag = countryFlag(player.country);
  return (
    <section
      className={deadline !== null ? `carrom-player carrom-player--${side} carrom-player--to-move` : `carrom-player carrom-player--${side}`}
      aria-label={side === 'opponent' ? 'Opponent' : 'You'}
      data-testid={`carrom-${side}`}
    >
      <TimerRing deadline={deadline} totalMs={turnMs} size={52} label={side === 'opponent' ? "Opponent's time" : 'Your time'}>
        <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={42} />
      </TimerRing>
      <div className="carrom-player__who">
        <p className="carrom-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={countryName(player.country)}>
              {flag}
            </span>
          )}
        </p>
        <p className="carrom-player__score">Score {player.score}</p>
        {timeouts > 0 && (
          <p className="carrom-player__warning">
            Timed out {timeouts} of {CARROM_TIMEOUTS_TO_FORFEIT}
          </p>
        )}
      </div>
      <dl className="carrom-player__counts">
        <div>
          <dt>
            <span className={`carrom-player__coin carrom-player__coin--${color}`} aria-hidden="true" />
            <span className="carrom-player__color">{color === 'white' ? 'White' : 'Black'}</span>
          </dt>
          <dd data-testid={`${side}-pocketed`} aria-label={`${pocketed} of ${CARROM_COINS_PER_PLAYER} coins pocketed`}>
            {pocketed}/{CARROM_COINS_PER_PLAYER}
          </dd>
        </div>
        {queen && (
          <div data-testid={`${side}-queen`}>
            <dt>
              <span className="carrom-player__coin carrom-player__coin--queen" aria-hidden="true" />
            </dt>
            <dd>Queen</dd>
          </div>
        )}
      </dl>
      <ChatBubble gameMode="carrom" userId={player.id} />
    </section>
  );
}
