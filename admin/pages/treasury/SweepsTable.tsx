import type { SweepView, TreasuryFlagView } from '../../../protocol/treasury.ts';
import { formatAdminDate } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { RiskLink } from '../../ui/RiskLink.tsx';

const stepNames: Record<SweepView['step'], string> = {
  fund: 'Funding fees',
  transfer: 'Transferring',
  reclaim: 'Taking back',
  done: 'Done',
  failed: 'Failed',
};

const amountText = (amount: number, currency: string) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} ${currency}`;

/** The latest sweeps, each with its chain transactions and what they cost. */
export function SweepsTable({ sweeps, loading }: { sweeps: SweepView[]; loading: boolean }) {
  return (
    <DataTable
      columns={['Started', 'Address', 'Amount', 'To', 'Step', 'Transactions', 'TRX burned', 'Energy']}
      loading={loading}
      emptyText={!loading && sweeps.length === 0 ? 'No sweeps yet.' : null}
    >
      {sweeps.map((sweep) => (
        <tr key={sweep.id} data-testid="sweep-row">
          <td>{formatAdminDate(sweep.createdAt)}</td>
          <td className="admin-mono">{sweep.address}</td>
          <td className="admin-number">{amountText(sweep.amount, sweep.currency)}</td>
          <td>{sweep.destinationKind === 'hot' ? 'Hot wallet' : 'Cold address'}</td>
          <td>
            {stepNames[sweep.step]}
            {sweep.error && <p className="muted">{sweep.error}</p>}
          </td>
          <td>
            <ul className="admin-lines">
              {sweep.transactions.map((tx) => (
                <li key={tx.txId} title={tx.txId}>
                  {tx.kind} · {tx.status} · <span className="admin-mono">{tx.txId.slice(0, 10)}…</span>
                </li>
              ))}
            </ul>
          </td>
          <td className="admin-number">{sweep.feeTrx.toLocaleString('en-US', { maximumFractionDigits: 6 })}</td>
          <td className="admin-number">{sweep.energyUsed.toLocaleString('en-US')}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Deposit addresses whose balance on chain is not what their records say. */
export function ReconciliationTable({ flags }: { flags: TreasuryFlagView[] }) {
  return (
    <DataTable columns={['Address', 'Player', 'Currency', 'Records say', 'Chain shows', 'First seen', 'Last seen']} emptyText={flags.length === 0 ? 'Every deposit address matches its records.' : null} compact>
      {flags.map((flag) => (
        <tr key={`${flag.address}-${flag.currency}`} data-testid="treasury-flag">
          <td className="admin-mono">{flag.address}</td>
          <td>{flag.userId ? <RiskLink userId={flag.userId} nickname="Player" /> : '—'}</td>
          <td>{flag.currency}</td>
          <td className="admin-number">{amountText(flag.expected, flag.currency)}</td>
          <td className="admin-number">{amountText(flag.actual, flag.currency)}</td>
          <td>{formatAdminDate(flag.firstAt)}</td>
          <td>{formatAdminDate(flag.lastAt)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
