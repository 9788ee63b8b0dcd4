import { useId, type ReactNode } from 'react';
import { TableMessage } from '../../ui/TableMessage.tsx';

/** One titled part of the risk view; its title names it for assistive technology (and tests). */
export function RiskSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A plain table of one section: headers, an empty line, the rows. */
export function SectionTable({ columns, emptyText, children }: { columns: readonly string[]; emptyText: string | null; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--compact">
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
          {emptyText && <TableMessage colSpan={columns.length}>{emptyText}</TableMessage>}
          {children}
        </tbody>
      </table>
    </div>
  );
}
