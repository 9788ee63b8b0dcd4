import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseRps, newPlayer, searchFor, type PhonePlayer, type Screen } from './browser.ts';
import { APP_ORIGIN, miniAppUrl, telegramWebPage, telegramWebviewStandIn, useTelegramBrowser } from './telegramWeb.ts';

/**
 * Issue 22: the Mini App opened from Telegram Web, where it runs in a cross-site iframe of
 * https://web.telegram.org that never gets a cookie nor storage; and the same journey top-level, as
 * Telegram's phone and desktop clients open it in a webview of its own.
 */
const browser = useTelegramBrowser();

const CREDIT_TIMEOUT_MS = 30_000;

/** A free RPS game the Mini App's player wins against `bob` by tapping, to the end popup on both sides. */
async function winFreeRps(app: Screen, bob: PhonePlayer): Promise<void> {
  await searchFor(app, /Rock Paper Scissors/);
  await app.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
  await searchFor(bob.page, /Rock Paper Scissors/);
  await bob.page.waitForURL('**/rps', { timeout: 20_000 });
  for (let round = 0; round < 3; round += 1) {
    await chooseRps(app, 'Paper');
    await chooseRps(bob.page, 'Rock');
    await app.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
  }
  await app.getByRole('dialog', { name: 'You won!' }).waitFor();
  await bob.page.getByRole('dialog', { name: 'You lose...' }).waitFor();
}

/** Every WebSocket the page (its frames included) opened. */
function webSockets(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

describe('the Mini App from Telegram', () => {
  it('in Telegram Web’s iframe, with no cookies and no storage: signed in from initData, deposits, plays RPS, sees the result, verifies it', async () => {
    const page = await browser.newPage();
    const sockets = webSockets(page);
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame.url().startsWith(APP_ORIGIN)) paths.push(new URL(frame.url()).pathname);
    });
    const { url } = miniAppUrl({ firstName: 'Ann' }, 'weba');
    await page.goto(telegramWebPage(url));
    const app = page.frameLocator('iframe[title="Mini App"]');

    // Signed in from initData without a form: the lobby, with the player's balance.
    await app.getByTestId('balance').waitFor({ timeout: 20_000 });
    expect(paths).not.toContain('/login');
    const frame = page.frames().find((candidate) => candidate.url().startsWith(APP_ORIGIN));
    if (!frame) throw new Error('no Mini App frame');
    // What the browser really refused the frame: storage, and the cookie jar has no session for it.
    expect(await frame.evaluate(() => {
      try {
        return window.localStorage ? 'open' : 'none';
      } catch (error) {
        return (error as DOMException).name;
      }
    })).toBe('SecurityError');
    expect((await page.context().cookies(APP_ORIGIN)).map((cookie) => cookie.name)).not.toContain('sid');
    // The SDK talked to Telegram Web through postMessage (its target origin is the real one): ready,
    // full height, Telegram's Settings entry shown; the viewport's height bound as a CSS variable.
    const calls = await page.evaluate(() => (window as unknown as { miniAppCalls: string[] }).miniAppCalls);
    expect(calls).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand', 'web_app_setup_settings_button']));
    await expect.poll(() => frame.evaluate(() => document.documentElement.style.getPropertyValue('--tg-viewport-stable-height'))).toBe('844px');
    await page.screenshot({ path: 'e2e/.artifacts/telegram-web-lobby.png' });

    // Settings in Telegram's menu opens Profile.
    await page.evaluate(() => (window as unknown as { telegramEvent: (type: string) => void }).telegramEvent('settings_button_pressed'));
    await expect.poll(() => paths.at(-1)).toBe('/profile');
    // Followed by its click event, not Playwright's pointer: in this cross-site frame, Playwright's hit
    // test of the fixed tab bar sometimes lands beside the link (on the page under it) and keeps doing so
    // on every retry (seen about 1 run in 5 on one box, never reproduced on another in 36; the link is
    // the element at its own centre there, see below for the popup's Verify). A keyboard press here was
    // tried and made the next pointer click in the frame miss as well. The tab bar's pointer clicks are
    // tested outside a frame (friends, integrity e2e).
    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).dispatchEvent('click');

    // The wallet works in the frame: a devchain deposit is credited, shown without a reload (the socket).
    await app.getByRole('link', { name: 'Deposit' }).click();
    await app.getByLabel('Amount').fill('5');
    await app.getByRole('button', { name: 'Simulate deposit' }).click();
    await app.getByText('Deposit sent. It will be credited after a few blocks.').waitFor();
    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).click();
    await expect.poll(() => app.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain('$5.00');

    const bob = await newPlayer(browser);
    await winFreeRps(app, bob);
    await page.screenshot({ path: 'e2e/.artifacts/telegram-web-won.png' });
    expect(sockets.some((socket) => socket.startsWith(`${APP_ORIGIN.replace('https', 'wss')}/socket.io/`))).toBe(true);

    // The proof replays in the Verify worker, loaded inside the frame. From here on links are followed
    // from the keyboard: over a fixed popup or footer in this cross-site frame, Playwright's pointer
    // sometimes lands beside the link (its hit point: the link is the element at its own centre there).
    await app.getByRole('dialog', { name: 'You won!' }).getByRole('link', { name: 'Verify' }).press('Enter');
    await app.getByText(/steps of this Rock Paper Scissors game.*match the seeds committed before it started/).waitFor({ timeout: 20_000 });

    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).press('Enter');
    await expect.poll(() => app.getByTestId('balance').textContent()).toContain('$5.00');
    expect(paths).not.toContain('/login');
  });

  it('top-level in a Telegram webview (phones, Telegram Desktop): signed in from initData, plays RPS to the end', async () => {
    const page = await browser.newPage();
    // Telegram's apps give their webview a bridge object; the SDK posts its calls to it.
    await page.addInitScript(telegramWebviewStandIn);
    const { url } = miniAppUrl({ firstName: 'Bea' }, 'ios');
    await page.goto(url);
    await page.getByTestId('balance').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(await page.evaluate(() => (window as unknown as { miniAppCalls: string[] }).miniAppCalls)).toContain('web_app_ready');

    const bob = await newPlayer(browser);
    await winFreeRps(page, bob);
    // On a phone the game took the whole screen, and gives it back when the player leaves it.
    expect(await page.evaluate(() => (window as unknown as { miniAppCalls: string[] }).miniAppCalls)).toContain('web_app_request_fullscreen');
    await page.getByRole('dialog', { name: 'You won!' }).getByRole('button', { name: 'Exit' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { miniAppCalls: string[] }).miniAppCalls)).toContain('web_app_exit_fullscreen');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$0.00');
  });
});
