import { useState } from 'react';

interface AvatarProps {
  nickname: string;
  photoUrl?: string | null;
  size?: number;
}

/** The player's photo, or the first letter of the nickname when there is none (or it fails to load). */
export function Avatar({ nickname, photoUrl, size = 48 }: AvatarProps) {
  // Remembers which URL failed, so a new photo gets its own chance.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const initial = [...nickname.trim()][0]?.toUpperCase() ?? '?';
  const style = { width: size, height: size, fontSize: size * 0.45 };
  if (photoUrl && photoUrl !== brokenUrl) {
    return <img className="avatar" src={photoUrl} alt="" style={style} onError={() => setBrokenUrl(photoUrl)} />;
  }
  return (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}
