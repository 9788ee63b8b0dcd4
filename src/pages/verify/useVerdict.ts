import { useEffect, useState } from 'react';
import type { Verdict } from '../../../protocol/fairness.ts';

export type Checking = { state: 'checking' } | { state: 'done'; verdict: Verdict } | { state: 'failed' };

/**
 * The verdict of a proof, checked here on the player's device with the same rules the server plays by,
 * so "the game was fair" rests on this check and not on the server's word. The replay runs in
 * verify.worker.ts; a fresh worker per proof, ended once it answers.
 */
export function useVerdict(proof: unknown): Checking {
  const [checked, setChecked] = useState<{ proof: unknown; result: Checking } | null>(null);
  useEffect(() => {
    if (proof === undefined) return;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      // A WebView without workers (or one that refuses this script): the same answer as a failed load.
      setChecked({ proof, result: { state: 'failed' } });
      return;
    }
    const settle = (result: Checking) => {
      setChecked({ proof, result });
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<Verdict>) => settle({ state: 'done', verdict: event.data }));
    // The worker's script could not load (a dropped connection mid-download): say so rather than spin.
    worker.addEventListener('error', () => settle({ state: 'failed' }));
    worker.postMessage(proof);
    return () => worker.terminate();
  }, [proof]);
  return checked && checked.proof === proof ? checked.result : { state: 'checking' };
}
