import { useState } from 'react';
import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '../../../protocol/operators.ts';
import { messageOf } from '../../../src/api/http.ts';
import { createOperator, useAudit, useOperatorChange, useOperators } from '../../api/operators.ts';
import { formatAdminDate } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormError } from '../../ui/FormError.tsx';

const roleNames: Record<OperatorRole, string> = { owner: 'Owner', finance: 'Finance', support: 'Support', viewer: 'Viewer' };
const failed = { failed: 'The change failed', error: 'The change failed' };

function RoleSelect({ value, label, onChange }: { value: OperatorRole; label: string; onChange: (role: OperatorRole) => void }) {
  return (
    <select className="admin-input" aria-label={label} value={value} onChange={(event) => onChange(event.target.value as OperatorRole)}>
      {OPERATOR_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleNames[role]}
        </option>
      ))}
    </select>
  );
}

function OperatorRow({ operator, change }: { operator: OperatorView; change: (path: string, body?: object) => void }) {
  const at = `/operators/${encodeURIComponent(operator.id)}`;
  return (
    <tr data-testid="operator-row">
      <td>{operator.username}</td>
      <td>
        <RoleSelect value={operator.role} label={`Role of ${operator.username}`} onChange={(role) => change(`${at}/role`, { role })} />
      </td>
      <td>{operator.secondFactor ? 'On' : 'Off'}</td>
      <td>{operator.disabled ? 'Disabled' : 'Active'}</td>
      <td>{formatAdminDate(operator.createdAt)}</td>
      <td>
        <div className="admin-actions">
          <button className="button button--secondary button--small" type="button" onClick={() => change(`${at}/${operator.disabled ? 'enable' : 'disable'}`)}>
            {operator.disabled ? 'Enable' : 'Disable'}
          </button>
          <button
            className="button button--secondary button--small"
            type="button"
            onClick={() => {
              const password = window.prompt(`New password for ${operator.username} (at least 8 characters)`);
              if (password) change(`${at}/password`, { password });
            }}
          >
            Reset password
          </button>
          {operator.secondFactor && (
            <button className="button button--secondary button--small" type="button" onClick={() => change(`${at}/2fa/reset`)}>
              Reset two-factor
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * Owners only (issue 35): the operators with their roles, a new operator, and the audit trail of
 * sign-ins, role changes and money actions with who, when and from where.
 */
export function OperatorsPage() {
  const operators = useOperators();
  const change = useOperatorChange();
  const [form, setForm] = useState({ username: '', password: '', role: 'finance' as OperatorRole });
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const rows = operators.data?.operators ?? [];

  return (
    <section className="admin-list">
      <h1 className="admin__title">Operators</h1>
      <form
        className="admin-toolbar"
        aria-label="New operator"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(createOperator(form), { onSuccess: () => setForm({ username: '', password: '', role: 'finance' }) });
        }}
      >
        <label className="admin-field">
          <span className="admin-field__label">Username</span>
          <input className="admin-input" value={form.username} onChange={(event) => setForm({ ...form, username: event.target.value })} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Password</span>
          <input className="admin-input" type="password" autoComplete="new-password" value={form.password} onChange={(event) => setForm({ ...form, password: event.target.value })} />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Role</span>
          <RoleSelect value={form.role} label="Role" onChange={(role) => setForm({ ...form, role })} />
        </label>
        <button className="button" type="submit" disabled={change.isPending}>
          Create operator
        </button>
      </form>
      <FormError message={change.isError ? messageOf(change.error, failed) : null} />

      <DataTable columns={['Username', 'Role', 'Two-factor', 'Status', 'Created At', 'Actions']} loading={operators.isPending} busy={change.isPending}>
        {rows.map((operator) => (
          <OperatorRow key={operator.id} operator={operator} change={(path, body) => change.mutate({ path, ...(body ? { body } : {}) })} />
        ))}
      </DataTable>

      <h2 className="admin__subtitle">Audit trail</h2>
      <DataTable columns={['When', 'Operator', 'Action', 'Target', 'Details']} loading={audit.isPending} compact>
        {(audit.data?.entries ?? []).map((entry, index) => (
          <tr key={`${entry.at}-${index}`} data-testid="audit-entry">
            <td>{formatAdminDate(entry.at)}</td>
            <td>{entry.operator ?? '—'}</td>
            <td>{entry.action}</td>
            <td className="admin-mono">{entry.target ?? '—'}</td>
            <td className="admin-mono">{entry.details ? JSON.stringify(entry.details) : '—'}</td>
          </tr>
        ))}
      </DataTable>
      <div className="admin-toolbar">
        <button className="button button--secondary button--small" type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <button className="button button--secondary button--small" type="button" disabled={(audit.data?.entries.length ?? 0) < 50} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </section>
  );
}
