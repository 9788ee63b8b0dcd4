import { integrityText, riskFlagLabels, type AdminWithdrawalRow, type RiskFlagKind } from '../../../protocol/integrity.ts';
import { formatAdminDate, formatUsdt, plural, withdrawalStatusNames } from '../../format.ts';
import { useCan } from '../../operator.ts';
import { RiskLink } from '../../ui/RiskLink.tsx';

export const WITHDRAWAL_COLUMNS = ['Player', 'Amount', 'Fee', 'Address', 'Status', 'Created At', 'Risk', 'Actions'] as const;

/** Each open kind once, with how many flags of it are open when more than one. */
function kindCounts(kinds: RiskFlagKind[]): { kind: RiskFlagKind; count: number }[] {
  const counts = new Map<RiskFlagKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}

/** The player's risk at a glance, so a withdrawal is never approved blind; the name leads to the full view. */
function RiskSummary({ risk }: { risk: AdminWithdrawalRow['risk'] }) {
  const { frozen, openFlags, linkedAccounts } = risk;
  return (
    <ul className="admin-lines" data-testid="withdrawal-risk">
      {frozen && (
        <li>
          <span className="admin-badge admin-badge--danger">Frozen</span>
        </li>
      )}
      {openFlags.length === 0 ? (
        <li className="muted">No open flags</li>
      ) : (
        kindCounts(openFlags).map(({ kind, count }) => (
          <li key={kind} className="admin-flag-kind">
            {riskFlagLabels[kind] ?? kind}
            {count > 1 && ` ×${count}`}
          </li>
        ))
      )}
      <li className={linkedAccounts > 0 ? undefined : 'muted'}>
        {plural(linkedAccounts, 'linked account', 'linked accounts')}
      </li>
    </ul>
  );
}

interface WithdrawalRowProps {
  row: AdminWithdrawalRow;
  onApprove: () => void;
  onReject: () => void;
}

export function WithdrawalRow({ row, onApprove, onReject }: WithdrawalRowProps) {
  const mayDecide = useCan('withdrawals');
  return (
    <tr data-testid="withdrawal-row">
      <td>
        <RiskLink userId={row.userId} nickname={row.nickname} />
      </td>
      <td className="admin-number">{formatUsdt(row.amount)}</td>
      <td className="admin-number">{formatUsdt(row.fee)}</td>
      <td className="admin-mono">{row.toAddress}</td>
      <td>
        {withdrawalStatusNames[row.status] ?? row.status}
        {row.waitingForFundsSince && (
          <p className="admin-badge admin-badge--warning" data-testid="waiting-for-funds">
            Waiting for funds since {formatAdminDate(row.waitingForFundsSince)}
          </p>
        )}
        {row.heldFor && (
          <p className="muted" data-testid="held-for">
            Held: {row.heldFor}
          </p>
        )}
        {row.reviewReason && <p className="muted">{row.reviewReason}</p>}
      </td>
      <td className="admin-number">{formatAdminDate(row.createdAt)}</td>
      <td>
        <RiskSummary risk={row.risk} />
      </td>
      <td>
        {row.status === 'review' && mayDecide ? (
          <div className="admin-actions">
            {/* The server refuses to send a frozen player's money (409): unfreeze first. */}
            <button
              className="button button--small"
              type="button"
              aria-label={`Approve withdrawal of ${row.nickname}`}
              disabled={row.risk.frozen}
              title={row.risk.frozen ? integrityText.accountFrozen : undefined}
              onClick={onApprove}
            >
              Approve
            </button>
            <button className="button button--danger button--small" type="button" aria-label={`Reject withdrawal of ${row.nickname}`} onClick={onReject}>
              Reject
            </button>
          </div>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
