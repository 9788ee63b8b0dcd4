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

/** The most days a day-by-day picture covers (a longer range shows its last days). */
const MAX_DAYS = 366;

/**
 * A range's UTC days, oldest first ('YYYY-MM-DD'), and the instants they span [start, end). The range's
 * end is often in the future (the pickers' end of day): the days stop at today.
 */
export function utcDaysOf(from: Date, to: Date): { days: string[]; start: Date; end: Date } {
  const until = new Date(Math.min(to.getTime(), Date.now()));
  const last = Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate());
  const first = Math.max(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()), last - (MAX_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let at = first; at <= last; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return { days, start: new Date(first), end: new Date(last + DAY_MS) };
}
