import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /transaction-history: the frame of a feature that arrives in a later release. */
export function TransactionHistoryPage() {
  return (
    <ComingSoon
      title="Transaction History"
      description="Your deposits, withdrawals and rewards, grouped by date, newest first."
    />
  );
}
