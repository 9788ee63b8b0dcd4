import { useTranslation } from 'react-i18next';
import { moneyParts } from '../../i18n/format.ts';
import { LinkButton } from '../../ui/LinkButton.tsx';

/** The balance, rounded down to cents (spec §2, §9), and the wallet's three doors. */
export function BalanceCard({ balance }: { balance: number }) {
  const { t } = useTranslation();
  return (
    <section className="balance-card" aria-labelledby="balance-label">
      <p id="balance-label" className="balance-card__label">
        {t('lobby.balance')}
      </p>
      <p className="balance-card__amount" data-testid="balance">
        {moneyParts(balance).map((part, index) =>
          part.cents ? (
            <span key={index} className="balance-card__cents">
              {part.text}
            </span>
          ) : (
            part.text
          ),
        )}
      </p>
      <div className="balance-card__actions">
        <LinkButton to="/deposit" size="m">
          {t('lobby.deposit')}
        </LinkButton>
        <LinkButton to="/withdraw" size="m" mode="bezeled">
          {t('lobby.withdraw')}
        </LinkButton>
        <LinkButton to="/transaction-history" size="m" mode="bezeled">
          {t('lobby.history')}
        </LinkButton>
      </div>
    </section>
  );
}
