import type { ComponentType } from 'react';
import { FriendsIcon, GamesIcon, MoreIcon, TasksIcon } from './icons.tsx';

interface FooterItem {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
}

const items: readonly FooterItem[] = [
  { label: 'GAMES', to: '/game', Icon: GamesIcon },
  { label: 'TASKS', to: '/tasks', Icon: TasksIcon },
  { label: 'FRIENDS', to: '/friends', Icon: FriendsIcon },
  { label: 'MORE', to: '/more', Icon: MoreIcon },
];

interface FooterProps {
  pathname: string;
  /** The layout fades the page out for PAGE_TRANSITION_MS before it navigates. */
  onNavigate: (to: string) => void;
}

/** The signed-in player's tab bar (spec §2). */
export function Footer({ pathname, onNavigate }: FooterProps) {
  const active = pathname === '/' ? '/game' : pathname;
  return (
    <nav className="footer" aria-label="Main">
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
          {item.label}
        </a>
      ))}
    </nav>
  );
}
