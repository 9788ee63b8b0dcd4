import { Avatar as KitAvatar } from '@telegram-apps/telegram-ui';

interface AvatarProps {
  nickname: string;
  photoUrl?: string | null;
  /** The kit's sizes, in pixels. */
  size?: 40 | 48 | 96;
}

/**
 * The player's photo on telegram-ui's Avatar, or the first letter of the nickname when there is none
 * (the kit shows the letter too when the photo fails to load).
 */
export function Avatar({ nickname, photoUrl, size = 48 }: AvatarProps) {
  const initial = [...nickname.trim()][0]?.toUpperCase() ?? '?';
  return (
    <KitAvatar
      className={photoUrl ? 'avatar' : 'avatar avatar--initial'}
      size={size}
      src={photoUrl ?? undefined}
      acronym={initial}
      alt=""
      aria-hidden="true"
    />
  );
}
