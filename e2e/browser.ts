import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import en from '../src/i18n/locales/en.ts';
import type { Messages } from '../src/i18n/messages.ts';
import { afterAll, beforeAll, inject } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { tronAddressOf } from '../server/wallet/tronAddress.ts';

// Debian's Chromium; never a downloaded browser. The flags keep it off the (closed) network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface NewPageOptions {
  /** A desktop window (1366×900) for the back office, instead of the phone the player app runs on. */
  desktop?: boolean;
  /** The browser's language (navigator.languages), e.g. 'ru-RU'; Chromium's own otherwise. */
  locale?: string;
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 };

let contextsMade = 0;
/** An address of its own for each context (the server trusts X-Forwarded-For in e2e, globalSetup.ts). */
function nextAddress(): string {
  contextsMade += 1;
  return `10.${process.pid % 250}.${Math.floor(contextsMade / 250)}.${(contextsMade % 250) + 1}`;
}

/**
 * One browser per test file; each test takes a fresh context (its own cookies, storage and address).
 * `extraFlags` (asked once the server is up) adds Chromium flags, e.g. the Telegram Web stand-in's.
 */
export function useBrowser(extraFlags: () => Promise<string[]> = async () => []): {
  baseUrl: string;
  newPage(options?: NewPageOptions): Promise<Page>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...(await extraFlags())], headless: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  const baseUrl = inject('baseUrl');
  return {
    baseUrl,
    async newPage({ desktop = false, locale }: NewPageOptions = {}) {
      if (!browser) throw new Error('browser not started');
      // A phone-sized viewport by default: the product is used inside Telegram on a phone.
      const context = await browser.newContext({
        baseURL: baseUrl,
        extraHTTPHeaders: { 'x-forwarded-for': nextAddress() },
        ...(desktop ? DESKTOP : PHONE),
        ...(locale ? { locale } : {}),
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

let count = 0;
export function uniqueUser(): { username: string; email: string; password: string } {
  count += 1;
  const username = `e2e_${Date.now().toString(36)}_${count}`;
  return { username, email: `${username}@example.com`, password: 'e2e-secret-pass' };
}

/**
 * The register form, up to its success popup, in the language the page shows (`messages`: English unless
 * the browser's language made it another).
 */
export async function registerThroughForm(page: Page, user: ReturnType<typeof uniqueUser>, { auth }: Messages = en): Promise<void> {
  await page.goto('/register');
  await page.getByLabel(auth.username).fill(user.username);
  await page.getByLabel(auth.email).fill(user.email);
  await page.getByLabel(auth.password, { exact: true }).fill(user.password);
  await page.getByLabel(auth.confirmPassword).fill(user.password);
  await page.getByRole('button', { name: auth.register.submit }).click();
  await page.getByText(auth.register.done).waitFor();
}

/** The login form, filled and sent (the page must show it), in the page's language. */
export async function loginThroughForm(page: Page, username: string, password: string, { auth }: Messages = en): Promise<void> {
  await page.getByLabel(auth.username).fill(username);
  await page.getByLabel(auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: auth.login.submit }).click();
}

/** Registers a fresh player through the form and signs them in, in the page's language: the page ends on /game. */
export async function signUpAndLogIn(page: Page, messages: Messages = en): Promise<ReturnType<typeof uniqueUser>> {
  const user = uniqueUser();
  await registerThroughForm(page, user, messages);
  await page.getByRole('button', { name: messages.auth.goToLogin }).click();
  await page.waitForURL('**/login');
  await loginThroughForm(page, user.username, user.password, messages);
  await page.waitForURL('**/game');
  return user;
}

/** A signed-in player on their own phone. */
export interface PhonePlayer {
  page: Page;
  username: string;
}

/** A fresh player signed up through the forms on a new phone, on /game. */
export async function newPlayer(browser: ReturnType<typeof useBrowser>): Promise<PhonePlayer> {
  const page = await browser.newPage();
  const { username } = await signUpAndLogIn(page);
  return { page, username };
}

/** What a player looks at: a page, or the Mini App's frame inside Telegram Web's page. */
export type Screen = Page | FrameLocator;

/** From the lobby: pick a game tile (by its name), a bet (the radio's label), and Play. */
export async function searchFor(page: Screen, game: RegExp, bet = 'Free, play for tokens'): Promise<void> {
  await page.getByRole('button', { name: game }).click();
  await page.getByRole('radio', { name: bet }).click();
  await page.getByRole('button', { name: 'Play' }).click();
}

/** An RPS move, tapped. Disabled during the 2.4 s reveal: the tap waits until the next round opens. */
export async function chooseRps(screen: Screen, move: 'Rock' | 'Paper' | 'Scissors'): Promise<void> {
  await screen.getByRole('group', { name: 'Your move' }).getByRole('button', { name: move }).click({ timeout: 15_000 });
}

/** The client seed this phone sends with its games (kept in its localStorage). */
export const deviceSeedOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('clientSeed'));

/** A game screen's Settings → Fairness sheet, open. */
export async function openFairnessSheet(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Fairness' }).click();
  const sheet = page.getByRole('dialog', { name: 'Fairness' });
  await sheet.waitFor();
  return sheet;
}

/** The value under a label of the Fairness sheet's seed list. */
export const seedShown = (sheet: ReturnType<Page['getByRole']>, label: string) =>
  sheet.getByTestId('fairness-seeds').locator('div', { has: sheet.page().getByText(label, { exact: true }) }).locator('dd').textContent();

/** An operator signed in through the back office's form, on the dashboard, on a desktop-sized page. */
export async function signedInOperator(browser: ReturnType<typeof useBrowser>, operator: { username: string; password: string }): Promise<Page> {
  const page = await browser.newPage({ desktop: true });
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}

/**
 * The page at a phone's width (320 px, the narrowest; 390 px, a common one): a full-page screenshot in
 * e2e/.artifacts, and every button, link-button, radio, switch and tab whose text runs out of it (or
 * out of a label inside it) or off the screen. Russian and Armenian labels are long: they must wrap,
 * not overflow or be cut.
 */
export async function overflowAt(page: Page, width: 320 | 390, shot: string): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 320 ? 640 : 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `e2e/.artifacts/${shot}-${width}.png`, fullPage: true });
  return page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const runsOut = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    return [...document.querySelectorAll('button, a[href], [role="radio"], [role="switch"], [role="tab"]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || getComputedStyle(element).display === 'inline') return false;
        const parts = [element, ...element.querySelectorAll('span, div')].filter((part) => getComputedStyle(part).display !== 'inline');
        return parts.some(runsOut) || box.left < -1 || box.right > screenWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim()}"`);
  });
}

/**
 * A withdrawal address no other journey uses: the server's e2e instance is shared by every file, and its
 * risk round (every second there) flags two accounts that saved one address (shared-address), which
 * sends the next withdrawal of either to review.
 */
export function freshTronAddress(): string {
  return tronAddressOf(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
}
