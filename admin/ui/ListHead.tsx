/** A back-office list's title and its total ('…' until the first answer). */
export function ListHead({ title, totalLabel, total, testId }: { title: string; totalLabel: string; total: number | null; testId: string }) {
  return (
    <header className="admin-page-head">
      <h1 className="admin__title">{title}</h1>
      <p className="admin-total">
        {totalLabel}: <strong data-testid={testId}>{total === null ? '…' : total.toLocaleString()}</strong>
      </p>
    </header>
  );
}
