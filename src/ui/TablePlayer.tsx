import { Caption, Text } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameMode } from '../../protocol/constants.ts';
import { countryFlag } from '../../protocol/countries.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { formatNumber } from '../i18n/format.ts';
import { regionName } from '../i18n/regions.ts';
import { Avatar } from './Avatar.tsx';
import { ChatBubble } from './ChatMenu.tsx';
import { TimerRing } from './TimerRing.tsx';
import './game.css';

/** Who sits on one side of a game table. */
export interface TablePlayerInfo {
  id: string;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

interface TablePlayerProps {
  gameMode: GameMode;
  player: TablePlayerInfo;
  side: 'opponent' | 'player';
  /** This player's turn runs out then (this device's clock); null when it is not their turn. */
  deadline: number | null;
  /** The whole turn, for the ring. */
  turnMs: number;
  /** Automatic (timed-out) turns in a row, and how many forfeit. */
  timeouts: { count: number; limit: number };
  /** The mode's test id prefix (`bg`, `carrom`, `blot`): `<prefix>-opponent`, `<prefix>-player`. */
  testId: string;
  /** Beside the name (a dealer mark). */
  badge?: ReactNode;
  /** Under the score (what they said this round). */
  extra?: ReactNode;
  /** The mode's counts, as <div><dt/><dd/></div> pairs. */
  children: ReactNode;
}

/**
 * One side of a game table (Backgammon, Carrom, Belote): the avatar in the turn ring, nickname, flag and
 * score, a timed-out warning, the mode's counts, and the chat bubble. One panel so the three tables look
 * and read alike.
 */
export function TablePlayer({ gameMode, player, side, deadline, turnMs, timeouts, testId, badge, extra, children }: TablePlayerProps) {
  const { t } = useTranslation();
  const flag = countryFlag(player.country);
  return (
    <section
      className={deadline !== null ? `table-player table-player--${side} table-player--to-move` : `table-player table-player--${side}`}
      aria-label={side === 'opponent' ? t('table.player.opponent') : t('table.player.you')}
      data-testid={`${testId}-${side}`}
    >
      <TimerRing deadline={deadline} totalMs={turnMs} size={52} label={side === 'opponent' ? t('table.player.opponentTime') : t('table.player.yourTime')}>
        <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={40} />
      </TimerRing>
      <div className="table-player__who">
        <Text weight="2" Component="p" className="table-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={regionName(player.country, currentLanguage())}>
              {flag}
            </span>
          )}
          {badge}
        </Text>
        <Caption level="1" Component="p" className="table-player__score">
          {t('table.player.score', { score: formatNumber(player.score) })}
        </Caption>
        {timeouts.count > 0 && (
          <Caption level="2" Component="p" className="table-player__warning">
            {t('table.player.timedOut', { times: timeouts.count, limit: timeouts.limit })}
          </Caption>
        )}
        {extra}
      </div>
      <dl className="table-player__counts">{children}</dl>
      <ChatBubble gameMode={gameMode} userId={player.id} />
    </section>
  );
}
