import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /deposit: the frame of a feature that arrives in a later release. */
export function DepositPage() {
  return (
    <ComingSoon
      title="Deposit"
      description="Deposit USDT (TRC20) or TRX to your personal address; deposits are credited after network confirmation, about 5 minutes."
    />
  );
}
