import i18next from 'i18next';
import { currentLanguage } from './i18n.ts';
import type { Language } from '../../protocol/languages.ts';

/**
 * Money, numbers and dates as the player's language writes them (issue 23): "$1,234.50" in English,
 * "1 234,50 $" in Russian, "1234,50 $" in Armenian. Every amount a player reads goes through here;
 * a component calls these while rendering, and useTranslation re-renders it when the language changes.
 */

interface MoneyOptions {
  /** Up to the wire's six decimals, never rounded (a referral share of 0.028); else cents, rounded down. */
  exact?: boolean;
  /** A plus sign on gains ("+$5.00"), as a transaction or a game result reads. */
  signed?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}:${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(id, format);
  }
  return format;
}

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

/** A server date for people; one that cannot be parsed reads "Invalid Date" (spec §8), never a crash. */
export function formatDateTime(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  if (value == null || value === '' || Number.isNaN(date.getTime())) return i18next.t('common.invalidDate');
  return date.toLocaleString(currentLanguage(), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
