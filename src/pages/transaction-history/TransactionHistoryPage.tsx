import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Transaction } from '../../../protocol/wallet.ts';
import { messageOf } from '../../api/http.ts';
import { useTransactions } from '../../api/transactions.ts';
import { session } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import {
  groupByDay,
  signedAmount,
  statusText,
  timeOfDay,
  transactionFilters,
  typeLabels,
  visibleTransactions,
  type TransactionFilter,
} from './transactionList.ts';
import './transaction-history.css';

/** /transaction-history: deposits, withdrawals and rewards, by day, newest first. */
export function TransactionHistoryPage() {
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <PageFrame title="Transaction History">
      <TransactionList userId={user._id} />
    </PageFrame>
  );
}

function TransactionList({ userId }: { userId: string }) {
  const transactions = useTransactions(userId);
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const current = transactionFilters.find((f) => f.value === filter) ?? transactionFilters[0];
  const groups = transactions.data ? groupByDay(visibleTransactions(transactions.data.transactions, filter)) : [];

  return (
    <div className="transactions">
      <div className="transactions__filters" role="group" aria-label="Show">
        {transactionFilters.map((option) => (
          <button
            key={option.value}
            type="button"
            className="transactions__filter"
            aria-pressed={option.value === filter}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>

      {transactions.isPending && <p className="muted">Loading transactions…</p>}
      <FormError
        message={
          transactions.error
            ? messageOf(transactions.error, { failed: 'Failed to fetch transactions', error: 'Error fetching transactions' })
            : null
        }
      />
      {transactions.data && groups.length === 0 && <p className="transactions__empty">{current?.empty}</p>}

      {groups.map((group) => (
        <section key={group.key} className="transactions__day" aria-label={group.heading}>
          <h2 className="transactions__date">{group.heading}</h2>
          <ul className="transactions__list">
            {group.transactions.map((transaction) => (
              <TransactionRow key={transaction._id} transaction={transaction} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const time = timeOfDay(transaction.date);
  // Only for the colour: an unknown status from the server gets none, never a broken class name.
  const status = transaction.status.toLowerCase().replace(/[^a-z-]/g, '');
  return (
    <li className="transaction" data-testid="transaction">
      <div className="transaction__what">
        <span className="transaction__type">{typeLabels[transaction.type]}</span>
        <span className="muted">
          {time && <time dateTime={transaction.date}>{time}</time>}
          {time && ' · '}
          <span className={`transaction__status transaction__status--${status}`} data-testid="status">
            {statusText(transaction.status)}
          </span>
        </span>
      </div>
      <span
        className={transaction.type === 'withdrawal' ? 'transaction__amount' : 'transaction__amount transaction__amount--in'}
        data-testid="amount"
      >
        {signedAmount(transaction)} <span className="transaction__unit">USDT</span>
      </span>
    </li>
  );
}
