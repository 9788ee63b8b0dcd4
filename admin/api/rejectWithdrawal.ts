import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideWithdrawalAnswer, RejectWithdrawalBody } from '../../protocol/integrity.ts';
import { adminPost } from './adminHttp.ts';
import { usersKey } from './users.ts';
import { userRiskKey } from './userRisk.ts';
import { withdrawalsKey } from './withdrawals.ts';

/** POST /api/admin/withdrawals/{id}/reject {reason} → {_id, status}; 409 when another operator decided first. */
export const rejectWithdrawal = (withdrawalId: string, body: RejectWithdrawalBody) =>
  adminPost<DecideWithdrawalAnswer>(`/withdrawals/${encodeURIComponent(withdrawalId)}/reject`, body);

export function useRejectWithdrawal(withdrawalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectWithdrawalBody) => rejectWithdrawal(withdrawalId, body),
    // Settled: after a lost race (409) the list must show what the other operator decided. A rejection
    // may also give the amount back, so the balances shown elsewhere are read again.
    onSettled: () => Promise.all([withdrawalsKey, userRiskKey, usersKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
