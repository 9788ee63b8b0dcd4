import { Caption, List } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../app/session.ts';
import { BalanceLine } from '../../ui/BalanceLine.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { AddressStep } from './AddressStep.tsx';
import { AmountStep } from './AmountStep.tsx';
import './withdraw.css';

const STEPS = 2;

/**
 * /withdraw, in two steps (spec §2, §4): 1. the TRC20 address, saved to the account; 2. the amount.
 * The step follows the account's saved address, so a saved address starts at step 2 and removing it
 * returns to step 1 — on this device and any other.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user) return null;
  const step = user.savedAddress ? 2 : 1;
  return (
    <PageFrame
      title={t('wallet.withdraw.title')}
      aside={<Caption className="withdraw__step">{t('wallet.withdraw.step', { step, total: STEPS })}</Caption>}
    >
      <List className="withdraw">
        <BalanceLine balance={user.balance} label={t('wallet.available')} />
        {user.savedAddress ? (
          <AmountStep userId={user._id} balance={user.balance} savedAddress={user.savedAddress} />
        ) : (
          <AddressStep />
        )}
      </List>
    </PageFrame>
  );
}
