import { Button, Cell, List, Placeholder, Section, Spinner, Subheadline } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Transaction } from '../../../protocol/wallet.ts';
import { messageOf } from '../../api/http.ts';
import { useTransactions } from '../../api/transactions.ts';
import { session } from '../../app/session.ts';
import { selectionHaptic } from '../../platform/telegram.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import {
  groupByDay,
  signedAmount,
  statusText,
  timeOfDay,
  transactionFilters,
  typeKeys,
  visibleTransactions,
  type TransactionFilter,
} from './transactionList.ts';
import './transaction-history.css';

const USDT = 'USDT';

/** /transaction-history: deposits, withdrawals and rewards, by day, newest first. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <PageFrame title={t('wallet.history.title')}>
      <TransactionList userId={user._id} />
    </PageFrame>
  );
}

function TransactionList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const transactions = useTransactions(userId);
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const groups = transactions.data ? groupByDay(visibleTransactions(transactions.data.transactions, filter)) : [];
  const choose = (next: TransactionFilter) => {
    if (next !== filter) selectionHaptic();
    setFilter(next);
  };

  return (
    <List className="transactions">
      {/* Buttons that wrap, not a segmented control: Russian and Armenian filter names do not fit four abreast at 320 px. */}
      <div className="transactions__filters" role="group" aria-label={t('wallet.history.show')}>
        {transactionFilters.map((option) => (
          <Button
            key={option}
            type="button"
            size="s"
            mode={option === filter ? 'filled' : 'bezeled'}
            aria-pressed={option === filter}
            onClick={() => choose(option)}
          >
            {t(`wallet.history.filter.${option}`)}
          </Button>
        ))}
      </div>

      {transactions.isPending && (
        <Placeholder description={t('wallet.history.loading')}>
          <Spinner size="m" />
        </Placeholder>
      )}
      <FormError
        message={
          transactions.error
            ? messageOf(transactions.error, { failed: t('wallet.history.failed'), error: t('wallet.history.error') })
            : null
        }
      />
      {transactions.data && groups.length === 0 && <Placeholder header={t(`wallet.history.empty.${filter}`)} />}

      {groups.map((group) => (
        <Section
          key={group.key}
          aria-label={group.heading}
          // A level-2 heading per day under the page's title, so a screen reader can jump day by day.
          header={
            <Subheadline Component="h2" level="2" weight="2" className="transactions__date">
              {group.heading}
            </Subheadline>
          }
        >
          {group.transactions.map((transaction) => (
            <TransactionRow key={transaction._id} transaction={transaction} />
          ))}
        </Section>
      ))}
    </List>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const time = timeOfDay(transaction.date);
  // Only for the colour: an unknown status from the server gets none, never a broken class name.
  const status = transaction.status.toLowerCase().replace(/[^a-z-]/g, '');
  return (
    <Cell
      readOnly
      // Long Russian and Armenian type names wrap instead of being cut at 320 px.
      multiline
      data-testid="transaction"
      subtitle={
        <>
          {time && <time dateTime={transaction.date}>{time}</time>}
          {time && ' · '}
          <span className={`transaction__status transaction__status--${status}`} data-testid="status">
            {statusText(transaction.status)}
          </span>
        </>
      }
      after={
        <span
          className={transaction.type === 'withdrawal' ? 'transaction__amount' : 'transaction__amount transaction__amount--in'}
          data-testid="amount"
        >
          {/* The coin under the amount: the row's name keeps the width a long Russian or Armenian word needs. */}
          {signedAmount(transaction)} <span className="transaction__unit">{USDT}</span>
        </span>
      }
    >
      <span className="transaction__type">{t(`wallet.history.type.${typeKeys[transaction.type]}`)}</span>
    </Cell>
  );
}
