import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Messages } from '../src/i18n/messages.ts';
import hy from '../src/i18n/locales/hy.ts';
import ru from '../src/i18n/locales/ru.ts';
import { signUpAndLogIn, useBrowser } from './browser.ts';

const browser = useBrowser();
// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;

interface Player {
  page: Page;
  username: string;
  messages: Messages;
  language: 'ru' | 'hy';
}

/**
 * An amount as the app writes it in `language` (src/i18n/format.ts formatMoney), from Node's full ICU:
 * the app must write the same in Chromium, whose ICU has no Armenian of its own. Spaces dropped.
 */
const money = (language: string, usdt: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(usdt)
    .replace(/\s/g, '');

/** A player in a browser of `locale`, in its language from the start, with `usdt` credited through the devchain. */
async function fundedPlayer(language: Player['language'], messages: Messages, usdt: number): Promise<Player> {
  const page = await browser.newPage({ locale: `${language}-${language === 'ru' ? 'RU' : 'AM'}` });
  const { username } = await signUpAndLogIn(page, messages);
  const { walletAddress } = (await (await page.request.get('/api/wallet/wallet-address')).json()) as { walletAddress: string };
  const deposit = await page.request.post('/api/dev/deposit', { data: { address: walletAddress, amount: usdt, currency: 'USDT' } });
  expect(deposit.status()).toBe(200);
  await expect.poll(async () => (await page.getByTestId('balance').textContent())?.replace(/\s/g, ''), { timeout: CREDIT_TIMEOUT_MS }).toBe(money(language, usdt));
  return { page, username, messages, language };
}

const balanceOf = async (player: Player) => (await player.page.getByTestId('balance').textContent())?.replace(/\s/g, '');

/** An RPS move, tapped in the player's language; disabled during the reveal, so the tap waits for the next round. */
async function choose(player: Player, move: 'rock' | 'paper' | 'scissors'): Promise<void> {
  const { rps } = player.messages.table;
  await player.page.getByRole('group', { name: rps.yourMove }).getByRole('button', { name: rps[move] }).click({ timeout: 15_000 });
}

/** Three rounds, `winner` taking each. */
async function playToEnd(winner: Player, loser: Player): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    await choose(winner, 'paper');
    await choose(loser, 'rock');
    await winner.page.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
  }
}

describe('a challenge sent into a chat', () => {
  it('a Russian player challenges at $1 RPS, an Armenian one opens the link and accepts; both play to the end in their languages, then a rematch', async () => {
    const ivan = await fundedPlayer('ru', ru, 5);
    const aram = await fundedPlayer('hy', hy, 5);

    // Ivan: the RPS tile, the $1 level, Challenge a friend — all in Russian.
    await ivan.page.getByRole('button', { name: new RegExp(ru.games.rps.name) }).click();
    const bets = ivan.page.getByRole('dialog', { name: ru.games.rps.name });
    await bets.getByRole('radio', { name: /^1\s\$,/ }).click();
    await bets.getByRole('button', { name: ru.challenge.fromLobby }).click();
    await ivan.page.waitForURL('**/challenge/**');
    await ivan.page.getByTestId('challenge-heading').filter({ hasText: ru.challenge.yours }).waitFor();
    await expect.poll(async () => (await ivan.page.getByTestId('challenge-game').textContent())?.replace(/\s/g, ' ')).toContain('по 1 $, победитель забирает 1,80 $');
    await ivan.page.getByRole('timer').filter({ hasText: /Истекает через 1[45]:\d\d/ }).waitFor();
    await ivan.page.getByRole('button', { name: ru.challenge.send }).waitFor();
    await ivan.page.screenshot({ path: 'e2e/.artifacts/challenge-ru.png', fullPage: true });
    // The bet is in escrow from the start.
    await ivan.page.goto('/game');
    await expect.poll(() => balanceOf(ivan)).toBe(money('ru', 4));
    await ivan.page.getByTestId('open-challenge').waitFor();
    await ivan.page.getByTestId('open-challenge').click();
    await ivan.page.waitForURL('**/challenge/**');
    const link = (await ivan.page.getByTestId('challenge-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/\?challenge=[A-Za-z0-9]{10}$/);

    // Aram opens the link in his own browser: who challenges him, the game and the stake, in Armenian.
    await aram.page.goto(new URL(link).pathname + new URL(link).search);
    await aram.page.waitForURL('**/challenge/**');
    await aram.page.getByTestId('challenge-heading').filter({ hasText: `${ivan.username}-ը ձեզ մարտահրավեր է նետում` }).waitFor();
    await aram.page.getByTestId('challenge-game').filter({ hasText: hy.games.rps.name }).waitFor();
    await aram.page.screenshot({ path: 'e2e/.artifacts/challenge-hy.png', fullPage: true });

    // One tap: both land on the game screen, Ivan from the challenge page he left open.
    await aram.page.getByRole('button', { name: hy.challenge.accept }).click();
    await Promise.all([ivan.page.waitForURL('**/rps', { timeout: 20_000 }), aram.page.waitForURL('**/rps', { timeout: 20_000 })]);
    await ivan.page.getByText(aram.username).first().waitFor();
    await aram.page.getByText(ivan.username).first().waitFor();

    await playToEnd(ivan, aram);
    const won = ivan.page.getByRole('dialog', { name: ru.table.end.won });
    await won.waitFor();
    await expect.poll(async () => (await won.textContent())?.replace(/\s/g, '')).toContain(money('ru', 5.8));
    const lost = aram.page.getByRole('dialog', { name: hy.table.end.lost });
    await lost.waitFor();
    await ivan.page.screenshot({ path: 'e2e/.artifacts/challenge-won-ru.png' });
    await aram.page.screenshot({ path: 'e2e/.artifacts/challenge-lost-hy.png' });

    // A rematch seats the same two again, at the same stake.
    await won.getByRole('button', { name: ru.table.end.playAgain }).click();
    await lost.getByRole('button', { name: hy.table.end.playAgain }).click();
    for (const player of [ivan, aram]) {
      await player.page.getByTestId('match-score').filter({ hasText: /^\s*0\s*:\s*0\s*$/ }).waitFor({ timeout: 20_000 });
    }
    await playToEnd(aram, ivan);
    await aram.page.getByRole('dialog', { name: hy.table.end.won }).waitFor();
    await ivan.page.getByRole('dialog', { name: ru.table.end.lost }).waitFor();

    // Each won one game: 5 - 1 + 1.80 - 1 = 4.80, in their own language's way of writing it.
    for (const player of [ivan, aram]) {
      await player.page.getByRole('button', { name: player.messages.table.end.exit }).click();
      await expect.poll(() => player.page.url(), { timeout: 10_000 }).toMatch(/\/game$/);
      await expect.poll(() => balanceOf(player)).toBe(money(player.language, 4.8));
    }
    // Ivan has no open challenge left.
    expect(await ivan.page.getByTestId('open-challenge').count()).toBe(0);
  }, 180_000);
});
