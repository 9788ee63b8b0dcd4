import type { Transaction, TransactionType } from '../../../protocol/wallet.ts';

export type TransactionFilter = 'all' | 'deposits' | 'withdrawals' | 'rewards';

export const transactionFilters: { value: TransactionFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No transactions yet.' },
  { value: 'deposits', label: 'Deposits', empty: 'No deposits yet.' },
  { value: 'withdrawals', label: 'Withdrawals', empty: 'No withdrawals yet.' },
  { value: 'rewards', label: 'Rewards', empty: 'No rewards yet.' },
];

const typesOf: Record<TransactionFilter, readonly TransactionType[]> = {
  all: ['deposit', 'withdrawal', 'claim-reward', 'task-reward'],
  deposits: ['deposit'],
  withdrawals: ['withdrawal'],
  rewards: ['claim-reward', 'task-reward'],
};

export const typeLabels: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  'claim-reward': 'Friends reward',
  'task-reward': 'Task reward',
};

/** A date that cannot be parsed sorts last rather than breaking the order of the rest. */
function timeOf(transaction: Transaction): number {
  const time = Date.parse(transaction.date);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Spec §2: only the four known types with an amount above 0, newest first. */
export function visibleTransactions(transactions: readonly Transaction[], filter: TransactionFilter): Transaction[] {
  const types = typesOf[filter];
  return transactions
    .filter((t) => types.includes(t.type) && t.amount > 0)
    .sort((a, b) => timeOf(b) - timeOf(a));
}

export interface DateGroup {
  key: string;
  heading: string;
  transactions: Transaction[];
}

const INVALID_DATE = 'Invalid Date';

/** The heading of a local calendar day; 'Invalid Date' for a date that cannot be parsed (spec §8). */
export function dayHeading(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return INVALID_DATE;
  return parsed.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function timeOfDay(date: string): string | null {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return parsed.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** Groups already sorted transactions by their local day, keeping the order. */
export function groupByDay(transactions: readonly Transaction[]): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const transaction of transactions) {
    const heading = dayHeading(transaction.date);
    const last = groups.at(-1);
    if (last?.heading === heading) last.transactions.push(transaction);
    else groups.push({ key: `${heading}-${groups.length}`, heading, transactions: [transaction] });
  }
  return groups;
}

/** Deposits and rewards add to the balance, withdrawals take from it (spec §2). */
export function signedAmount(transaction: Transaction): string {
  const sign = transaction.type === 'withdrawal' ? '-' : '+';
  // Up to 6 decimals: a TRX deposit is credited to the micro-USDT, and rounding would misstate it.
  const amount = transaction.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: false });
  return `${sign}${amount}`;
}

/** 'pending' → 'Pending', 'below-minimum' → 'Below minimum'. */
export function statusText(status: string): string {
  const words = status.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
