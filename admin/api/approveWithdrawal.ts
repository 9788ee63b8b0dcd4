import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideWithdrawalAnswer } from '../../protocol/integrity.ts';
import { adminPost } from './adminHttp.ts';
import { withdrawalsKey } from './withdrawals.ts';

/** POST /api/admin/withdrawals/{id}/approve {} → {_id, status}; 409 when another operator decided first. */
export const approveWithdrawal = (withdrawalId: string) =>
  adminPost<DecideWithdrawalAnswer>(`/withdrawals/${encodeURIComponent(withdrawalId)}/approve`, {});

export function useApproveWithdrawal(withdrawalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveWithdrawal(withdrawalId),
    // Settled: after a lost race (409) the list must show what the other operator decided.
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
