import { BACKGAMMON_AUTO_TURNS_TO_FORFEIT, BACKGAMMON_CHECKERS, BACKGAMMON_TURN_MS, type BackgammonColor } from '../../../protocol/backgammon.ts';
import { countryFlag, countryName } from '../../../protocol/countries.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChatBubble } from '../../ui/ChatMenu.tsx';
import { TimerRing } from '../../ui/TimerRing.tsx';

export interface BackgammonPlayerInfo {
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

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

/** One side of the table: avatar in the turn ring, nickname, flag, score; colour, pip count, borne off. */
export function BackgammonPlayer({ player, side, color, pips, borneOff, deadline, autoTurns }: BackgammonPlayerProps) {
  const flag = countryFlag(player.country);
  const label = side === 'opponent' ? 'Opponent' : 'You';
  return (
    <section
      className={deadline !== null ? `bg-player bg-player--${side} bg-player--to-move` : `bg-player bg-player--${side}`}
      aria-label={label}
      data-testid={`bg-${side}`}
    >
      <TimerRing deadline={deadline} totalMs={BACKGAMMON_TURN_MS} size={52} label={side === 'opponent' ? "Opponent's time" : 'Your time'}>
        <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={42} />
      </TimerRing>
      <div className="bg-player__who">
        <p className="bg-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={countryName(player.country)}>
              {flag}
            </span>
          )}
        </p>
        <p className="bg-player__score">Score {player.score}</p>
        {autoTurns > 0 && (
          <p className="bg-player__warning">
            Timed out {autoTurns} of {BACKGAMMON_AUTO_TURNS_TO_FORFEIT}
          </p>
        )}
      </div>
      <dl className="bg-player__counts">
        <div>
          <dt>
            <span className={`bg-player__chip bg-player__chip--${color}`} aria-hidden="true" />
            Pips
          </dt>
          <dd data-testid={`${side}-pips`}>{pips}</dd>
        </div>
        <div>
          <dt>Off</dt>
          <dd data-testid={`${side}-off`}>
            {borneOff}/{BACKGAMMON_CHECKERS}
          </dd>
        </div>
      </dl>
      <ChatBubble gameMode="backgammon" userId={player.id} />
    </section>
  );
}
