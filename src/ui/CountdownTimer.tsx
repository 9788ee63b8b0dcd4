import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CountdownTimerProps {
  /** When the time runs out, on this device's clock (the caller corrects the server's for skew); null: not running. */
  deadline: number | null;
  /** The full time, shown while the timer is not running. */
  totalMs: number;
  /** Shown at zero, e.g. 'Auto-picking...'. */
  zeroText: string;
  /** The timer's accessible name; 'Time left' in the language shown when not given. */
  label?: string;
}

const TICK_MS = 250;

/** This device's clock, re-read a few times a second while a `deadline` runs (the game timers' tick). */
export function useTickingNow(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);
  return now;
}

/** Whole seconds left, counting down to `zeroText`. */
export function CountdownTimer({ deadline, totalMs, zeroText, label }: CountdownTimerProps) {
  const { t } = useTranslation();
  const now = useTickingNow(deadline);
  const left = deadline === null ? totalMs : Math.max(0, deadline - now);
  const seconds = Math.ceil(left / 1000);
  const urgent = deadline !== null && seconds <= 5;
  return (
    <div
      className={urgent ? 'countdown countdown--urgent' : 'countdown'}
      role="timer"
      aria-label={label ?? t('table.timer.timeLeft')}
      data-testid="countdown"
    >
      {seconds > 0 ? <span className="countdown__seconds">{seconds}</span> : <span className="countdown__zero">{zeroText}</span>}
    </div>
  );
}
