import { Cell, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/format.ts';
import './tasks.css';

/** The player's balance as one row of a section, rounded down to cents like everywhere (spec §9). */
export function BalanceCell({ balance }: { balance: number }) {
  const { t } = useTranslation();
  return (
    <Cell
      readOnly
      after={
        <Text weight="2" className="balance-cell__amount" data-testid="balance">
          {formatMoney(balance)}
        </Text>
      }
    >
      {t('social.balance.label')}
    </Cell>
  );
}
