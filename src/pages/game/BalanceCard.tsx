import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatBalance } from '../../../protocol/money.ts';

/** The balance, rounded down to cents (spec §2, §9), and the wallet's three doors. */
export function BalanceCard({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { whole, cents } = formatBalance(balance);
  return (
    <section className="balance-card" aria-labelledby="balance-label">
      <p id="balance-label" className="balance-card__label">
        {t('lobby.balance')}
      </p>
      <p className="balance-card__amount" data-testid="balance">
        ${whole}
        <span className="balance-card__cents">.{cents}</span>
      </p>
      <div className="balance-card__actions">
        <Link className="button" to="/deposit">
          {t('lobby.deposit')}
        </Link>
        <Link className="button button--secondary" to="/withdraw">
          {t('lobby.withdraw')}
        </Link>
        <Link className="button button--secondary" to="/transaction-history">
          {t('lobby.history')}
        </Link>
      </div>
    </section>
  );
}
