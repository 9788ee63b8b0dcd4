import { countryFlag, countryName } from '../../../protocol/countries.ts';
import { RPS_ROUNDS_TO_WIN } from '../../../protocol/rps.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChatBubble } from '../../ui/ChatMenu.tsx';
import { TrophyIcon } from '../../ui/icons.tsx';

export interface RpsPlayerInfo {
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

interface RpsPlayerProps {
  player: RpsPlayerInfo;
  /** Rounds won so far: that many of the three trophy slots are filled. */
  wins: number;
  side: 'opponent' | 'player';
  /** A line under the name (the opponent has chosen). */
  note?: string | null;
}

/** One side of the table: avatar or initial, nickname, flag, score (rating), trophies, chat line. */
export function RpsPlayer({ player, wins, side, note }: RpsPlayerProps) {
  const flag = countryFlag(player.country);
  const label = side === 'opponent' ? 'Opponent' : 'You';
  return (
    <section className={`rps-player rps-player--${side}`} aria-label={label} data-testid={`rps-${side}`}>
      <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={48} />
      <div className="rps-player__who">
        <p className="rps-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={countryName(player.country)}>
              {flag}
            </span>
          )}
        </p>
        <p className="rps-player__score">Score {player.score}</p>
        {note && <p className="rps-player__note">{note}</p>}
      </div>
      <ol className="rps-trophies" aria-label={`${label}: ${wins} of ${RPS_ROUNDS_TO_WIN} trophies`}>
        {Array.from({ length: RPS_ROUNDS_TO_WIN }, (_, slot) => (
          <li
            key={slot}
            className={slot < wins ? 'rps-trophy rps-trophy--won' : 'rps-trophy'}
            data-testid={`${side}-trophy`}
            data-won={slot < wins}
          >
            <TrophyIcon size={18} />
          </li>
        ))}
      </ol>
      <ChatBubble gameMode="rps" userId={player.id} />
    </section>
  );
}
