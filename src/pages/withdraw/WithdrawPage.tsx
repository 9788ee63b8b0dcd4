import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /withdraw: the frame of a feature that arrives in a later release. */
export function WithdrawPage() {
  return (
    <ComingSoon
      title="Withdraw"
      description="Withdraw USDT to your saved TRC20 address. The network fee is 1.5 USDT and withdrawals take 10–30 minutes."
    />
  );
}
