import i18next from 'i18next';
import type { Transaction, TransactionType } from '../../../protocol/wallet.ts';
import { formatCoins, formatDay, formatTime } from '../../i18n/format.ts';

export type TransactionFilter = 'all' | 'deposits' | 'withdrawals' | 'rewards';

/** In the order the filter buttons show them; each names its label and empty text in wallet.history. */
export const transactionFilters: readonly TransactionFilter[] = ['all', 'deposits', 'withdrawals', 'rewards'];

const typesOf: Record<TransactionFilter, readonly TransactionType[]> = {
  all: ['deposit', 'withdrawal', 'claim-reward', 'task-reward'],
  deposits: ['deposit'],
  withdrawals: ['withdrawal'],
  rewards: ['claim-reward', 'task-reward'],
};

/** A transaction type's key in wallet.history.type. */
export const typeKeys = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  'claim-reward': 'claimReward',
  'task-reward': 'taskReward',
} as const satisfies Record<TransactionType, string>;

/** The statuses the server sends (server/wallet/transactions.ts), by their key in wallet.history.status. */
const statusKeys = {
  pending: 'pending',
  sending: 'sending',
  completed: 'completed',
  failed: 'failed',
  'under-review': 'underReview',
  rejected: 'rejected',
  'below-minimum': 'belowMinimum',
} as const;

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

/** The heading of a local calendar day in the language shown; 'Invalid Date' (translated) for a date that cannot be parsed (spec §8). */
export function dayHeading(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return i18next.t('common.invalidDate');
  return formatDay(parsed);
}

export function timeOfDay(date: string): string | null {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return formatTime(parsed);
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
  const amount = transaction.type === 'withdrawal' ? -transaction.amount : transaction.amount;
  // Up to 6 decimals: a TRX deposit is credited to the micro-USDT, and rounding would misstate it.
  return formatCoins(amount, { exact: true, signed: true });
}

/** A known status in the language shown; any other as it comes, capitalised: 'below-minimum' → 'Below minimum'. */
export function statusText(status: string): string {
  if (Object.hasOwn(statusKeys, status)) return i18next.t(`wallet.history.status.${statusKeys[status as keyof typeof statusKeys]}`);
  const words = status.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
