import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseRps, deviceSeedOf, newPlayer, openFairnessSheet, searchFor, seedShown, signUpAndLogIn, useBrowser } from './browser.ts';

const browser = useBrowser();
// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;

/** A signed-in player on /game with `usdt` credited through the devchain. */
async function fundedPlayer(usdt: number): Promise<{ page: Page; username: string }> {
  const page = await browser.newPage();
  const { username } = await signUpAndLogIn(page);
  const { walletAddress } = (await (await page.request.get('/api/wallet/wallet-address')).json()) as { walletAddress: string };
  const deposit = await page.request.post('/api/dev/deposit', { data: { address: walletAddress, amount: usdt, currency: 'USDT' } });
  expect(deposit.status()).toBe(200);
  await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain(`$${usdt}.00`);
  return { page, username };
}

describe('two players, two phones: RPS for money', () => {
  it('find each other at $1, play to three by tapping, and the money and histories follow', async () => {
    const ann = await fundedPlayer(5);
    const bob = await fundedPlayer(5);

    await searchFor(ann.page, /Rock Paper Scissors/, '$1, win $1.80');
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    // The bet leaves the shown balance at once.
    await expect.poll(() => ann.page.getByTestId('balance').textContent()).toContain('$4.00');
    await searchFor(bob.page, /Rock Paper Scissors/, '$1, win $1.80');

    await Promise.all([ann.page.waitForURL('**/rps', { timeout: 20_000 }), bob.page.waitForURL('**/rps', { timeout: 20_000 })]);
    await ann.page.getByText(bob.username).first().waitFor();
    await bob.page.getByText(ann.username).first().waitFor();
    await ann.page.screenshot({ path: 'e2e/.artifacts/rps-start.png' });

    for (let round = 0; round < 3; round += 1) {
      await chooseRps(ann.page, 'Paper');
      await chooseRps(bob.page, 'Rock');
      // Both see the round's result before the next one opens.
      await ann.page.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
    }

    const annEnd = ann.page.getByRole('dialog', { name: 'You won!' });
    await annEnd.waitFor();
    await expect.poll(() => annEnd.textContent()).toContain('+$1.80');
    await expect.poll(() => annEnd.textContent()).toContain('Balance $5.80');
    const bobEnd = bob.page.getByRole('dialog', { name: 'You lose...' });
    await bobEnd.waitFor();
    await expect.poll(() => bobEnd.textContent()).toContain('-$1.00');
    await ann.page.screenshot({ path: 'e2e/.artifacts/rps-won.png' });
    await bob.page.screenshot({ path: 'e2e/.artifacts/rps-lost.png' });

    for (const [player, balance] of [
      [ann, '$5.80'],
      [bob, '$4.00'],
    ] as const) {
      await player.page.getByRole('button', { name: 'Exit' }).click();
      await player.page.waitForURL('**/game');
      await expect.poll(() => player.page.getByTestId('balance').textContent()).toContain(balance);
      await player.page.goto('/played-games-history');
      const record = player.page.getByTestId('played-game').first();
      await record.waitFor();
      await expect.poll(() => record.textContent()).toContain('Rock Paper Scissors');
    }
    await expect.poll(() => ann.page.getByTestId('played-game').first().textContent()).toContain(bob.username);
    await expect.poll(() => ann.page.getByTestId('played-game').first().textContent()).toContain('Win');
    await expect.poll(() => bob.page.getByTestId('played-game').first().textContent()).toContain('Lose');
    await ann.page.screenshot({ path: 'e2e/.artifacts/played-games.png' });

    // Each checks the game on their own phone: the proof replays in the browser (a worker) and holds.
    for (const player of [ann, bob]) {
      await player.page.getByTestId('played-game').first().getByRole('link', { name: 'Verify' }).click();
      await player.page.waitForURL('**/verify/**');
      await player.page.getByText(/steps of this Rock Paper Scissors game.*match the seeds committed before it started/).waitFor({ timeout: 20_000 });
      // This phone kept the hash it was shown at the start, and the proof matched it.
      await expect.poll(() => player.page.getByTestId('verify-commitment').textContent()).toContain('The same hash this device was shown');
    }
    await ann.page.screenshot({ path: 'e2e/.artifacts/rps-verified.png', fullPage: true });
  });

  it('play again: the rematch waits for both phones’ seeds too, and its first round opens', async () => {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);
    await searchFor(ann.page, /Rock Paper Scissors/);
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    await searchFor(bob.page, /Rock Paper Scissors/);
    await Promise.all([ann.page.waitForURL('**/rps', { timeout: 20_000 }), bob.page.waitForURL('**/rps', { timeout: 20_000 })]);
    for (let round = 0; round < 3; round += 1) {
      await chooseRps(ann.page, 'Scissors');
      await chooseRps(bob.page, 'Paper');
      await ann.page.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
    }
    await ann.page.getByRole('dialog', { name: 'You won!' }).getByRole('button', { name: 'Play again' }).click();
    await bob.page.getByRole('dialog', { name: 'You lose...' }).getByRole('button', { name: 'Play again' }).click();

    // The new game starts on both phones from 0 : 0, its first draw made from both phones' seeds.
    for (const player of [ann, bob]) {
      await player.page.getByTestId('match-score').filter({ hasText: /^\s*0\s*:\s*0\s*$/ }).waitFor({ timeout: 20_000 });
      await player.page.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Rock' }).waitFor();
    }
    const seeds = await Promise.all([ann, bob].map((player) => deviceSeedOf(player.page)));
    for (const [index, player] of [ann, bob].entries()) {
      const sheet = await openFairnessSheet(player.page);
      await expect.poll(() => seedShown(sheet, 'Your client seed')).toBe(seeds[index]);
      await expect.poll(() => seedShown(sheet, "Opponent's client seed")).toBe(seeds[1 - index]);
      await sheet.getByRole('button', { name: 'Close' }).click();
    }
    await chooseRps(ann.page, 'Rock');
    await chooseRps(bob.page, 'Scissors');
    await ann.page.getByTestId('match-score').filter({ hasText: /^\s*1\s*:\s*0\s*$/ }).waitFor();
  });
});
