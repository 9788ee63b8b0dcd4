import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { countryFlag } from '../../../protocol/countries.ts';
import type { User } from '../../../protocol/user.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { regionName } from '../../i18n/regions.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { TrophyIcon } from '../../ui/icons.tsx';

/** Avatar, nickname, flag and score; the avatar and the name lead to the profile (spec §2). */
export function UserHeader({ user }: { user: Pick<User, 'nickname' | 'photoUrl' | 'avatarUrl' | 'country' | 'score'> }) {
  const { t } = useTranslation();
  const flag = countryFlag(user.country);
  return (
    <header className="user-header">
      <Link to="/profile" className="user-header__avatar" aria-label={t('lobby.openProfile')}>
        <Avatar nickname={user.nickname} photoUrl={user.photoUrl ?? user.avatarUrl} size={48} />
      </Link>
      <div className="user-header__who">
        <Link to="/profile" className="user-header__name">
          <span data-testid="nickname">{user.nickname}</span>
          {flag && (
            <span className="user-header__flag" role="img" aria-label={regionName(user.country, currentLanguage())}>
              {flag}
            </span>
          )}
        </Link>
        <p className="user-header__score">
          <TrophyIcon size={15} /> {t('lobby.score')} <strong data-testid="score">{user.score}</strong>
        </p>
      </div>
    </header>
  );
}
