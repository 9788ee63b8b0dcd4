import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatPercent } from '../../src/i18n/format.ts';
import { currentLanguage, showLanguage } from '../../src/i18n/i18n.ts';
import { intlLacks } from '../../src/i18n/intlSupport.ts';
import { regionName, regionsIn } from '../../src/i18n/regions.ts';
import { dayHeading, timeOfDay } from '../../src/pages/transaction-history/transactionList.ts';
import { stepTime } from '../../src/pages/verify/verdictText.ts';
import i18next from 'i18next';

/**
 * Issue 36: Armenian country names, dates and money in a webview whose ICU has no Armenian (Chromium's,
 * Android's, Telegram Desktop's). Node's ICU has Armenian, so this file takes it away as Chromium does:
 * asked for 'hy', its Intl answers in English and lists no 'hy' among its supported locales. Switching
 * to Armenian (as Profile does) must then bring FormatJS's polyfills and their Armenian data, and the
 * app's formatters must use them, while English and Russian stay the webview's own.
 */

// The device's clock in Yerevan (UTC+4 all year): a date shows the local day and time, not UTC's.
const previousTimeZone = process.env.TZ;
process.env.TZ = 'Asia/Yerevan';

const isArmenian = (locale: unknown) => typeof locale === 'string' && /^hy(-|$)/i.test(locale);
const localesWithoutArmenian = (locales: unknown) => [locales].flat().filter((locale) => typeof locale === 'string' && !isArmenian(locale));

/** A constructor of Node's Intl as Chromium's behaves without Armenian: English for 'hy', and 'hy' unsupported. */
function withoutArmenian<T extends object>(Native: T & { supportedLocalesOf(locales: unknown, options?: unknown): string[] }): T {
  return new Proxy(Native, {
    construct(target, [locales, options]: unknown[], newTarget) {
      const kept = localesWithoutArmenian(locales);
      return Reflect.construct(target as unknown as new (...args: unknown[]) => object, [kept.length > 0 ? kept : 'en-US', options], newTarget);
    },
    get(target, key, receiver) {
      if (key === 'supportedLocalesOf') return (locales: unknown, options?: unknown) => Native.supportedLocalesOf(localesWithoutArmenian(locales), options);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

// What the polyfills replace, put back after this file: the globals are the worker's.
const replaced: [object, string][] = [
  [Intl, 'NumberFormat'],
  [Intl, 'DateTimeFormat'],
  [Intl, 'DisplayNames'],
  [Intl, 'PluralRules'],
  [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleTimeString'],
  [Number.prototype, 'toLocaleString'],
  [BigInt.prototype, 'toLocaleString'],
];
const saved = replaced.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)] as const);

beforeAll(() => {
  for (const key of ['NumberFormat', 'DateTimeFormat', 'DisplayNames'] as const) {
    Object.defineProperty(Intl, key, { value: withoutArmenian(Intl[key]), writable: true, configurable: true });
  }
});

afterAll(() => {
  for (const [target, key, descriptor] of saved) if (descriptor) Object.defineProperty(target, key, descriptor);
  if (previousTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousTimeZone;
});

describe('Armenian in a webview whose Intl has no Armenian', () => {
  it('the webview as this file makes it: English for Armenian, like Chromium', () => {
    expect(new Intl.DisplayNames(['hy'], { type: 'region' }).of('AM')).toBe('Armenia');
    expect(new Intl.NumberFormat('hy', { style: 'currency', currency: 'USD' }).format(1234.5)).toBe('$1,234.50');
    expect(Intl.DateTimeFormat.supportedLocalesOf(['hy'])).toEqual([]);
    expect(intlLacks('hy')).toBe(true);
    expect(intlLacks('ru')).toBe(false);
    expect(intlLacks('en')).toBe(false);
  });

  it('switching to Armenian loads the polyfills first: country names, money and dates in Armenian', async () => {
    await showLanguage('hy');
    expect(currentLanguage()).toBe('hy');
    expect(intlLacks('hy')).toBe(false);

    expect(regionName('AM', 'hy')).toBe('Հայաստան');
    const countries = new Map(regionsIn('hy'));
    expect(countries.get('RU')).toBe('Ռուսաստան');
    expect(countries.get('DZ')).toBe('Ալժիր');
    // Sorted by the Armenian names, not by the English ones ("Algeria, Argentina…").
    expect(regionsIn('hy')[0]?.[1]).toMatch(/^Ա/);

    // Cents cut, not rounded; thousands grouped from 10,000 up; the sign after the amount.
    expect(formatMoney(1234.567)).toMatch(/^1234,56\s\$$/);
    expect(formatMoney(12345.678)).toMatch(/^12\s345,67\s\$$/);
    expect(formatMoney(5, { signed: true })).toMatch(/^\+5,00\s\$$/);
    expect(formatPercent(0.7)).toBe('70%');

    // 13:05 UTC is 17:05 in Yerevan; 22:30 UTC is already the next day there.
    expect(formatDateTime('2025-11-27T13:05:00.000Z')).toBe('27 նոյ, 2025 թ., 17:05');
    expect(dayHeading('2025-11-27T22:30:00.000Z')).toBe('28 նոյեմբերի, 2025 թ.');
    expect(timeOfDay('2025-11-27T22:30:00.000Z')).toBe('02:30');
    expect(stepTime(i18next.t, '2025-11-27T22:30:07.000Z')).toBe('02:30:07');
  });

  it('back to Russian and English: the webview speaks those, and keeps formatting them', async () => {
    await showLanguage('ru');
    expect(regionName('AM', 'ru')).toBe('Армения');
    expect(formatMoney(12345.678)).toMatch(/^12\s345,67\s\$$/);
    expect(dayHeading('2025-11-27T22:30:00.000Z')).toBe('28 ноября 2025 г.');

    await showLanguage('en');
    expect(regionName('AM', 'en')).toBe('Armenia');
    expect(formatMoney(1234.567)).toBe('$1234.56');
    expect(formatDateTime('2025-11-27T13:05:00.000Z')).toBe('Nov 27, 2025, 05:05 PM');

    // Armenian again: its data is in, nothing more to fetch.
    expect(intlLacks('hy')).toBe(false);
    await showLanguage('hy');
    expect(regionName('AM', 'hy')).toBe('Հայաստան');
  });
});
