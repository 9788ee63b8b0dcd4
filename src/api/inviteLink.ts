import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './http.ts';

/** GET /api/invite-link → {inviteLink}: the player's personal link (Mini App, bot or register page). */
export const fetchInviteLink = () => get<{ inviteLink: string }>('/invite-link');

export const inviteLinkQueryOptions = () =>
  // A player's invite code never changes; the link only with the server's bot settings.
  queryOptions({ queryKey: ['invite-link'] as const, queryFn: fetchInviteLink, staleTime: Infinity });

export const useInviteLink = () => useQuery(inviteLinkQueryOptions());
