import { Cell, Info, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../i18n/format.ts';

/** The coin the balance is kept in: a ticker, written alike in every language. */
const COIN = 'USDT';

interface BalanceProps {
  balance: number;
  /** What the row is called on its page ("Available" on Withdraw, "Your balance" beside tasks); "Balance" by default. */
  label?: string;
}

/** The balance as one row of a section, rounded down to cents like everywhere (spec §9). */
export function BalanceCell({ balance, label }: BalanceProps) {
  const { t } = useTranslation();
  return (
    <Cell
      readOnly
      multiline
      after={
        <Info type="text" subtitle={COIN}>
          <span data-testid="balance">{formatMoney(balance)}</span>
        </Info>
      }
    >
      {label ?? t('wallet.balance')}
    </Cell>
  );
}

/** The balance as a section of its own, above a wallet page's content. */
export function BalanceLine(props: BalanceProps) {
  return (
    <Section>
      <BalanceCell {...props} />
    </Section>
  );
}
