import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { searchFor } from './browser.ts';
import { miniAppUrl, telegramWebviewStandIn, useTelegramBrowser } from './telegramWeb.ts';

/**
 * Issue 36: a Telegram client before Bot API 7.0 sends only the seven classic theme colours. Its night
 * theme on a phone whose system is light drew the seconds badge under the turn ring white on white, and
 * its day theme on a dark system the other way round: the fallbacks followed the system, not Telegram.
 * Each table (Belote, Backgammon, Carrom) is opened in both classic themes, on a system of the other
 * appearance, photographed (e2e/.artifacts/<game>-classic-<theme>.png), and the colours Chromium drew
 * are measured: the badge's seconds against its background, and every text colour the app or
 * telegram-ui derives against what it is drawn on.
 */
const browser = useTelegramBrowser();

const TURN_TIMEOUT_MS = 20_000;

type Appearance = 'light' | 'dark';

const TABLES = [
  { mode: 'blot', tile: /Belote/ },
  { mode: 'backgammon', tile: /Backgammon/ },
  { mode: 'carrom', tile: /Carrom/ },
] as const;

/** An older Android client with the classic colours of `theme`, on a system set to the other appearance, in the lobby. */
async function fromOlderTelegram(firstName: string, theme: Appearance): Promise<Page> {
  const page = await browser.newPage();
  await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
  await page.addInitScript(telegramWebviewStandIn);
  await page.goto(miniAppUrl({ firstName, languageCode: 'en', theme, classicTheme: true }, 'android').url);
  await page.getByTestId('balance').waitFor({ timeout: 20_000 });
  return page;
}

/** Text colour on background colour, and the least contrast it must keep (4.5 body text, 3 large or bold). */
const PAIRS: [string, string, number][] = [
  ['--text', '--bg-section', 4.5],
  ['--text', '--bg', 4.5],
  ['--danger', '--bg-section', 3],
  ['--link', '--bg-section', 3],
  ['--tgui--text_color', '--tgui--section_bg_color', 4.5],
  ['--tgui--destructive_text_color', '--tgui--section_bg_color', 3],
  ['--tgui--subtitle_text_color', '--tgui--section_bg_color', 3],
  ['--tgui--section_header_text_color', '--tgui--bg_color', 3],
  ['--tgui--accent_text_color', '--tgui--bg_color', 3],
  ['--tgui--hint_color', '--tgui--section_bg_color', 3],
];

