import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreezeAnswer, FreezeBody, UserRiskAnswer } from '../../protocol/integrity.ts';
import { adminPost } from './adminHttp.ts';
import { userRiskQueryOptions } from './userRisk.ts';
import { withdrawalsKey } from './withdrawals.ts';

/** POST /api/admin/users/{id}/freeze {frozen, reason} → {frozen, reason, frozenAt}; freezing needs a reason. */
export const freezeUser = (userId: string, body: FreezeBody) =>
  adminPost<FreezeAnswer>(`/users/${encodeURIComponent(userId)}/freeze`, body);

export function useFreezeUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FreezeBody) => freezeUser(userId, body),
    onSuccess: ({ frozen, reason, frozenAt }) => {
      // The answer is all that freezing changes on the risk view: it is written in, no second fetch.
      queryClient.setQueryData<UserRiskAnswer>(userRiskQueryOptions(userId).queryKey, (risk) =>
        risk && { ...risk, user: { ...risk.user, frozen, frozenReason: reason, frozenAt } },
      );
    },
    // Settled, like the other decisions: the withdrawals under review show each player's frozen badge,
    // and after a refusal the risk view is read again (it may be out of date).
    onSettled: (_answer, error) => {
      const stale = error ? [withdrawalsKey, userRiskQueryOptions(userId).queryKey] : [withdrawalsKey];
      return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
