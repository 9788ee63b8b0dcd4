import { post } from './http.ts';

export interface DevDepositBody {
  address: string;
  amount: number;
  currency: 'USDT' | 'TRX';
}

/**
 * POST /api/dev/deposit {address, amount, currency} → {txId}. Only on the devchain: a transfer from the
 * "outside world" into the address, credited once it has its confirmations, like a real deposit.
 */
export const simulateDeposit = (body: DevDepositBody) => post<{ txId: string }>('/dev/deposit', body);
