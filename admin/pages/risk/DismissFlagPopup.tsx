import { integrityText, riskFlagLabels, type RiskFlag } from '../../../protocol/integrity.ts';
import { useDismissFlag } from '../../api/dismissFlag.ts';
import { ReasonPopup } from '../../ui/ReasonPopup.tsx';

/** Dismissing keeps the flag (under Dismissed) with the operator's note saying why it was harmless. */
export function DismissFlagPopup({ flag, onClose }: { flag: RiskFlag; onClose: () => void }) {
  const dismiss = useDismissFlag(flag._id);
  return (
    <ReasonPopup
      title="Dismiss this flag?"
      label="Note"
      submitLabel="Dismiss"
      requiredMessage={integrityText.noteRequired}
      pending={dismiss.isPending}
      error={dismiss.error}
      failedText="Failed to dismiss the flag"
      onSubmit={(note) => dismiss.mutate({ note }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        {riskFlagLabels[flag.kind] ?? flag.kind}: {flag.nicknames.join(', ')}
      </p>
    </ReasonPopup>
  );
}
