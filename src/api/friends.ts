import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendsAnswer } from '../../protocol/growth.ts';
import { get } from './http.ts';

/**
 * GET /api/friends → {friends, totalRewards, qualifyRule}: who joined through the player's link (and
 * whether each counts toward Invite 20 friends yet), what is claimable, and the line that says what counts.
 */
export const fetchFriends = () => get<FriendsAnswer>('/friends');

export const friendsKey = ['friends'] as const;

export const friendsQueryOptions = () => queryOptions({ queryKey: friendsKey, queryFn: fetchFriends });

export const useFriends = () => useQuery(friendsQueryOptions());
