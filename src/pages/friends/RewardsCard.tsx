import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FriendsAnswer } from '../../../protocol/growth.ts';
import { claimRewards } from '../../api/claimRewards.ts';
import { friendsKey } from '../../api/friends.ts';
import { ApiError } from '../../api/http.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { setBalance } from '../../app/session.ts';
import { BalanceLine } from '../../ui/BalanceLine.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { formatUsdt } from '../../ui/formatUsdt.ts';

interface RewardsCardProps {
  /** Pending referral rewards; null until GET /api/friends answers. */
  totalRewards: number | null;
  balance: number;
}

/** The rewards the friends' wins have earned so far, claimed to the balance in one go. */
export function RewardsCard({ totalRewards, balance }: RewardsCardProps) {
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

  return (
    <section className="card rewards" aria-labelledby="rewards-title">
      <div className="rewards__row">
        <div>
          <h2 id="rewards-title" className="rewards__label">
            Rewards to claim
          </h2>
          <p className="rewards__amount" data-testid="total-rewards">
            ${formatUsdt(total)}
          </p>
        </div>
        <button className="button rewards__claim" type="button" disabled={total <= 0 || claiming.isPending} onClick={onClaim}>
          {claiming.isPending ? 'Claiming…' : 'Claim'}
        </button>
      </div>
      <FormError message={claiming.error instanceof ApiError ? claiming.error.serverMessage : null} />
      {claiming.isSuccess && claimed !== null && (
        <p className="form-success" role="status">
          ${formatUsdt(claimed)} moved to your balance.
        </p>
      )}
      <BalanceLine balance={balance} />
    </section>
  );
}
