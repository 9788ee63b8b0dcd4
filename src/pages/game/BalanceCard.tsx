import { Link } from 'react-router-dom';
import { formatBalance } from '../../../protocol/money.ts';

/** The balance, rounded down to cents (spec §2, §9), and the wallet's three doors. */
export function BalanceCard({ balance }: { balance: number }) {
  const { whole, cents } = formatBalance(balance);
  return (
    <section className="balance-card" aria-labelledby="balance-label">
      <p id="balance-label" className="balance-card__label">
        Total balance (USDT)
      </p>
      <p className="balance-card__amount" data-testid="balance">
        ${whole}
        <span className="balance-card__cents">.{cents}</span>
      </p>
      <div className="balance-card__actions">
        <Link className="button" to="/deposit">
          Deposit
        </Link>
        <Link className="button button--secondary" to="/withdraw">
          Withdraw
        </Link>
        <Link className="button button--secondary" to="/transaction-history">
          History
        </Link>
      </div>
    </section>
  );
}
