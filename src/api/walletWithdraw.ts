import type { WithdrawBody } from '../../protocol/wallet.ts';
import { post } from './http.ts';

/** POST /api/withdraw {userId, amount} → {newBalance}; the server sends to the saved address. */
export const withdraw = (body: WithdrawBody) => post<{ newBalance: number }>('/withdraw', body);
