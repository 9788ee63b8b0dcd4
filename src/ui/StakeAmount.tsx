import { VisuallyHidden } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../i18n/format.ts';
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
  const { t } = useTranslation();
  if (free) {
    return (
      <span className="stake-amount" data-testid="stake-amount">
        {sign}
        <CoinIcon />
        <VisuallyHidden>{t('table.stake.tokens')}</VisuallyHidden>
        {formatNumber(amount)}
      </span>
    );
  }
  // The sign as the language writes money: '+$1.80' and '-$1.00' in English, '+1,80 $' in Russian.
  const money = sign === '+' ? formatMoney(amount, { signed: true }) : formatMoney(sign === '-' ? -amount : amount);
  return (
    <span className="stake-amount" data-testid="stake-amount">
      {money}
    </span>
  );
}
