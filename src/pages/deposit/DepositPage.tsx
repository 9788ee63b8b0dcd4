import { Cell, List, Radio, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { RECOMMENDED_DEPOSIT_USDT, TRX_USDT_RATE } from '../../../protocol/wallet.ts';
import { useAppConfig } from '../../api/config.ts';
import { session } from '../../app/session.ts';
import { formatNumber } from '../../i18n/format.ts';
import { selectionHaptic } from '../../platform/telegram.ts';
import { BalanceLine } from '../../ui/BalanceLine.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { DepositAddress } from './DepositAddress.tsx';
import { SimulateDeposit } from './SimulateDeposit.tsx';
import './deposit.css';

type DepositCurrency = 'USDT' | 'TRX';

/** Tickers and networks are written alike in every language; only "Coming soon" is translated. */
interface CurrencyOption {
  value: DepositCurrency | 'TON';
  network: string;
  comingSoon?: boolean;
}

const currencies: CurrencyOption[] = [
  { value: 'USDT', network: 'TRC20' },
  { value: 'TRX', network: 'TRON' },
  { value: 'TON', network: 'TON', comingSoon: true },
];

// Spec §9: the fixed rate the server credits TRX at; shown to two decimals, like every amount here.
const RECOMMENDED_TRX = Math.round((RECOMMENDED_DEPOSIT_USDT / TRX_USDT_RATE) * 100) / 100;

/** /deposit: where to send USDT or TRX, how much, and when it arrives. */
export function DepositPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const config = useAppConfig();
  const [currency, setCurrency] = useState<DepositCurrency>('USDT');
  if (!user) return null;

  const coins = (amount: number, coin: string) => t('wallet.coins', { amount: formatNumber(amount), coin });
  const usdt = coins(RECOMMENDED_DEPOSIT_USDT, 'USDT');
  const trx = coins(RECOMMENDED_TRX, 'TRX');
  const recommended = currency === 'USDT' ? { main: usdt, other: trx } : { main: trx, other: usdt };
  const choose = (value: CurrencyOption['value']) => {
    if (value === 'TON') return;
    selectionHaptic();
    setCurrency(value);
  };

  return (
    <PageFrame title={t('wallet.deposit.title')}>
      <List className="deposit">
        <BalanceLine balance={user.balance} />

        <Section header={t('wallet.deposit.currency')}>
          {currencies.map((option) => (
            <Cell
              key={option.value}
              Component="label"
              className={option.comingSoon ? 'deposit__currency deposit__currency--soon' : 'deposit__currency'}
              before={
                <Radio
                  name="deposit-currency"
                  value={option.value}
                  checked={option.value === currency}
                  disabled={option.comingSoon}
                  onChange={() => choose(option.value)}
                />
              }
              subtitle={option.comingSoon ? t('wallet.deposit.comingSoon') : option.network}
            >
              {option.value}
            </Cell>
          ))}
        </Section>

        <DepositAddress currency={currency} />

        <Section aria-label={t('wallet.deposit.facts')} footer={t('wallet.deposit.credited')}>
          {/* The label above its value: a long Russian or Armenian label never squeezes the amounts. */}
          <Cell
            readOnly
            multiline
            subhead={t('wallet.deposit.recommended')}
            // "≈" is a sign, not a word: every language writes it alike.
            subtitle={<span data-testid="recommended-other">≈ {recommended.other}</span>}
          >
            <span data-testid="recommended">{recommended.main}</span>
          </Cell>
          <Cell readOnly multiline subhead={t('wallet.deposit.rate')}>
            {coins(1, 'TRX')} = {coins(TRX_USDT_RATE, 'USDT')}
          </Cell>
        </Section>

        {config.data?.chain === 'devchain' && <SimulateDeposit />}
      </List>
    </PageFrame>
  );
}
