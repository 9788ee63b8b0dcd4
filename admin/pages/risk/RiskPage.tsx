import { useEffect, useState } from 'react';
import { RISK_PAGE_SIZE, riskFlagKinds, riskFlagLabels, riskFlagStatuses, type RiskFlag, type RiskFlagKind, type RiskFlagStatus } from '../../../protocol/integrity.ts';
import { messageOf } from '../../../src/api/http.ts';
import { useRiskFlags } from '../../api/riskFlags.ts';
import { ListHead } from '../../ui/ListHead.tsx';
import { Pager, pageCount } from '../../ui/Pager.tsx';
import { DismissFlagPopup } from './DismissFlagPopup.tsx';
import { FlagsTable } from './FlagsTable.tsx';

const FETCH_FAILED = 'Failed to fetch risk flags';

const statusNames: Record<RiskFlagStatus, string> = { open: 'Open', dismissed: 'Dismissed' };

interface FlagsQuery {
  /** '' is every kind. */
  kind: RiskFlagKind | '';
  status: RiskFlagStatus;
  page: number;
}

const isKind = (value: string): value is RiskFlagKind => (riskFlagKinds as readonly string[]).includes(value);
const isStatus = (value: string): value is RiskFlagStatus => (riskFlagStatuses as readonly string[]).includes(value);

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
  const pages = pageCount(total, RISK_PAGE_SIZE);

  // The list shrank under the operator (flags dismissed here or elsewhere): stay in bounds.
  useEffect(() => {
    if (flags.data && query.page > pages) setQuery((current) => ({ ...current, page: pages }));
  }, [flags.data, pages, query.page]);

  return (
    <section className="admin-list">
      <ListHead title="Risk" totalLabel="Total flags" total={flags.data ? total : null} testId="total-flags" />

      <div className="admin-toolbar">
        <label className="admin-field">
          <span className="admin-field__label">Kind</span>
          <select
            className="admin-input"
            value={query.kind}
            onChange={(event) => {
              const kind = event.target.value;
              setQuery((current) => ({ ...current, kind: isKind(kind) ? kind : '', page: 1 }));
            }}
          >
            <option value="">All kinds</option>
            {riskFlagKinds.map((kind) => (
              <option key={kind} value={kind}>
                {riskFlagLabels[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Status</span>
          <select
            className="admin-input"
            value={query.status}
            onChange={(event) => {
              const status = event.target.value;
              if (isStatus(status)) setQuery((current) => ({ ...current, status, page: 1 }));
            }}
          >
            {riskFlagStatuses.map((status) => (
              <option key={status} value={status}>
                {statusNames[status]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {flags.isError && (
        <p className="form-error" role="alert">
          {messageOf(flags.error, { failed: FETCH_FAILED, error: FETCH_FAILED })}
        </p>
      )}

      <FlagsTable
        flags={flags.data?.flags ?? []}
        loading={flags.isPending}
        emptyText={flags.isSuccess ? 'No flags found for the current criteria.' : null}
        busy={flags.isFetching}
        onDismiss={setDismissing}
      />

      <Pager page={query.page} total={total} pageSize={RISK_PAGE_SIZE} onPage={(page) => setQuery((current) => ({ ...current, page }))} />
      {dismissing && <DismissFlagPopup flag={dismissing} onClose={() => setDismissing(null)} />}
    </section>
  );
}
