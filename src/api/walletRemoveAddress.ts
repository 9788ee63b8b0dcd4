import { post } from './http.ts';

/** POST /api/wallet/remove-address → {savedAddress: null}: forget the withdrawal address. */
export const removeWalletAddress = () => post<{ savedAddress: null }>('/wallet/remove-address');
