import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '../../protocol/wallet.ts';
import { get } from './http.ts';

/** GET /api/transactions/{userId} → {transactions}: deposits, withdrawals and rewards, newest first. */
export const fetchTransactions = (userId: string) =>
  get<{ transactions: Transaction[] }>(`/transactions/${encodeURIComponent(userId)}`);

export const transactionsKey = ['transactions'] as const;

export const transactionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...transactionsKey, userId] as const, queryFn: () => fetchTransactions(userId) });

export const useTransactions = (userId: string) => useQuery(transactionsQueryOptions(userId));
