import { useState } from 'react';
import { withdrawalStatuses, type AdminWithdrawalRow, type WithdrawalStatus } from '../../../protocol/integrity.ts';
import { messageOf } from '../../../src/api/http.ts';
import { FormError } from '../../ui/FormError.tsx';
import { useWithdrawals } from '../../api/withdrawals.ts';
import { withdrawalStatusNames } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { ListHead } from '../../ui/ListHead.tsx';
import { Pager, usePageInBounds } from '../../ui/Pager.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { ApprovePopup, RejectPopup } from './DecidePopups.tsx';
import { WITHDRAWAL_COLUMNS, WithdrawalRow } from './WithdrawalRow.tsx';

const FETCH_FAILED = 'Failed to fetch withdrawals';

interface WithdrawalsQuery {
  status: WithdrawalStatus;
  page: number;
}

type Decision = { action: 'approve' | 'reject'; row: AdminWithdrawalRow };

/**
 * Withdrawals held for review (the default filter) and the others by status. Each row carries the
 * player's risk summary; one under review is approved (sent on chain) or rejected with a reason.
 */
export function WithdrawalsPage() {
  const [query, setQuery] = useState<WithdrawalsQuery>({ status: 'review', page: 1 });
  const [decision, setDecision] = useState<Decision | null>(null);
  const withdrawals = useWithdrawals(query);
  const total = withdrawals.data?.totalWithdrawals ?? 0;
  const setPage = (page: number) => setQuery((current) => ({ ...current, page }));
  // Decided rows leave the review list: the last page may empty under the operator.
  usePageInBounds(query.page, withdrawals.data?.totalWithdrawals, setPage);

  const rows = withdrawals.data?.withdrawals ?? [];
  const close = () => setDecision(null);
  return (
    <section className="admin-list">
      <ListHead title="Withdrawals" totalLabel="Total withdrawals" total={withdrawals.data ? total : null} testId="total-withdrawals" />

      <div className="admin-toolbar">
        <SelectField
          label="Status"
          value={query.status}
          options={withdrawalStatuses}
          names={withdrawalStatusNames}
          onChange={(status) => setQuery({ status, page: 1 })}
        />
      </div>

      <FormError message={withdrawals.isError ? messageOf(withdrawals.error, { failed: FETCH_FAILED, error: FETCH_FAILED }) : null} />

      <DataTable
        columns={WITHDRAWAL_COLUMNS}
        loading={withdrawals.isPending}
        emptyText={withdrawals.isSuccess && rows.length === 0 ? 'No withdrawals found for the current criteria.' : null}
        busy={withdrawals.isFetching}
      >
        {rows.map((row) => (
          <WithdrawalRow
            key={row._id}
            row={row}
            onApprove={() => setDecision({ action: 'approve', row })}
            onReject={() => setDecision({ action: 'reject', row })}
          />
        ))}
      </DataTable>

      <Pager page={query.page} total={total} onPage={setPage} />
      {decision?.action === 'approve' && <ApprovePopup row={decision.row} onClose={close} />}
      {decision?.action === 'reject' && <RejectPopup row={decision.row} onClose={close} />}
    </section>
  );
}
