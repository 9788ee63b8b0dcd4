import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, OperatorRole, OperatorView, SecondFactorSetup } from '../../protocol/operators.ts';
import { adminGet, adminPost, queryString } from './adminHttp.ts';

/** POST /api/admin/2fa/setup → {secret, otpauthUrl, recoveryCodes}; POST /api/admin/2fa/confirm {code}. */
export const setUpSecondFactor = () => adminPost<SecondFactorSetup>('/2fa/setup', {});
export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => adminPost<{ secondFactor: true }>('/2fa/confirm', { code }),
    // The session answer says whether it is on: ask it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-session'] }),
  });
}

const operatorsKey = ['admin', 'operators'] as const;
/** GET /api/admin/operators (owners). */
export const useOperators = () => useQuery({ queryKey: operatorsKey, queryFn: () => adminGet<{ operators: OperatorView[] }>('/operators') });

/** The owners' changes to operators; each refreshes the list. */
export function useOperatorChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { path: string; body?: object }) => adminPost<{ operator?: OperatorView }>(change.path, change.body ?? {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}

export const createOperator = (body: { username: string; password: string; role: OperatorRole }) => ({ path: '/operators', body });

/** GET /api/admin/audit?page → the audit trail, newest first (owners). */
export const useAudit = (page: number) =>
  useQuery({ queryKey: ['admin', 'audit', page] as const, queryFn: () => adminGet<{ entries: AuditEntry[] }>(`/audit${queryString({ page })}`) });