/** WCAG contrast of two computed colours (Chromium gives them as rgb()/rgba(); an opaque one is expected). */
function contrastOf(a: string, b: string): number {
  const luminance = (css: string) => {
    const parts = /^rgba?\(([^)]+)\)$/.exec(css)?.[1]?.split(',').map(Number) ?? [];
    const [r, g, b, alpha = 1] = parts;
    if (r === undefined || g === undefined || b === undefined || alpha < 1) throw new Error(`not an opaque colour: ${css}`);
    const [lr, lg, lb] = [r, g, b].map((part) => {
      const c = part / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
}

interface TableColours {
  /** The running turn timer's seconds badge: its text and its own background. */
  badge: { text: string; background: string };
  /** For each pair of PAIRS, the colours a probe painted with its two variables got. */
  pairs: { text: string; background: string }[];
  colorScheme: string;
}

/**
 * In the page: the computed colours of the running timer's seconds badge, and of a probe painted with
 * each pair's variables inside the table (where telegram-ui's AppRoot defines its own).
 */
function tableColours(pairs: [string, string, number][]): TableColours {
  const seconds = document.querySelector('.timer-ring--running .timer-ring__seconds');
  if (!seconds) throw new Error('no running turn timer');
  const badgeStyle = getComputedStyle(seconds);
  const table = seconds.closest('section') ?? document.body;
  return {
    badge: { text: badgeStyle.color, background: badgeStyle.backgroundColor },
    pairs: pairs.map(([text, background]) => {
      const probe = document.createElement('div');
      probe.style.color = `var(${text})`;
      probe.style.backgroundColor = `var(${background})`;
      table.append(probe);
      const style = getComputedStyle(probe);
      const colours = { text: style.color, background: style.backgroundColor };
      probe.remove();
      return colours;
    }),
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  };
}

/** In the page: each settings menu item's label colour and what is under it (its row, else the card), and the theme's destructive colour there. */
function menuColours(): { items: Record<string, { text: string; background: string }>; destructive: string } {
  const list = document.querySelector('.game-menu__list');
  if (!list) throw new Error('no open menu');
  const card = getComputedStyle(list).backgroundColor;
  const items: Record<string, { text: string; background: string }> = {};
  for (const item of list.querySelectorAll('.game-menu__item')) {
    // The innermost element holding the label's text: where the colour the player sees is computed.
    const label = [...item.querySelectorAll('*')].find((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()));
    const row = getComputedStyle(item).backgroundColor;
    if (label) items[label.textContent?.trim() ?? ''] = { text: getComputedStyle(label).color, background: row === 'rgba(0, 0, 0, 0)' ? card : row };
  }
  const probe = document.createElement('div');
  probe.style.color = 'var(--tgui--destructive_text_color)';
  list.append(probe);
  const destructive = getComputedStyle(probe).color;
  probe.remove();
  return { items, destructive };
}

describe("an older Telegram client's classic theme at every table", () => {
  for (const { mode, tile } of TABLES) {
    for (const theme of ['dark', 'light'] as const) {
      it(`${mode}, classic ${theme} theme on a ${theme === 'dark' ? 'light' : 'dark'} system: the turn timer and the table read`, async () => {
        const ann = await fromOlderTelegram('Ann', theme);
        const bob = await fromOlderTelegram('Bob', theme);
        await searchFor(ann, tile);
        await ann.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
        await searchFor(bob, tile);
        await Promise.all([ann.waitForURL(`**/${mode}`, { timeout: 20_000 }), bob.waitForURL(`**/${mode}`, { timeout: 20_000 })]);
        // Someone's turn runs: the ring around their avatar with its seconds badge.
        await ann.locator('.timer-ring--running .timer-ring__seconds').first().waitFor({ timeout: TURN_TIMEOUT_MS });
        await ann.waitForTimeout(400);
        await ann.screenshot({ path: `e2e/.artifacts/${mode}-classic-${theme}.png` });

        const seen = await ann.evaluate(tableColours, PAIRS);
        expect(contrastOf(seen.badge.text, seen.badge.background), `seconds ${seen.badge.text} on ${seen.badge.background}`).toBeGreaterThanOrEqual(3);
        const unreadable = PAIRS.flatMap(([text, background, least], index) => {
          const drawn = seen.pairs[index]!;
          const ratio = contrastOf(drawn.text, drawn.background);
          return ratio < least ? [`${text} ${drawn.text} on ${background} ${drawn.background}: ${ratio}`] : [];
        });
        expect(unreadable).toEqual([]);
        expect(seen.colorScheme).toBe(theme);

        // The settings menu: telegram-ui's section background with the destructive Leave in it.
        await ann.getByRole('button', { name: 'Settings' }).click();
        await ann.getByRole('button', { name: 'Leave game' }).waitFor();
        await ann.waitForTimeout(300);
        await ann.screenshot({ path: `e2e/.artifacts/${mode}-classic-${theme}-menu.png` });
        const menu = await ann.evaluate(menuColours);
        expect(Object.keys(menu.items)).toEqual(expect.arrayContaining(['Sound', 'Fairness', 'Leave game']));
        for (const [label, { text, background }] of Object.entries(menu.items)) {
          expect(contrastOf(text, background), `${label} ${text} on ${background}`).toBeGreaterThanOrEqual(3);
        }
        // Leaving loses the game: its row wears the theme's destructive colour.
        expect(menu.items['Leave game']?.text).toBe(menu.destructive);
        await ann.getByRole('button', { name: 'Leave game' }).click();
        await ann.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
        await ann.waitForURL('**/game');
        await bob.getByRole('dialog', { name: 'Your opponent left the game. You won!' }).waitFor({ timeout: TURN_TIMEOUT_MS });
      }, 90_000);
    }
  }
});
