import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Cell, Section, Title } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FriendsAnswer } from '../../../protocol/growth.ts';
import { claimRewards } from '../../api/claimRewards.ts';
import { friendsKey } from '../../api/friends.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { setBalance } from '../../app/session.ts';
import { formatMoney } from '../../i18n/format.ts';
import { BalanceCell } from '../../ui/BalanceLine.tsx';
import { claimRefusal } from '../tasks/taskTexts.ts';

interface RewardsCardProps {
  /** Pending referral rewards; null until GET /api/friends answers. */
  totalRewards: number | null;
  balance: number;
}

/** The rewards the friends' wins have earned so far, claimed to the balance in one go. */
export function RewardsCard({ totalRewards, balance }: RewardsCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [claimed, setClaimed] = useState<number | null>(null);
  const claiming = useMutation({
    mutationFn: claimRewards,
    onSuccess: (answer) => {
      setBalance(answer.newBalance);
      queryClient.setQueryData<FriendsAnswer>(friendsKey, (old) => old && { ...old, totalRewards: answer.totalRewards });
      void queryClient.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (error) => {
      // Spec §8: logged; the server's own words (nothing to claim) are still worth showing.
      console.error('Failed to claim rewards', error);
      // The total shown may be stale, claimed from another device: ask again.
      void queryClient.invalidateQueries({ queryKey: friendsKey });
    },
  });

  const total = totalRewards ?? 0;
  const onClaim = () => {
    setClaimed(total);
    claiming.mutate();
  };
  const refusal = claimRefusal(claiming.error);
  const moved = claiming.isSuccess && claimed !== null;

  return (
    <Section
      className="rewards"
      aria-labelledby="rewards-title"
      header={<Section.Header id="rewards-title">{t('social.rewards.title')}</Section.Header>}
      footer={
        refusal || moved ? (
          <Section.Footer className="rewards__footer">
            {refusal && (
              <span className="rewards__refusal" role="alert">
                {refusal}
              </span>
            )}
            {moved && (
              <span className="rewards__moved" role="status">
                {t('social.rewards.moved', { amount: formatMoney(claimed, { exact: true }) })}
              </span>
            )}
          </Section.Footer>
        ) : undefined
      }
    >
      <Cell
        readOnly
        after={
          <Button size="m" disabled={total <= 0 || claiming.isPending} loading={claiming.isPending} onClick={onClaim}>
            {claiming.isPending ? t('social.rewards.claiming') : t('social.rewards.claim')}
          </Button>
        }
      >
        {/* Up to the wire's six decimals: a 3.5 % share of a small win is 0.028, not 0.02. */}
        <Title level="2" weight="1" Component="span" className="rewards__amount" data-testid="total-rewards">
          {formatMoney(total, { exact: true })}
        </Title>
      </Cell>
      <BalanceCell balance={balance} label={t('social.balance.label')} />
    </Section>
  );
}
