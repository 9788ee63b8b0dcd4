import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DismissFlagBody } from '../../protocol/integrity.ts';
import { adminPost } from './adminHttp.ts';
import { riskFlagsKey } from './riskFlags.ts';
import { userRiskKey } from './userRisk.ts';
import { withdrawalsKey } from './withdrawals.ts';

/** POST /api/admin/risk/flags/{id}/dismiss {note} → {ok: true}; the note is required (server checks too). */
export const dismissFlag = (flagId: string, body: DismissFlagBody) =>
  adminPost<{ ok: true }>(`/risk/flags/${encodeURIComponent(flagId)}/dismiss`, body);

export function useDismissFlag(flagId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissFlagBody) => dismissFlag(flagId, body),
    // Settled, not only succeeded: a flag dismissed meanwhile by another operator (409) must leave the open list too.
    onSettled: () =>
      Promise.all(
        // A flag shows in the flags list, on each of its accounts' risk views and in the withdrawals' open flags.
        [riskFlagsKey, userRiskKey, withdrawalsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
