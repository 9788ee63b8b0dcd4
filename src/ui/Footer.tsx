import { Tabbar } from '@telegram-apps/telegram-ui';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
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

/**
 * telegram-ui's Tabbar and its items render through `Component` (FixedLayout's and Tappable's), which
 * their types leave out: the bar is a <nav> and each tab a real link (middle-click and long-press work,
 * and a screen reader says where it goes), not the buttons they default to.
 */
const TabbarNav = Tabbar as unknown as ComponentType<{ Component: 'nav'; className?: string; 'aria-label': string; children: ReactNode }>;
const TabLink = Tabbar.Item as unknown as ComponentType<
  AnchorHTMLAttributes<HTMLAnchorElement> & { Component: 'a'; selected: boolean; text: string; children: ReactNode }
>;

interface FooterProps {
  pathname: string;
  /** The layout fades the page out for PAGE_TRANSITION_MS before it navigates. */
  onNavigate: (to: string) => void;
}

/** The signed-in player's tab bar (spec §2), telegram-ui's Tabbar. */
export function Footer({ pathname, onNavigate }: FooterProps) {
  const { t } = useTranslation();
  const active = pathname === '/' ? '/game' : pathname;
  return (
    <TabbarNav Component="nav" className="footer" aria-label={t('footer.label')}>
      {items.map((item) => (
        <TabLink
          key={item.to}
          Component="a"
          href={item.to}
          selected={item.to === active}
          text={t(`footer.${item.label}`)}
          aria-current={item.to === active ? 'page' : undefined}
          onClick={(event) => {
            // A plain click goes through the page transition; a modified one is the browser's.
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onNavigate(item.to);
          }}
        >
          <item.Icon size={26} />
        </TabLink>
      ))}
    </TabbarNav>
  );
}
