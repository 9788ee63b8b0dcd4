import type { WithdrawAnswer, WithdrawBody } from '../../protocol/wallet.ts';
import { post } from './http.ts';

/**
 * POST /api/withdraw {userId, amount} → {newBalance, status}; the server sends to the saved address, at
 * once ('pending') or once an operator approves it ('review': the amount is held meanwhile).
 */
export const withdraw = (body: WithdrawBody) => post<WithdrawAnswer>('/withdraw', body);
