import { formatBalance } from '../../protocol/money.ts';
import { CoinIcon } from './icons.tsx';

interface StakeAmountProps {
  /** USDT; 0 for a free game. */
  amount: number;
  /** A free game plays for tokens: a coin icon instead of $ (spec §9). */
  free: boolean;
  sign?: '+' | '-' | '';
}

/** A bet or a payout: '+$1.80', '-$1.00', or the coin icon and the number for free games. */
export function StakeAmount({ amount, free, sign = '' }: StakeAmountProps) {
  if (free) {
    return (
      <span className="stake-amount" data-testid="stake-amount">
        {sign}
        <CoinIcon />
        <span className="visually-hidden">tokens</span>
        {formatTokens(amount)}
      </span>
    );
  }
  return (
    <span className="stake-amount" data-testid="stake-amount">
      {sign}${formatBalance(amount).text}
    </span>
  );
}

function formatTokens(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
