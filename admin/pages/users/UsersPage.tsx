import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_SEARCH_DEBOUNCE_MS, type AdminUserRow } from '../../../protocol/admin.ts';
import { messageOf } from '../../../src/api/http.ts';
import { useUsers } from '../../api/users.ts';
import { fetchUsersExport } from '../../api/usersExport.ts';
import { fetchUserTransactionsExport } from '../../api/userTransactionsExport.ts';
import { formatAdminDate, formatChainBalance, formatUsdt } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { saveFile } from '../../ui/download.ts';
import { Id } from '../../ui/Id.tsx';
import { Pager, usePageInBounds } from '../../ui/Pager.tsx';
import { userRiskPath } from '../../ui/RiskLink.tsx';
import { useDebouncedCallback } from '../../ui/useDebouncedCallback.ts';
import { useCan } from '../../operator.ts';
import { AffiliatePopup } from './AffiliatePopup.tsx';
import { usersWorkbook } from './usersSheet.ts';

const text = {
  fetchFailed: 'Failed to fetch users. Please try again.',
  exportFailed: 'Failed to export users.',
  transactionsFailed: 'Failed to download transactions',
  minBalanceInvalid: 'Min Balance must be a number, 0 or more',
} as const;

const COLUMNS = ['User ID', 'Nickname', 'Balance', 'Blockchain Balance', 'Blockchain TRX Balance', 'Created At', 'Inviter', 'Actions'] as const;

interface UsersQuery {
  search: string;
  minBalance: number | undefined;
  page: number;
}

/** '' is no filter; anything else must be a number ≥ 0 (null: not acceptable). */
function parseMinBalance(value: string): number | undefined | null {
  if (value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
}

function TransactionsButton({ user }: { user: AdminUserRow }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await fetchUserTransactionsExport(user._id);
      saveFile(blob, filename ?? `transactions-${user._id}.xlsx`);
    } catch (error) {
      // Spec §8: logged only.
      console.error(text.transactionsFailed, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      className="button button--secondary button--small"
      type="button"
      disabled={busy}
      aria-label={`Export transactions of ${user.nickname}`}
      onClick={() => void download()}
    >
      Transactions
    </button>
  );
}

function UserRow({ user, onAffiliate }: { user: AdminUserRow; onAffiliate: () => void }) {
  const mayExport = useCan('exports');
  const mayManage = useCan('players');
  return (
    <tr data-testid="user-row">
      <td>
        <Id value={user._id} />
      </td>
      <td>{user.nickname}</td>
      <td className="admin-number">{formatUsdt(user.balance)}</td>
      <td className="admin-number">{formatChainBalance(user.blockchainBalance, 'USDT')}</td>
      <td className="admin-number">{formatChainBalance(user.blockchainBalanceTRX, 'TRX')}</td>
      <td className="admin-number">{formatAdminDate(user.createdAt)}</td>
      <td>{user.invitedBy ?? '—'}</td>
      <td>
        <div className="admin-actions">
          {mayExport && <TransactionsButton user={user} />}
          {mayManage && (
            <Link className="button button--secondary button--small" to={userRiskPath(user._id)} aria-label={`Risk view of ${user.nickname}`}>
              Risk
            </Link>
          )}
          {mayManage && (
            <button
              className={user.isAffiliate ? 'button button--small affiliate-button affiliate-button--on' : 'button button--secondary button--small affiliate-button'}
              type="button"
              aria-label={`Affiliate setting of ${user.nickname}`}
              onClick={onAffiliate}
            >
              {user.isAffiliate ? `Affiliate ${user.affiliatePercentage}%` : 'Make affiliate'}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * Spec §2 users: search and Min Balance (both debounced 500 ms; either resets to page 1), paged by
 * 10, the 'Users' sheet of every match, each player's transactions, risk view and affiliate setting.
 */
export function UsersPage() {
  const mayExport = useCan('exports');
  const [searchText, setSearchText] = useState('');
  const [minBalanceText, setMinBalanceText] = useState('');
  const [query, setQuery] = useState<UsersQuery>({ search: '', minBalance: undefined, page: 1 });
  const [affiliateOf, setAffiliateOf] = useState<AdminUserRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const applyFilter = useDebouncedCallback((search: string, minText: string) => {
    const minBalance = parseMinBalance(minText);
    if (minBalance === null) return;
    const next = search.trim();
    setQuery((current) =>
      current.search === next && current.minBalance === minBalance ? current : { search: next, minBalance, page: 1 },
    );
  }, ADMIN_SEARCH_DEBOUNCE_MS);

  const { page } = query;
  const setPage = (next: number) => setQuery((current) => ({ ...current, page: next }));
  const users = useUsers({ page, search: query.search || undefined, minBalance: query.minBalance });
  const total = users.data?.totalUsers ?? 0;
  usePageInBounds(page, users.data?.totalUsers, setPage);

  const exportUsers = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { users: all } = await fetchUsersExport({ search: query.search || undefined, minBalance: query.minBalance });
      saveFile(await usersWorkbook(all), 'Users.xlsx');
    } catch (error) {
      console.error(text.exportFailed, error);
      setExportError(messageOf(error, { failed: text.exportFailed, error: text.exportFailed }));
    } finally {
      setExporting(false);
    }
  };

  const minBalanceInvalid = parseMinBalance(minBalanceText) === null;
  const rows = users.data?.users ?? [];
  return (
    <section className="admin-list">
      <header className="admin-page-head">
        <h1 className="admin__title">Users</h1>
        <p className="admin-total">
          Total users: <strong data-testid="total-users">{users.data ? total.toLocaleString() : '…'}</strong>
        </p>
      </header>

      <div className="admin-toolbar">
        <input
          className="admin-input admin-input--search"
          type="search"
          placeholder="Search by User ID, Nickname, or Inviter"
          aria-label="Search by User ID, Nickname, or Inviter"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            applyFilter(event.target.value, minBalanceText);
          }}
        />
        <label className="admin-field">
          <span className="admin-field__label">Min Balance</span>
          <input
            className="admin-input admin-input--number"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={minBalanceText}
            aria-invalid={minBalanceInvalid || undefined}
            onChange={(event) => {
              setMinBalanceText(event.target.value);
              applyFilter(searchText, event.target.value);
            }}
          />
        </label>
        {mayExport && (
          <button className="button button--small admin-toolbar__end" type="button" disabled={exporting} onClick={() => void exportUsers()}>
            {exporting ? 'Exporting…' : 'Export to Excel'}
          </button>
        )}
      </div>
      {minBalanceInvalid && <p className="field__error">{text.minBalanceInvalid}</p>}

      {users.isError && (
        <p className="form-error" role="alert">
          {messageOf(users.error, { failed: text.fetchFailed, error: text.fetchFailed })}
        </p>
      )}
      {exportError && (
        <p className="form-error" role="alert">
          {exportError}
        </p>
      )}

      <DataTable
        columns={COLUMNS}
        loading={users.isPending}
        emptyText={users.isSuccess && rows.length === 0 ? 'No users found for the current criteria.' : null}
        busy={users.isFetching}
      >
        {rows.map((user) => (
          <UserRow key={user._id} user={user} onAffiliate={() => setAffiliateOf(user)} />
        ))}
      </DataTable>

      <Pager page={page} total={total} onPage={setPage} />
      {affiliateOf && <AffiliatePopup user={affiliateOf} onClose={() => setAffiliateOf(null)} />}
    </section>
  );
}
