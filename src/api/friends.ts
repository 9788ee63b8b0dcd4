import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendsAnswer } from '../../protocol/growth.ts';
import { get } from './http.ts';

/** GET /api/friends → {friends, totalRewards}: who joined through the player's link, and what is claimable. */
export const fetchFriends = () => get<FriendsAnswer>('/friends');

export const friendsKey = ['friends'] as const;

export const friendsQueryOptions = () => queryOptions({ queryKey: friendsKey, queryFn: fetchFriends });

export const useFriends = () => useQuery(friendsQueryOptions());
