import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTickingNow } from './CountdownTimer.tsx';
import './game.css';

interface TimerRingProps {
  /** When the turn runs out, on this device's clock (the caller corrects the server's for skew); null: not running. */
  deadline: number | null;
  /** The whole turn: the ring is full at totalMs left and empty at zero. */
  totalMs: number;
  /** Outer size in px; the ring is drawn around `children` (an avatar). */
  size: number;
  /** Whose time it is, for the accessible name; 'Turn time left' in the language shown when not given. */
  label?: string;
  children: ReactNode;
}

const RADIUS = 46;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A turn timer drawn as a ring that drains around an avatar (the spec's timer rings: Backgammon, Carrom).
 * It drains by a CSS animation started at the right point of the turn, so the browser draws it without a
 * React render per frame; only the seconds shown (and the urgent colour) tick in React.
 */
export function TimerRing({ deadline, totalMs, size, label, children }: TimerRingProps) {
  const { t } = useTranslation();
  const now = useTickingNow(deadline);
  // Where the drain starts, fixed per turn: the animation runs on from there by itself. Negative when the
  // turn starts later (Carrom starts the next turn's clock when the shot's replay ends): the ring waits full.
  const startedMsAgo = useMemo(() => (deadline === null ? 0 : totalMs - (deadline - Date.now())), [deadline, totalMs]);

  if (deadline === null) {
    return (
      <div className="timer-ring" style={{ width: size, height: size }}>
        {children}
      </div>
    );
  }
  const left = Math.min(totalMs, Math.max(0, deadline - now));
  const seconds = Math.ceil(left / 1000);
  // The animation's clock: a negative delay starts it part-way, as far as the turn has already run; a
  // positive one holds it full (fill-mode both) until the turn begins.
  const drain = {
    strokeDasharray: CIRCUMFERENCE,
    animationDuration: `${totalMs}ms`,
    animationDelay: `${-startedMsAgo}ms`,
    '--ring-length': CIRCUMFERENCE,
  } as CSSProperties;
  return (
    <div
      className={seconds <= 5 ? 'timer-ring timer-ring--running timer-ring--urgent' : 'timer-ring timer-ring--running'}
      style={{ width: size, height: size }}
      role="timer"
      aria-label={t('table.timer.seconds', { label: label ?? t('table.timer.turnTimeLeft'), seconds })}
      data-testid="timer-ring"
      data-seconds={seconds}
    >
      <svg className="timer-ring__svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="timer-ring__track" cx="50" cy="50" r={RADIUS} />
        {/* Keyed by the deadline: a new turn starts a new animation. */}
        <circle key={deadline} className="timer-ring__drain" cx="50" cy="50" r={RADIUS} style={drain} />
      </svg>
      {children}
      <span className="timer-ring__seconds" aria-hidden="true">
        {seconds}
      </span>
    </div>
  );
}
