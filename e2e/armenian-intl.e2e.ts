import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../protocol/languages.ts';
import en from '../src/i18n/locales/en.ts';
import hy from '../src/i18n/locales/hy.ts';
import { signUpAndLogIn, useBrowser } from './browser.ts';

const browser = useBrowser();

// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;

/**
 * Issue 36: Chromium's ICU (Debian's here, as Android's and Telegram Desktop's webviews) has no Armenian:
 * its own Intl names the countries, dates and money of an Armenian page in English. The app brings
 * FormatJS's polyfills for it; these journeys check what an Armenian player reads, in real Chromium.
 * What Armenian looks like is what full ICU (this Node's) writes.
 */

/** The country select's options, as the player reads them (the first is "not set"). */
async function countryOptions(page: Page, label: string): Promise<string[]> {
  const options = await page.getByRole('combobox', { name: label }).locator('option').allTextContents();
  return options.slice(1);
}

/** A day heading of the transaction history: the local day, the month in words. */
const armenianDay = (date: Date) => new Intl.DateTimeFormat('hy', { year: 'numeric', month: 'long', day: 'numeric' }).format(date);

describe('Armenian names, dates and money in a Chromium without Armenian', () => {
  it('an Armenian browser: Profile lists the countries in Armenian; a deposit is dated and counted in Armenian', async () => {
    const page = await browser.newPage({ locale: 'hy-AM' });
    // The premise: this Chromium's own Intl has no Armenian (were it to gain it, the journey still holds).
    const ownArmenian = await page.evaluate(() => Intl.DateTimeFormat.supportedLocalesOf(['hy']).length > 0);
    await signUpAndLogIn(page, hy);

    await page.goto('/profile');
    await page.getByRole('heading', { name: hy.profile.title }).waitFor();
    const countries = await countryOptions(page, hy.profile.country);
    expect(countries).toContain('Հայաստան');
    expect(countries).toContain('Ռուսաստան');
    expect(countries).not.toContain('Armenia');
    // Sorted by their Armenian names: the list opens with Ա, not with "Algeria, Argentina…".
    expect(countries[0]).toMatch(/^Ա/);
    expect(await page.evaluate(() => Boolean((Intl.DisplayNames as unknown as { polyfilled?: boolean }).polyfilled))).toBe(!ownArmenian);
    await page.screenshot({ path: 'e2e/.artifacts/profile-hy-countries.png', fullPage: true });

    await page.goto('/deposit');
    await page.getByRole('button', { name: hy.wallet.simulate.submit }).waitFor();
    await page.getByLabel(hy.wallet.simulate.amount, { exact: true }).fill('12345.678');
    await page.getByRole('button', { name: hy.wallet.simulate.submit }).click();
    await page.getByText(hy.wallet.simulate.sent).waitFor();

    // Armenian money: the sign after the amount, a comma for the cents (cut, not rounded), thousands
    // grouped from 10,000 up, with a no-break space.
    await page.goto('/game');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toMatch(/^12\s345,67\s\$$/);

    await page.goto('/transaction-history');
    await page.getByRole('heading', { name: hy.wallet.history.title }).waitFor();
    // A transaction keeps the wire's decimals (transactionList.ts), in Armenian's marks.
    const amount = page.getByTestId('amount');
    await expect.poll(() => amount.textContent()).toMatch(/^\+12\s345,678\s*USDT$/);
    // Today, as Armenian writes a day ("27 նոյեմբերի, 2025 թ."), and the time on the 24-hour clock.
    const day = page.getByRole('heading', { level: 2 });
    expect(await day.textContent()).toBe(armenianDay(new Date()));
    expect(await day.textContent()).toMatch(/ թ\.$/);
    expect(await page.getByTestId('transaction').locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
    await page.screenshot({ path: 'e2e/.artifacts/transaction-history-hy.png', fullPage: true });
  });

  it('an English browser switching to Armenian in Profile: the countries turn Armenian at once', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await signUpAndLogIn(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: en.profile.title }).waitFor();
    expect(await countryOptions(page, en.profile.country)).toContain('Armenia');

    // A tap on telegram-ui's drawn circle, as languages.e2e.ts does.
    await page.getByRole('region', { name: en.language.title }).getByRole('radio', { name: LANGUAGE_NAMES.hy }).check({ force: true });
    await page.getByRole('heading', { name: hy.profile.title }).waitFor();
    const countries = await countryOptions(page, hy.profile.country);
    expect(countries).toContain('Հայաստան');
    expect(countries).not.toContain('Armenia');
    expect(countries[0]).toMatch(/^Ա/);
  });
});
