import { dateRangeQuery } from '../../protocol/admin.ts';
import { HttpError, parseInput } from '../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A back-office date range from its query: the given bounds, else up to now and `defaultDays` back. */
export function dateRangeOf(query: unknown, defaultDays: number): { from: Date; to: Date } {
  const range = parseInput(dateRangeQuery, query);
  const to = range.endDate ? new Date(range.endDate) : new Date();
  const from = range.startDate ? new Date(range.startDate) : new Date(to.getTime() - defaultDays * DAY_MS);
  if (from.getTime() > to.getTime()) throw new HttpError(400, 'The start date must be before the end date');
  return { from, to };
}
