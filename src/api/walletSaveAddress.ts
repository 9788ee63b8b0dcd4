import { post } from './http.ts';

/** POST /api/wallet/save-address {savedAddress} → {savedAddress}: the withdrawal address of the account. */
export const saveWalletAddress = (body: { savedAddress: string }) =>
  post<{ savedAddress: string }>('/wallet/save-address', body);
