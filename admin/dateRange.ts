import { ADMIN_DATE_OFFSET_MS } from '../protocol/admin.ts';

/** What the date pickers send: ISO instants, either bound may be open. */
export interface DateRangeQuery {
  startDate?: string;
  endDate?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A picker's 'YYYY-MM-DD' at the given local time of day, or null when it is not a real day. */
function localDay(value: string, hours: number, minutes: number, seconds: number, ms: number): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day, hours, minutes, seconds, ms);
  // 2025-02-31 would roll over into March: not a day anyone picked.
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return null;
  return date;
}

/** Whether a picker's text is a real day written YYYY-MM-DD. */
export const isDayInput = (value: string): boolean => localDay(value, 0, 0, 0, 0) !== null;

/**
 * Spec §9: the range runs from the start day's midnight to the end day's 23:59:59.999 (the operator's
 * local clock) and is sent shifted by 4 hours (14,400,000 ms). An empty or unreadable picker leaves
 * that bound open.
 */
export function toRangeQuery(start: string, end: string): DateRangeQuery {
  const from = localDay(start, 0, 0, 0, 0);
  const to = localDay(end, 23, 59, 59, 999);
  const range: DateRangeQuery = {};
  if (from) range.startDate = new Date(from.getTime() + ADMIN_DATE_OFFSET_MS).toISOString();
  if (to) range.endDate = new Date(to.getTime() + ADMIN_DATE_OFFSET_MS).toISOString();
  return range;
}

/** Today as a date picker holds it ('YYYY-MM-DD', local). */
export function todayInput(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
