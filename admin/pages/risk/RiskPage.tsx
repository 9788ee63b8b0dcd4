import { useState } from 'react';
import { riskFlagKinds, riskFlagLabels, riskFlagStatuses, type RiskFlag, type RiskFlagKind, type RiskFlagStatus } from '../../../protocol/integrity.ts';
import { messageOf } from '../../../src/api/http.ts';
import { FormError } from '../../ui/FormError.tsx';
import { useRiskFlags } from '../../api/riskFlags.ts';
import { ListHead } from '../../ui/ListHead.tsx';
import { Pager, usePageInBounds } from '../../ui/Pager.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { DismissFlagPopup } from './DismissFlagPopup.tsx';
import { FlagsTable } from './FlagsTable.tsx';

const FETCH_FAILED = 'Failed to fetch risk flags';

/** The kind filter: '' is every kind. */
const kindOptions: readonly (RiskFlagKind | '')[] = ['', ...riskFlagKinds];
const kindNames: Record<RiskFlagKind | '', string> = { '': 'All kinds', ...riskFlagLabels };
const statusNames: Record<RiskFlagStatus, string> = { open: 'Open', dismissed: 'Dismissed' };

interface FlagsQuery {
  /** '' is every kind. */
  kind: RiskFlagKind | '';
  status: RiskFlagStatus;
  page: number;
}

/**
 * The integrity flags the server raised (collusion, shared devices and IPs, farmed rewards), open ones
 * first by default. Kind and status live in one state with the page, so a new filter and page 1 land
 * in one fetch. Dismissing asks for a note; the flag then moves to Dismissed.
 */
export function RiskPage() {
  const [query, setQuery] = useState<FlagsQuery>({ kind: '', status: 'open', page: 1 });
  const [dismissing, setDismissing] = useState<RiskFlag | null>(null);
  const flags = useRiskFlags({ kind: query.kind || undefined, status: query.status, page: query.page });
  const total = flags.data?.totalFlags ?? 0;
  const setPage = (page: number) => setQuery((current) => ({ ...current, page }));
  // The list shrinks under the operator (flags dismissed here or elsewhere).
  usePageInBounds(query.page, flags.data?.totalFlags, setPage);

  return (
    <section className="admin-list">
      <ListHead title="Risk" totalLabel="Total flags" total={flags.data ? total : null} testId="total-flags" />

      <div className="admin-toolbar">
        <SelectField
          label="Kind"
          value={query.kind}
          options={kindOptions}
          names={kindNames}
          onChange={(kind) => setQuery((current) => ({ ...current, kind, page: 1 }))}
        />
        <SelectField
          label="Status"
          value={query.status}
          options={riskFlagStatuses}
          names={statusNames}
          onChange={(status) => setQuery((current) => ({ ...current, status, page: 1 }))}
        />
      </div>

      <FormError message={flags.isError ? messageOf(flags.error, { failed: FETCH_FAILED, error: FETCH_FAILED }) : null} />

      <FlagsTable
        flags={flags.data?.flags ?? []}
        loading={flags.isPending}
        emptyText={flags.isSuccess ? 'No flags found for the current criteria.' : null}
        busy={flags.isFetching}
        onDismiss={setDismissing}
      />

      <Pager page={query.page} total={total} onPage={setPage} />
      {dismissing && <DismissFlagPopup flag={dismissing} onClose={() => setDismissing(null)} />}
    </section>
  );
}
