import { lazy, Suspense, useState } from 'react';
import { messageOf } from '../../../src/api/http.ts';
import { fetchTreasuryExport, useSweepNow, useTreasury } from '../../api/treasury.ts';
import { todayInput, toRangeQuery } from '../../dateRange.ts';
import { useCan } from '../../operator.ts';
import { saveFile } from '../../ui/download.ts';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { ReconciliationTable, SweepsTable } from './SweepsTable.tsx';
import { TreasuryFigures } from './TreasuryFigures.tsx';

// The chart library comes with this page only (and the dashboard's), never with the rest of the app.
const TreasuryCharts = lazy(() => import('../../charts/TreasuryCharts.tsx'));

const FETCH_FAILED = 'Failed to load the treasury';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The treasury (issue 34): what the house owes (the ledger) against what it holds (the chain), the hot
 * wallet, the chain's fees over the range, owes and holds over time, the latest sweeps and the
 * reconciliation's flags. "Sweep now" where this node holds the deposit keys (the devchain); on tron the
 * treasury process sweeps.
 */
export function TreasuryPage() {
  const [start, setStart] = useState(() => todayInput(new Date(Date.now() - 29 * DAY_MS)));
  const [end, setEnd] = useState(todayInput);
  const range = toRangeQuery(start, end);
  const treasury = useTreasury(range);
  const mayExport = useCan('exports');
  const sweep = useSweepNow();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const data = treasury.data;

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await fetchTreasuryExport(range);
      saveFile(file.blob, file.filename ?? 'treasury.xlsx');
    } catch (error) {
      setExportError(messageOf(error, { failed: 'The export failed', error: 'The export failed' }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="treasury">
      <header className="admin-page-head">
        <h1 className="admin__title">Treasury</h1>
        <div className="admin-toolbar" role="group" aria-label="Date range">
          <DateRangeFields start={start} end={end} onStart={setStart} onEnd={setEnd} />
          {mayExport && (
            <button className="button button--secondary" type="button" disabled={exporting} onClick={() => void download()}>
              Export xlsx
            </button>
          )}
          {data?.canSweep && (
            <button className="button" type="button" disabled={sweep.isPending} onClick={() => sweep.mutate()}>
              {sweep.isPending ? 'Sweeping…' : 'Sweep now'}
            </button>
          )}
        </div>
      </header>

      <FormError message={treasury.isError ? messageOf(treasury.error, { failed: FETCH_FAILED, error: FETCH_FAILED }) : null} />
      <FormError message={sweep.isError ? messageOf(sweep.error, { failed: 'The sweep failed', error: 'The sweep failed' }) : null} />
      <FormError message={exportError} />
      {sweep.isSuccess && (
        <p className="muted" role="status" data-testid="sweep-result">
          {sweep.data.sweeps.length === 0 ? 'Nothing to sweep.' : `${sweep.data.sweeps.length} sweeps under way.`}
        </p>
      )}
      {data?.chain === 'tron' && !data.canSweep && <p className="muted">Sweeps run in the treasury process (npm run treasury -- watch), which holds the deposit keys.</p>}

      {data ? <TreasuryFigures data={data} /> : treasury.isPending && <p className="muted">Loading...</p>}

      {data && (
        <Suspense fallback={<p className="muted">Loading charts...</p>}>
          <TreasuryCharts days={data.days} />
        </Suspense>
      )}

      <h2 className="admin__subtitle">Reconciliation</h2>
      <ReconciliationTable flags={data?.flags ?? []} />

      <h2 className="admin__subtitle">Sweeps</h2>
      <SweepsTable sweeps={data?.sweeps ?? []} loading={treasury.isPending} />
    </section>
  );
}
