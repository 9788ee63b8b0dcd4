import i18next from 'i18next';
import { currentLanguage } from './i18n.ts';
import { intlFor, intlVersion } from './intlSupport.ts';
import type { Language } from '../../protocol/languages.ts';

/**
 * Money, numbers and dates as the player's language writes them (issue 23): "$1,234.50" in English,
 * "1 234,50 $" in Russian, "1234,50 $" in Armenian. Every amount and date a player reads goes through
 * here; a component calls these while rendering, and useTranslation re-renders it when the language
 * changes. The formatters come from intlFor: FormatJS's polyfill where the webview lacks the language.
 */

interface MoneyOptions {
  /** Up to the wire's six decimals, never rounded (a referral share of 0.028); else cents, rounded down. */
  exact?: boolean;
  /** A plus sign on gains ("+$5.00"), as a transaction or a game result reads. */
  signed?: boolean;
}

interface Made<T> {
  /** intlVersion() when made: a polyfill that came in since may speak the language better. */
  version: number;
  format: T;
}

const numberFormats = new Map<string, Made<Intl.NumberFormat>>();
const dateFormats = new Map<string, Made<Intl.DateTimeFormat>>();

function numberFormat(language: Language, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}:${key}`;
  const made = numberFormats.get(id);
  if (made?.version === intlVersion()) return made.format;
  const NumberFormat = intlFor('NumberFormat', language);
  const format = new NumberFormat(language, options);
  numberFormats.set(id, { version: intlVersion(), format });
  return format;
}

/**
 * Dates are formatted as UTC after moving them by the device's offset: the wall-clock time the device
 * shows, without time-zone data. The date polyfill knows no zone but UTC unless ~800 KB of zone data
 * come with it; the browser's own Date knows the device's offset at any instant.
 */
function dateFormat(language: Language, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language}:${key}`;
  const made = dateFormats.get(id);
  if (made?.version === intlVersion()) return made.format;
  const DateTimeFormat = intlFor('DateTimeFormat', language);
  const format = new DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  dateFormats.set(id, { version: intlVersion(), format });
  return format;
}

/** The instant whose UTC reading is `date`'s local one (see dateFormat). */
const wallClock = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000);

/** An amount of USDT with the dollar sign, in the language shown now. */
export function formatMoney(usdt: number, { exact = false, signed = false }: MoneyOptions = {}): string {
  const language = currentLanguage();
  return numberFormat(language, `money:${exact}:${signed}`, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: exact ? 6 : 2,
    // A balance is never shown higher than it is (spec §2, §9): cents are cut, not rounded.
    roundingMode: 'trunc',
    // Thousands grouped from 10,000 up, as wallets do ("1234.50", "12,345.00").
    useGrouping: 'min2',
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(usdt);
}

/**
 * A balance in its parts, for the lobby's big amount with small cents: the parts in the language's own
 * order ("$12" then ".34"; "12" then ",34" then " $"), `cents` marking the decimal separator and digits.
 */
export function moneyParts(usdt: number): { text: string; cents: boolean }[] {
  const parts = numberFormat(currentLanguage(), 'money:false:false', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
    useGrouping: 'min2',
    signDisplay: 'auto',
  }).formatToParts(usdt);
  return parts.map((part) => ({ text: part.value, cents: part.type === 'decimal' || part.type === 'fraction' }));
}

/** A bet level as the lobby and the tables label it: "Free", "$1", "$10" (in Russian "1 $"). */
export function formatBet(bet: number): string {
  if (bet === 0) return i18next.t('bet.freeLabel');
  return numberFormat(currentLanguage(), 'bet', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(bet);
}

/**
 * An amount of a coin without a currency sign ("8.50", "+19.99995", "1 234,50" in Russian): the number of
 * "8.50 USDT", as the wallet writes a fee, a payout or a transaction. Cents are cut, as a balance's are;
 * `exact` keeps the wire's six decimals.
 */
export function formatCoins(amount: number, { exact = false, signed = false }: MoneyOptions = {}): string {
  return numberFormat(currentLanguage(), `coins:${exact}:${signed}`, {
    minimumFractionDigits: 2,
    maximumFractionDigits: exact ? 6 : 2,
    roundingMode: 'trunc',
    useGrouping: 'min2',
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(amount);
}

/** A plain number (a score, a count) in the language shown now. */
export function formatNumber(value: number): string {
  return numberFormat(currentLanguage(), 'number', { useGrouping: 'min2', maximumFractionDigits: 6 }).format(value);
}

/** A share as a percentage: "70%", "70 %" (the sign where the language puts it). */
export function formatPercent(fraction: number): string {
  return numberFormat(currentLanguage(), 'percent', { style: 'percent' }).format(fraction);
}

/** A server date for people; one that cannot be parsed reads "Invalid Date" (spec §8), never a crash. */
export function formatDateTime(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  if (value == null || value === '' || Number.isNaN(date.getTime())) return i18next.t('common.invalidDate');
  return dateFormat(currentLanguage(), 'dateTime', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    wallClock(date),
  );
}

/** A local calendar day, the month in words: "November 27, 2025", "27 ноября 2025 г.". */
export function formatDay(date: Date): string {
  return dateFormat(currentLanguage(), 'day', { year: 'numeric', month: 'long', day: 'numeric' }).format(wallClock(date));
}

/** A local time of day on the 24-hour clock, as a transaction lists it: "13:05". */
export function formatTime(date: Date): string {
  return dateFormat(currentLanguage(), 'time', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(wallClock(date));
}

/** A local time of day with its seconds, in the language's own clock ("01:05:07 PM", "13:05:07"): many game steps share a minute. */
export function formatTimeWithSeconds(date: Date): string {
  return dateFormat(currentLanguage(), 'timeWithSeconds', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(wallClock(date));
}
