import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './http.ts';

/** GET /api/wallet/wallet-address → {walletAddress}: the player's own deposit address. */
export const fetchWalletAddress = () => get<{ walletAddress: string }>('/wallet/wallet-address');

export const walletAddressQueryOptions = () =>
  // A player's deposit address never changes once made, so it is fetched once per session.
  queryOptions({ queryKey: ['wallet-address'] as const, queryFn: fetchWalletAddress, staleTime: Infinity });

export const useWalletAddress = () => useQuery(walletAddressQueryOptions());
