import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../src/i18n/locales/en.ts';
import hy from '../src/i18n/locales/hy.ts';
import ru from '../src/i18n/locales/ru.ts';
import type { Messages } from '../src/i18n/messages.ts';
import { chooseRps, newPlayer, overflowAt, searchFor, type PhonePlayer } from './browser.ts';
import { miniAppUrl, telegramWebviewStandIn, useTelegramBrowser } from './telegramWeb.ts';

/**
 * Issue 23: players who open the Mini App from Telegram in Russian and in Armenian, on an iPhone in
 * the day theme and on Android in the night theme, get the whole app in their language (from Telegram's
 * language_code, with nothing chosen) and play a game to its end in it. Their lobby, wallet and game
 * screen are photographed at 320 and 390 px (e2e/.artifacts), with no label running out of its
 * button; the English opponent's screens too. Texts are taken from the locale files, so a reworded
 * translation does not break the journey, and a missing one does (the English would show instead).
 */
const browser = useTelegramBrowser();

const TURN_TIMEOUT_MS = 20_000;

/** A new player opening the Mini App from Telegram's phone app, signed in from initData, in the lobby. */
async function fromTelegram(user: { firstName: string; languageCode: string; theme: 'light' | 'dark' }, platform: 'ios' | 'android'): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(telegramWebviewStandIn);
  await page.goto(miniAppUrl(user, platform).url);
  await page.getByTestId('balance').waitFor({ timeout: 20_000 });
  return page;
}

/** The lobby, the deposit page and back: photographed at both widths, no label running out. */
async function lobbyAndWallet(page: Page, messages: Messages, language: string): Promise<void> {
  for (const width of [320, 390] as const) expect(await overflowAt(page, width, `lobby-${language}`)).toEqual([]);
  await page.getByRole('link', { name: messages.lobby.deposit }).click();
  await page.waitForURL('**/deposit');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  for (const width of [320, 390] as const) expect(await overflowAt(page, width, `wallet-${language}`)).toEqual([]);
  await page.getByRole('navigation', { name: messages.footer.label }).getByRole('link', { name: messages.footer.games }).click();
  await page.getByTestId('balance').waitFor();
}

/** From the lobby, in the page's language: a game's tile, the free level, Play. */
async function searchIn(page: Page, messages: Messages, mode: 'rps' | 'backgammon'): Promise<void> {
  await page.getByRole('button', { name: new RegExp(messages.games[mode].name) }).click();
  await page.getByRole('radio', { name: messages.bet.free }).click();
  await page.getByRole('button', { name: messages.bet.play }).click();
  await page.getByRole('dialog', { name: messages.search.title }).waitFor();
}

