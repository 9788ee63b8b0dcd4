/**
 * A PostgreSQL array literal of these values, for one `= ANY($1::text[])` (or `::uuid[]`) parameter
 * however many values there are: one parameter keeps a statement's text, and so its prepared plan, the
 * same for one value or ten thousand. Every element is quoted, so any text is safe in it (commas,
 * braces, quotes, backslashes, spaces, the word NULL), not only values a caller has checked.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
