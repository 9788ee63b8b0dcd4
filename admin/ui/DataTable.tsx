import type { ReactNode } from 'react';

interface DataTableProps {
  columns: readonly string[];
  /** Nothing to show yet: 'Loading...' across the table. */
  loading?: boolean;
  /** Shown across the table (once loaded) when set: the caller sets it for an empty list only. */
  emptyText?: string | null;
  /** A fetch under way over rows already shown (dims them). */
  busy?: boolean;
  /** Tighter cells, for the sections of a view. */
  compact?: boolean;
  /** The rows. */
  children?: ReactNode;
}

/** One cell across the table: 'Loading...', an empty list, a section with nothing to show. */
function TableMessage({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-table__message">
        {children}
      </td>
    </tr>
  );
}

/** A back-office table: a header row from the column names, then 'Loading...' or the empty line, then the rows. */
export function DataTable({ columns, loading = false, emptyText = null, busy, compact = false, children }: DataTableProps) {
  const message = loading ? 'Loading...' : emptyText;
  return (
    <div className="admin-table-wrap" aria-busy={busy}>
      <table className={compact ? 'admin-table admin-table--compact' : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {message && <TableMessage colSpan={columns.length}>{message}</TableMessage>}
          {children}
        </tbody>
      </table>
    </div>
  );
}
