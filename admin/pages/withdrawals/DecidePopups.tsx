import { integrityText, type AdminWithdrawalRow } from '../../../protocol/integrity.ts';
import { useApproveWithdrawal } from '../../api/approveWithdrawal.ts';
import { useRejectWithdrawal } from '../../api/rejectWithdrawal.ts';
import { formatUsdt } from '../../format.ts';
import { ActionPopup } from '../../ui/ActionPopup.tsx';
import { ReasonPopup } from '../../ui/ReasonPopup.tsx';

interface DecideProps {
  row: AdminWithdrawalRow;
  onClose: () => void;
}

/** What is about to leave, and to where: the operator reads it before money moves. */
function Summary({ row }: { row: AdminWithdrawalRow }) {
  return (
    <p>
      {formatUsdt(row.amount)} (fee {formatUsdt(row.fee)}) to <span className="admin-mono">{row.toAddress}</span> for {row.nickname}.
    </p>
  );
}

/**
 * Approving sends the money on chain, so it is confirmed first. A lost race (409: another operator
 * decided first) shows the server's words here while the list behind refreshes.
 */
export function ApprovePopup({ row, onClose }: DecideProps) {
  const approve = useApproveWithdrawal(row._id);
  return (
    <ActionPopup
      title="Approve this withdrawal?"
      submitLabel="Approve"
      pending={approve.isPending}
      error={approve.error}
      failedText="Failed to approve the withdrawal"
      onSubmit={() => approve.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Summary row={row} />
    </ActionPopup>
  );
}

/** Rejecting needs a reason (the server refuses one without). */
export function RejectPopup({ row, onClose }: DecideProps) {
  const reject = useRejectWithdrawal(row._id);
  return (
    <ReasonPopup
      title="Reject this withdrawal?"
      label="Reason"
      submitLabel="Reject"
      requiredMessage={integrityText.reasonRequired}
      danger
      pending={reject.isPending}
      error={reject.error}
      failedText="Failed to reject the withdrawal"
      onSubmit={(reason) => reject.mutate({ reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Summary row={row} />
    </ReasonPopup>
  );
}
