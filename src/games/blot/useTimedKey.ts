import { useEffect, useState } from 'react';

/**
 * True while `key` is set and has been for less than `ms`: a notice shown for its time. A new key
 * (the next round, the next refusal) shows again for the full time.
 */
export function useShownFor(key: string | null, ms: number): boolean {
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setExpired(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key !== null && expired !== key;
}

/** True once `key` has been set for `ms`: something that comes a while after (the end popup). */
export function useShownAfter(key: string | null, ms: number): boolean {
  const [due, setDue] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setDue(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key !== null && due === key;
}
