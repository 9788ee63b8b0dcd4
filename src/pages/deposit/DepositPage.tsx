import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { RECOMMENDED_DEPOSIT_USDT, TRX_USDT_RATE } from '../../../protocol/wallet.ts';
import { useAppConfig } from '../../api/config.ts';
import { session } from '../../app/session.ts';
import { BalanceLine } from '../../ui/BalanceLine.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { DepositAddress } from './DepositAddress.tsx';
import { SimulateDeposit } from './SimulateDeposit.tsx';
import './deposit.css';

type DepositCurrency = 'USDT' | 'TRX';

interface CurrencyOption {
  value: DepositCurrency | 'TON';
  label: string;
  network: string;
  comingSoon?: boolean;
}

const currencies: CurrencyOption[] = [
  { value: 'USDT', label: 'USDT', network: 'TRC20' },
  { value: 'TRX', label: 'TRX', network: 'TRON' },
  { value: 'TON', label: 'TON', network: 'TON', comingSoon: true },
];

// Spec §9: the fixed rate the server credits TRX at; shown to two decimals, like every amount here.
const RECOMMENDED_TRX = (RECOMMENDED_DEPOSIT_USDT / TRX_USDT_RATE).toFixed(2);

/** /deposit: where to send USDT or TRX, how much, and when it arrives. */
export function DepositPage() {
  const { user } = useSnapshot(session);
  const config = useAppConfig();
  const [currency, setCurrency] = useState<DepositCurrency>('USDT');
  if (!user) return null;

  const recommended =
    currency === 'USDT'
      ? { main: `${RECOMMENDED_DEPOSIT_USDT} USDT`, other: `≈ ${RECOMMENDED_TRX} TRX` }
      : { main: `${RECOMMENDED_TRX} TRX`, other: `≈ ${RECOMMENDED_DEPOSIT_USDT} USDT` };

  return (
    <PageFrame title="Deposit">
      <div className="deposit">
        <BalanceLine balance={user.balance} />

        <fieldset className="currency-picker">
          <legend className="field__label">Currency</legend>
          {currencies.map((option) => (
            <label
              key={option.value}
              className={option.comingSoon ? 'currency-picker__option currency-picker__option--soon' : 'currency-picker__option'}
            >
              <input
                type="radio"
                name="deposit-currency"
                value={option.value}
                checked={option.value === currency}
                disabled={option.comingSoon}
                onChange={() => option.value !== 'TON' && setCurrency(option.value)}
              />
              <span className="currency-picker__name">{option.label}</span>
              <span className="currency-picker__network">{option.comingSoon ? 'Coming soon' : option.network}</span>
            </label>
          ))}
        </fieldset>

        <DepositAddress currency={currency} />

        <section className="card deposit__facts" aria-label="How much and when">
          <div className="deposit__fact">
            <span className="muted">Recommended deposit</span>
            <span className="deposit__amounts">
              <strong data-testid="recommended">{recommended.main}</strong>
              <span className="muted" data-testid="recommended-other">
                {recommended.other}
              </span>
            </span>
          </div>
          <div className="deposit__fact">
            <span className="muted">Rate</span>
            <span>1 TRX = {TRX_USDT_RATE} USDT</span>
          </div>
          <p className="deposit__note">
            Your deposit is credited to your balance after network confirmation, which takes about 5 minutes.
          </p>
        </section>

        {config.data?.chain === 'devchain' && <SimulateDeposit />}
      </div>
    </PageFrame>
  );
}
