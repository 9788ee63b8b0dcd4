import { describe, it } from 'vitest';
import hy from '../src/i18n/locales/hy.ts';
import { newPlayer } from './browser.ts';
import { miniAppUrl, telegramWebviewStandIn, useTelegramBrowser } from './telegramWeb.ts';

/**
 * Issue 36 inside Telegram: a newcomer taps a challenge's Accept button in a chat, so the Mini App opens
 * with startapp=ch_<code>. They are signed in from initData on the way (a new account, the challenger
 * its inviter), land on the challenge in their Telegram language, and one tap starts the game for both.
 */
const browser = useTelegramBrowser();

describe('a challenge opened from a chat in Telegram', () => {
  it('signs an Armenian newcomer in, shows them the challenge in Armenian, and Accept starts the game for both', async () => {
    const ann = await newPlayer(browser);
    await ann.page.getByRole('button', { name: /Backgammon/ }).click();
    await ann.page.getByRole('radio', { name: 'Free, play for tokens' }).click();
    await ann.page.getByRole('button', { name: 'Challenge a friend' }).click();
    await ann.page.waitForURL('**/challenge/**');
    const code = new URL(ann.page.url()).pathname.split('/').pop() ?? '';

    const aram = await browser.newPage();
    await aram.addInitScript(telegramWebviewStandIn);
    await aram.goto(miniAppUrl({ firstName: 'Aram', languageCode: 'hy', theme: 'dark', startParam: `ch_${code}` }, 'android').url);
    await aram.waitForURL(`**/challenge/${code}`, { timeout: 20_000 });
    await aram.getByTestId('challenge-heading').filter({ hasText: `${ann.username}-ը ձեզ մարտահրավեր է նետում` }).waitFor();
    await aram.getByTestId('challenge-game').filter({ hasText: hy.games.backgammon.name }).waitFor();
    await aram.screenshot({ path: 'e2e/.artifacts/challenge-telegram-hy.png', fullPage: true });
    await aram.getByRole('button', { name: hy.challenge.accept }).click();
    await Promise.all([ann.page.waitForURL('**/backgammon', { timeout: 20_000 }), aram.waitForURL('**/backgammon', { timeout: 20_000 })]);

    // The newcomer is the challenger's friend now, under the usual referral rules.
    await ann.page.goto('/friends');
    await ann.page.getByTestId('friend').filter({ hasText: /aram_\d+/ }).first().waitFor();
  });
});
