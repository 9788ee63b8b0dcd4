/** A server date for people; one that cannot be parsed reads 'Invalid Date' (spec §8), never a crash. */
export function formatDate(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  if (value == null || value === '' || Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
