import { Caption, Headline } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeCause } from './carromStore.ts';
import { noticeText } from './carromText.ts';

/** How long a notice stays over the board. */
export const NOTICE_MS = 3000;

interface CarromNoticeProps {
  cause: NoticeCause;
  myId: string;
  opponentName: string;
  onDone: () => void;
}

/**
 * The foul popup (and the queen's, a miss, a lost turn) over the board after a shot has played out. It
 * never blocks the board: it goes by itself after a few seconds, or at a tap.
 */
export function CarromNotice({ cause, myId, opponentName, onDone }: CarromNoticeProps) {
  const { t } = useTranslation();
  const text = noticeText(cause, myId, opponentName, t);
  useEffect(() => {
    const timer = setTimeout(onDone, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  if (!text) return null;
  return (
    <div className={text.foul ? 'carrom-notice carrom-notice--foul' : 'carrom-notice'} role="alert" data-testid="carrom-notice" onClick={onDone}>
      <Headline weight="1" Component="p" className="carrom-notice__title">
        {text.title}
      </Headline>
      {text.lines.map((line) => (
        <Caption key={line} level="1" Component="p" className="carrom-notice__line">
          {line}
        </Caption>
      ))}
    </div>
  );
}
