import { useEffect, useState } from 'react';
import type { Verdict } from '../../../protocol/fairness.ts';
import type { ProofExpectations } from '../../../rules/verify.ts';

export type Checking = { state: 'checking' } | { state: 'done'; verdict: Verdict } | { state: 'failed' };

/**
 * The verdict of a proof, checked here on the player's device with the same rules the server plays by,
 * so "the game was fair" rests on this check and not on the server's word. The replay runs in
 * verify.worker.ts; a fresh worker per proof, ended once it answers.
 */
/** Past this the replay is given up (a proof of thousands of inputs on a slow phone): said, not spun. */
const CHECK_LIMIT_MS = 60_000;

export function useVerdict(proof: unknown, expected: ProofExpectations): Checking {
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
    worker.addEventListener('messageerror', () => settle({ state: 'failed' }));
    const limit = setTimeout(() => settle({ state: 'failed' }), CHECK_LIMIT_MS);
    try {
      // A proof too deep to copy to the worker is one this device cannot check.
      worker.postMessage({ proof, expected });
    } catch {
      clearTimeout(limit);
      settle({ state: 'failed' });
      return;
    }
    return () => {
      clearTimeout(limit);
      worker.terminate();
    };
    // The expectations come with the proof (same game, same player, the hash kept at its start).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [proof]);
  return checked && checked.proof === proof ? checked.result : { state: 'checking' };
}
