import { useEffect, useState } from 'react';
import { RISK_PAGE_SIZE, withdrawalStatuses, type AdminWithdrawalRow, type WithdrawalStatus } from '../../../protocol/integrity.ts';
import { messageOf } from '../../../src/api/http.ts';
import { useWithdrawals } from '../../api/withdrawals.ts';
import { withdrawalStatusNames } from '../../format.ts';
import { ListHead } from '../../ui/ListHead.tsx';
import { Pager, pageCount } from '../../ui/Pager.tsx';
import { TableMessage } from '../../ui/TableMessage.tsx';
import { ApprovePopup, RejectPopup } from './DecidePopups.tsx';
import { WITHDRAWAL_COLUMNS, WithdrawalRow } from './WithdrawalRow.tsx';

const FETCH_FAILED = 'Failed to fetch withdrawals';

interface WithdrawalsQuery {
  status: WithdrawalStatus;
  page: number;
}

type Decision = { action: 'approve' | 'reject'; row: AdminWithdrawalRow };

const isStatus = (value: string): value is WithdrawalStatus => (withdrawalStatuses as readonly string[]).includes(value);

/**
 * Withdrawals held for review (the default filter) and the others by status. Each row carries the
 * player's risk summary; one under review is approved (sent on chain) or rejected with a reason.
 */
export function WithdrawalsPage() {
  const [query, setQuery] = useState<WithdrawalsQuery>({ status: 'review', page: 1 });
  const [decision, setDecision] = useState<Decision | null>(null);
  const withdrawals = useWithdrawals(query);
  const total = withdrawals.data?.totalWithdrawals ?? 0;
  const pages = pageCount(total, RISK_PAGE_SIZE);

  // Decided rows leave the review list: the last page may empty under the operator.
  useEffect(() => {
    if (withdrawals.data && query.page > pages) setQuery((current) => ({ ...current, page: pages }));
  }, [withdrawals.data, pages, query.page]);

  const rows = withdrawals.data?.withdrawals ?? [];
  const close = () => setDecision(null);
  return (
    <section className="admin-list">
      <ListHead title="Withdrawals" totalLabel="Total withdrawals" total={withdrawals.data ? total : null} testId="total-withdrawals" />

      <div className="admin-toolbar">
        <label className="admin-field">
          <span className="admin-field__label">Status</span>
          <select
            className="admin-input"
            value={query.status}
            onChange={(event) => {
              const status = event.target.value;
              if (isStatus(status)) setQuery({ status, page: 1 });
            }}
          >
            {withdrawalStatuses.map((status) => (
              <option key={status} value={status}>
                {withdrawalStatusNames[status]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {withdrawals.isError && (
        <p className="form-error" role="alert">
          {messageOf(withdrawals.error, { failed: FETCH_FAILED, error: FETCH_FAILED })}
        </p>
      )}

      <div className="admin-table-wrap" aria-busy={withdrawals.isFetching}>
        <table className="admin-table">
          <thead>
            <tr>
              {WITHDRAWAL_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {withdrawals.isPending && <TableMessage colSpan={WITHDRAWAL_COLUMNS.length}>Loading...</TableMessage>}
            {withdrawals.isSuccess && rows.length === 0 && (
              <TableMessage colSpan={WITHDRAWAL_COLUMNS.length}>No withdrawals found for the current criteria.</TableMessage>
            )}
            {rows.map((row) => (
              <WithdrawalRow
                key={row._id}
                row={row}
                onApprove={() => setDecision({ action: 'approve', row })}
                onReject={() => setDecision({ action: 'reject', row })}
              />
            ))}
          </tbody>
        </table>
      </div>

      <Pager page={query.page} total={total} pageSize={RISK_PAGE_SIZE} onPage={(page) => setQuery((current) => ({ ...current, page }))} />
      {decision?.action === 'approve' && <ApprovePopup row={decision.row} onClose={close} />}
      {decision?.action === 'reject' && <RejectPopup row={decision.row} onClose={close} />}
    </section>
  );
}
