import type { ReactNode, SVGProps } from 'react';

/**
 * Line icons drawn here rather than emoji: emoji depend on the device's fonts (flags and symbols are
 * missing on some desktops and in headless browsers), these look the same everywhere.
 */
function Icon({ children, size = 24, ...props }: SVGProps<SVGSVGElement> & { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const GamesIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="2" y="7" width="20" height="11" rx="5" />
    <path d="M7 10.5v4M5 12.5h4" />
    <circle cx="15.5" cy="11.5" r="0.8" fill="currentColor" />
    <circle cx="17.5" cy="13.8" r="0.8" fill="currentColor" />
  </Icon>
);

export const TasksIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <path d="m8 12 3 3 5-6" />
  </Icon>
);

export const FriendsIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.5 3.5 5.2" />
  </Icon>
);

export const MoreIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const TrophyIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M7 4h10v5a5 5 0 0 1-10 0V4Z" />
    <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3M8 20h8M9.5 17h5" />
  </Icon>
);

/** Rock Paper Scissors: the scissors. */
export const RpsIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="6" cy="6" r="3" />
    <circle cx="6" cy="18" r="3" />
    <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
  </Icon>
);

/** Belote: two playing cards. */
export const BeloteIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="5" width="11" height="15" rx="2" transform="rotate(-10 8.5 12.5)" />
    <rect x="10" y="4" width="11" height="15" rx="2" transform="rotate(10 15.5 11.5)" />
    <path d="m15.6 9.2 1 1.7-1 1.7-1-1.7Z" fill="currentColor" />
  </Icon>
);

/** Carrom: the board with its pockets and the centre circle. */
export const CarromIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="12" cy="12" r="3" />
    <circle cx="6" cy="6" r="1" fill="currentColor" />
    <circle cx="18" cy="6" r="1" fill="currentColor" />
    <circle cx="6" cy="18" r="1" fill="currentColor" />
    <circle cx="18" cy="18" r="1" fill="currentColor" />
  </Icon>
);

/** Backgammon: a die. */
export const BackgammonIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <circle cx="8" cy="8" r="1.2" fill="currentColor" />
    <circle cx="16" cy="8" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="8" cy="16" r="1.2" fill="currentColor" />
    <circle cx="16" cy="16" r="1.2" fill="currentColor" />
  </Icon>
);

/** The product mark (the same as public/favicon.svg): two crossed strokes, a duel. */
export const DuelMark = ({ size = 28 }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <rect width="64" height="64" rx="14" fill="var(--accent)" />
    <path d="M18 46 46 18M46 46 18 18" stroke="var(--accent-text)" strokeWidth="7" strokeLinecap="round" />
  </svg>
);

/** The token coin of free games: shown where a paid game shows $ (spec §9). */
export const CoinIcon = ({ size = 18 }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="coin-icon">
    <circle cx="12" cy="12" r="10" fill="#f5c542" stroke="#b8860b" strokeWidth="1.5" />
    <circle cx="12" cy="12" r="6.5" fill="none" stroke="#b8860b" strokeWidth="1.2" />
    <path d="M12 8.5v7M9.8 10.5h4.4" stroke="#8a6408" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

export const GearIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </Icon>
);

export const ChatIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
  </Icon>
);

export const CopyIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <rect x="9" y="9" width="12" height="12" rx="2.5" />
    <path d="M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
  </Icon>
);

export const ShareIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="M21 3 10 14M21 3l-7 18-4-7-7-4 18-7Z" />
  </Icon>
);
