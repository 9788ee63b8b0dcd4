/** One cell across the table: 'Loading...', an empty list, a section with nothing to show. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-table__message">
        {children}
      </td>
    </tr>
  );
}
