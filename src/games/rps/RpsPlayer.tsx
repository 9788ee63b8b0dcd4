import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { countryFlag } from '../../../protocol/countries.ts';
import { RPS_ROUNDS_TO_WIN } from '../../../protocol/rps.ts';
import { formatNumber } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { regionName } from '../../i18n/regions.ts';
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
  const { t } = useTranslation();
  const flag = countryFlag(player.country);
  const label = side === 'opponent' ? t('table.player.opponent') : t('table.player.you');
  return (
    <section className={`rps-player rps-player--${side}`} aria-label={label} data-testid={`rps-${side}`}>
      <Avatar nickname={player.nickname} photoUrl={player.photoUrl} size={48} />
      <div className="rps-player__who">
        <Text weight="2" Component="p" className="rps-player__name">
          <span>{player.nickname}</span>
          {flag && (
            <span role="img" aria-label={regionName(player.country, currentLanguage())}>
              {flag}
            </span>
          )}
        </Text>
        <Caption level="1" Component="p" className="rps-player__score">
          {t('table.player.score', { score: formatNumber(player.score) })}
        </Caption>
        {note && (
          <Caption level="1" Component="p" className="rps-player__note">
            {note}
          </Caption>
        )}
      </div>
      <ol className="rps-trophies" aria-label={t('table.rps.trophies', { who: label, wins, total: RPS_ROUNDS_TO_WIN })}>
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
