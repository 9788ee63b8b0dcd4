import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsersAnswer } from '../../protocol/admin.ts';
import type { z } from 'zod';
import type { affiliateSettingBody } from '../../protocol/growth.ts';
import { adminPost } from './adminHttp.ts';
import { usersKey } from './users.ts';

export type AffiliateSetting = z.input<typeof affiliateSettingBody>;

/** POST /api/admin/users/{id}/affiliate {isAffiliate, affiliatePercentage 0–10} → the stored setting. */
export const saveUserAffiliate = (userId: string, setting: AffiliateSetting) =>
  adminPost<AffiliateSetting>(`/users/${encodeURIComponent(userId)}/affiliate`, setting);

export function useSaveUserAffiliate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: AffiliateSetting) => saveUserAffiliate(userId, setting),
    onSuccess: (saved) => {
      // Every cached page that shows this player takes the stored values.
      queryClient.setQueriesData<UsersAnswer>({ queryKey: usersKey }, (answer) =>
        answer && { ...answer, users: answer.users.map((user) => (user._id === userId ? { ...user, ...saved } : user)) },
      );
    },
  });
}
