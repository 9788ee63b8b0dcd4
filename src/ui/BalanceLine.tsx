import { Cell, Info, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../i18n/format.ts';

/** The coin the balance is kept in: a ticker, written alike in every language. */
const COIN = 'USDT';

/**
 * The balance as a row above a wallet page's content, rounded down to cents like everywhere (spec §9).
 * `label` names it on a page that means something narrower ("Available" on Withdraw).
 */
export function BalanceLine({ balance, label }: { balance: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <Section>
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
    </Section>
  );
}
