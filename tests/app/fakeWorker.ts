import { vi } from 'vitest';
import { verifyProof, type ProofExpectations } from '../../rules/verify.ts';

/**
 * jsdom has no Worker: this stands in for src/pages/verify/verify.worker.ts, answering each message
 * with verifyProof, as the worker does, on a later task. `failToLoad` plays a script that never arrived.
 */
export class FakeVerifyWorker extends EventTarget {
  static instances: FakeVerifyWorker[] = [];
  static failToLoad = false;
  readonly url: string;
  readonly options: WorkerOptions | undefined;
  terminated = false;

  constructor(url: string | URL, options?: WorkerOptions) {
    super();
    this.url = String(url);
    this.options = options;
    FakeVerifyWorker.instances.push(this);
  }

  postMessage(data: unknown): void {
    const copy = structuredClone(data);
    setTimeout(() => {
      if (this.terminated) return;
      if (FakeVerifyWorker.failToLoad) this.dispatchEvent(new Event('error'));
      else {
        const { proof, expected } = copy as { proof: unknown; expected: ProofExpectations };
        this.dispatchEvent(new MessageEvent('message', { data: verifyProof(proof, expected) }));
      }
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

export function stubVerifyWorker(): typeof FakeVerifyWorker {
  FakeVerifyWorker.instances = [];
  FakeVerifyWorker.failToLoad = false;
  vi.stubGlobal('Worker', FakeVerifyWorker);
  return FakeVerifyWorker;
}
