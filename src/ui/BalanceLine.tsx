import { formatBalance } from '../../protocol/money.ts';

/** The balance as a line above a wallet page's content, rounded down to cents like everywhere (spec §9). */
export function BalanceLine({ balance, label = 'Balance' }: { balance: number; label?: string }) {
  return (
    <p className="balance-line">
      <span className="balance-line__label">{label}</span>
      <strong className="balance-line__amount" data-testid="balance">
        ${formatBalance(balance).text}
      </strong>
      <span className="balance-line__unit">USDT</span>
    </p>
  );
}