describe('native to Telegram, in Russian and Armenian', () => {
  it('a Russian player on an iPhone (day theme) plays a free RPS game to the end, all in Russian', async () => {
    const ivan = await fromTelegram({ firstName: 'Ivan', languageCode: 'ru', theme: 'light' }, 'ios');
    expect(await ivan.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await ivan.evaluate(() => document.documentElement.style.getPropertyValue('--tg-theme-bg-color'))).toBe('#ffffff');
    await ivan.getByRole('navigation', { name: ru.footer.label }).getByRole('link', { name: ru.footer.friends }).waitFor();
    await lobbyAndWallet(ivan, ru, 'ru');

    const bob: PhonePlayer = await newPlayer(browser);
    await lobbyAndWallet(bob.page, en, 'en');

    await searchIn(ivan, ru, 'rps');
    await searchFor(bob.page, /Rock Paper Scissors/);
    await Promise.all([ivan.waitForURL('**/rps', { timeout: 20_000 }), bob.page.waitForURL('**/rps', { timeout: 20_000 })]);
    const yourMove = ivan.getByRole('group', { name: ru.table.rps.yourMove });
    await yourMove.getByRole('button', { name: ru.table.rps.paper }).waitFor();
    for (const width of [320, 390] as const) expect(await overflowAt(ivan, width, 'rps-ru')).toEqual([]);
    for (const width of [320, 390] as const) expect(await overflowAt(bob.page, width, 'rps-en')).toEqual([]);

    for (let round = 0; round < 3; round += 1) {
      await yourMove.getByRole('button', { name: ru.table.rps.paper }).click({ timeout: 15_000 });
      await chooseRps(bob.page, 'Rock');
      await ivan.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
    }
    const won = ivan.getByRole('dialog', { name: ru.table.end.won });
    await won.waitFor();
    await won.getByRole('button', { name: ru.table.end.exit }).waitFor();
    await ivan.screenshot({ path: 'e2e/.artifacts/rps-ru-won.png' });
    await bob.page.getByRole('dialog', { name: en.table.end.lost }).waitFor();

    await won.getByRole('button', { name: ru.table.end.exit }).click();
    await ivan.getByRole('heading', { name: ru.lobby.games }).waitFor();
  }, 150_000);

  it('an Armenian player on Android (night theme) plays Backgammon in Armenian, then leaves it', async () => {
    const aram = await fromTelegram({ firstName: 'Aram', languageCode: 'hy', theme: 'dark' }, 'android');
    expect(await aram.evaluate(() => document.documentElement.lang)).toBe('hy');
    expect(await aram.evaluate(() => document.documentElement.style.getPropertyValue('--tg-theme-bg-color'))).toBe('#212d3b');
    await lobbyAndWallet(aram, hy, 'hy');

    const bob = await newPlayer(browser);
    await searchIn(aram, hy, 'backgammon');
    await searchFor(bob.page, /Backgammon/);
    await Promise.all([aram.waitForURL('**/backgammon', { timeout: 20_000 }), bob.page.waitForURL('**/backgammon', { timeout: 20_000 })]);
    await aram.getByTestId('checker').first().waitFor();
    for (const width of [320, 390] as const) expect(await overflowAt(aram, width, 'backgammon-hy')).toEqual([]);
    await aram.setViewportSize({ width: 390, height: 844 });

    // Two turns, each by whoever's screen says it is theirs (in their own language), tapped as a thumb does.
    const players = [
      { page: aram, messages: hy },
      { page: bob.page, messages: en },
    ];
    for (let turn = 0; turn < 2; turn += 1) {
      const mover = await toMove(players);
      const confirm = mover.page.getByRole('button', { name: mover.messages.backgammon.confirm });
      for (let step = 0; step < 4 && !(await confirm.isVisible()); step += 1) {
        await mover.page.locator('.bg-zone[data-state="movable"]').first().click();
        await mover.page.locator('.bg-zone[data-state="target"]').first().click();
      }
      await confirm.click();
      await confirm.waitFor({ state: 'hidden' });
    }
    await aram.screenshot({ path: 'e2e/.artifacts/backgammon-hy-played.png' });

    // Aram leaves, through the menu and the warning, all in Armenian; Bob wins by it.
    await aram.getByRole('button', { name: hy.table.settings.open }).click();
    await aram.getByRole('button', { name: hy.table.settings.leave }).click();
    const leave = aram.getByRole('dialog', { name: hy.table.leave.title });
    await leave.getByText(hy.table.leave.warning).waitFor();
    await aram.screenshot({ path: 'e2e/.artifacts/backgammon-hy-leave.png' });
    await leave.getByRole('button', { name: hy.table.leave.confirm }).click();
    await aram.waitForURL('**/game');
    await aram.getByRole('heading', { name: hy.lobby.games }).waitFor();
    await bob.page.getByRole('dialog', { name: en.table.end.opponentLeft }).waitFor({ timeout: TURN_TIMEOUT_MS });
  }, 150_000);
});

/** The player whose screen says it is their move (Backgammon's status, in their language). */
async function toMove(players: { page: Page; messages: Messages }[]): Promise<{ page: Page; messages: Messages }> {
  const deadline = Date.now() + TURN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const player of players) {
      const status = (await player.page.getByTestId('bg-status').textContent()) ?? '';
      const { myMove, iStart, noLegalMove } = player.messages.backgammon.status;
      // A roll with no legal move passes by itself; wait for the next one.
      if (status.includes(noLegalMove)) continue;
      if (status.includes(myMove) || status.includes(iStart)) return player;
    }
    await players[0]?.page.waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}
