import type { Verdict } from '../../../protocol/fairness.ts';
import { failedStepText } from './verdictText.ts';

type Failure = Extract<Verdict, { ok: false }>;

/** A proof that does not hold: exactly where the replay parted from the record, and how. */
export function ProofFails({ failure, inputs }: { failure: Failure; inputs: number | null }) {
  return (
    <section className="card verify-verdict verify-verdict--failed" role="alert" data-testid="verify-verdict">
      <h2 className="verify-verdict__title">This proof does not hold</h2>
      <p>
        {failedStepText(failure.step, inputs)}: {failure.reason}.
      </p>
      <dl className="verify-seeds">
        <div>
          <dt>Expected</dt>
          <dd className="verify-hex">{failure.expected}</dd>
        </div>
        <div>
          <dt>Got</dt>
          <dd className="verify-hex">{failure.got}</dd>
        </div>
      </dl>
    </section>
  );
}
