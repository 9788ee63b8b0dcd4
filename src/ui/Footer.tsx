import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { FriendsIcon, GamesIcon, MoreIcon, TasksIcon } from './icons.tsx';

interface FooterItem {
  label: 'games' | 'tasks' | 'friends' | 'more';
  to: string;
  Icon: ComponentType<{ size?: number }>;
}

const items: readonly FooterItem[] = [
  { label: 'games', to: '/game', Icon: GamesIcon },
  { label: 'tasks', to: '/tasks', Icon: TasksIcon },
  { label: 'friends', to: '/friends', Icon: FriendsIcon },
  { label: 'more', to: '/more', Icon: MoreIcon },
];

interface FooterProps {
  pathname: string;
  /** The layout fades the page out for PAGE_TRANSITION_MS before it navigates. */
  onNavigate: (to: string) => void;
}

/** The signed-in player's tab bar (spec §2). */
export function Footer({ pathname, onNavigate }: FooterProps) {
  const { t } = useTranslation();
  const active = pathname === '/' ? '/game' : pathname;
  return (
    <nav className="footer" aria-label={t('footer.label')}>
      {items.map((item) => (
        <a
          key={item.to}
          href={item.to}
          className={item.to === active ? 'footer__item footer__item--active' : 'footer__item'}
          aria-current={item.to === active ? 'page' : undefined}
          onClick={(event) => {
            // A real link (middle-click, long-press work); a plain click goes through the transition.
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onNavigate(item.to);
          }}
        >
          <item.Icon size={22} />
          {t(`footer.${item.label}`)}
        </a>
      ))}
    </nav>
  );
}
