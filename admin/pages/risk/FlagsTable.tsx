import { riskFlagLabels, type RiskFlag } from '../../../protocol/integrity.ts';
import { formatAdminDate } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FlagAccounts, FlagDetail } from './FlagSummary.tsx';
import { useCan } from '../../operator.ts';

const COLUMNS = ['Kind', 'Accounts', 'Count', 'First Seen', 'Last Seen', 'Detail', 'Actions'] as const;

interface FlagsTableProps {
  flags: RiskFlag[];
  /** Nothing to show yet. */
  loading: boolean;
  /** Shown when the answer has no flags. */
  emptyText: string | null;
  busy?: boolean;
  onDismiss: (flag: RiskFlag) => void;
}

function FlagRow({ flag, onDismiss }: { flag: RiskFlag; onDismiss: () => void }) {
  const label = riskFlagLabels[flag.kind] ?? flag.kind;
  const mayDismiss = useCan('risk');
  return (
    <tr data-testid="risk-flag">
      <td>{label}</td>
      <td>
        <FlagAccounts flag={flag} />
      </td>
      <td className="admin-number">{flag.count}</td>
      <td className="admin-number">{formatAdminDate(flag.firstAt)}</td>
      <td className="admin-number">{formatAdminDate(flag.lastAt)}</td>
      <td>
        <FlagDetail flag={flag} />
      </td>
      <td>
        {flag.status === 'open' && !mayDismiss ? (
          <span className="admin-badge">Open</span>
        ) : flag.status === 'open' ? (
          <button className="button button--secondary button--small" type="button" aria-label={`Dismiss flag: ${label} (${flag.nicknames.join(', ')})`} onClick={onDismiss}>
            Dismiss
          </button>
        ) : (
          <span className="admin-badge">Dismissed</span>
        )}
      </td>
    </tr>
  );
}

/** Risk flags, on the Risk page and on a player's risk view alike. */
export function FlagsTable({ flags, loading, emptyText, busy = false, onDismiss }: FlagsTableProps) {
  return (
    <DataTable columns={COLUMNS} loading={loading} emptyText={flags.length === 0 ? emptyText : null} busy={busy}>
      {flags.map((flag) => (
        <FlagRow key={flag._id} flag={flag} onDismiss={() => onDismiss(flag)} />
      ))}
    </DataTable>
  );
}
