import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deviceSeedOf, newPlayer, openFairnessSheet, searchFor, seedShown, useBrowser, type PhonePlayer } from './browser.ts';

const browser = useBrowser();
const TURN_TIMEOUT_MS = 20_000;

/** Where every checker is, as the page draws it: checker id → wire slot. */
const boardOf = (page: Page) =>
  page.getByTestId('checker').evaluateAll((elements) => Object.fromEntries(elements.map((e) => [(e as HTMLElement).dataset.checkerId, (e as HTMLElement).dataset.point])));

const status = (page: Page) => page.getByTestId('bg-status').textContent();
const zones = (page: Page, state: 'movable' | 'target') => page.locator(`.bg-zone[data-state="${state}"]`);

/** Which of the two may act now (their screen says so), waiting through the other's replay and the roll. */
async function playerToMove(players: PhonePlayer[]): Promise<PhonePlayer> {
  const deadline = Date.now() + TURN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const player of players) {
      const text = (await status(player.page)) ?? '';
      if (text.includes('tap a checker') || text.includes('No legal moves')) return player;
    }
    await players[0]?.page.waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}

/** One checker picked up and put on its first target, by tapping like a thumb would. */
async function tapOneStep(page: Page): Promise<void> {
  await zones(page, 'movable').first().click();
  await zones(page, 'target').first().click();
}

describe('two players, two phones: Backgammon', () => {
  it('find each other, take turns by tapping checkers and targets, void once, confirm, see each other’s moves arrive, and both verify the game', async () => {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);

    await searchFor(ann.page, /Backgammon/);
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    await searchFor(bob.page, /Backgammon/);
    await Promise.all([ann.page.waitForURL('**/backgammon', { timeout: 20_000 }), bob.page.waitForURL('**/backgammon', { timeout: 20_000 })]);
    await ann.page.getByTestId('bg-opponent').getByText(bob.username).waitFor();
    await bob.page.getByTestId('bg-opponent').getByText(ann.username).waitFor();
    expect(await ann.page.getByTestId('checker').count()).toBe(30);
    await ann.page.screenshot({ path: 'e2e/.artifacts/backgammon-start-white.png' });
    await bob.page.screenshot({ path: 'e2e/.artifacts/backgammon-start-black.png' });

    let voided = false;
    for (let turn = 0; turn < 4; turn += 1) {
      const mover = await playerToMove([ann, bob]);
      const watcher = mover === ann ? bob : ann;
      if (((await status(mover.page)) ?? '').includes('No legal moves')) {
        // The screen passes by itself after 2.5 s.
        await expect.poll(() => status(mover.page), { timeout: TURN_TIMEOUT_MS }).not.toContain('No legal moves');
        continue;
      }
      const before = await boardOf(mover.page);
      if (!voided) {
        await zones(mover.page, 'movable').first().click();
        await mover.page.screenshot({ path: 'e2e/.artifacts/backgammon-targets.png' });
        await zones(mover.page, 'target').first().click();
        expect(await boardOf(mover.page)).not.toEqual(before);
        await mover.page.getByRole('button', { name: 'Void' }).click();
        expect(await boardOf(mover.page)).toEqual(before);
        voided = true;
      }
      const confirm = mover.page.getByRole('button', { name: 'Confirm' });
      for (let step = 0; step < 4 && !(await confirm.isVisible()); step += 1) await tapOneStep(mover.page);
      if (turn === 0) {
        // After the last checker's slide.
        await mover.page.waitForTimeout(400);
        await mover.page.screenshot({ path: 'e2e/.artifacts/backgammon-pending.png' });
      }
      await confirm.click();
      await confirm.waitFor({ state: 'hidden' });
      const after = await boardOf(mover.page);
      expect(after).not.toEqual(before);
      // The other phone replays the move and lands on the same board.
      await expect.poll(() => boardOf(watcher.page), { timeout: TURN_TIMEOUT_MS }).toEqual(after);
      if (turn === 1) await watcher.page.screenshot({ path: 'e2e/.artifacts/backgammon-after-replay.png' });
    }
    expect(voided).toBe(true);

    // Each phone sent its own client seed before the first roll: the Fairness sheet shows both.
    const seeds = await Promise.all([ann, bob].map((player) => deviceSeedOf(player.page)));
    for (const [index, player] of [ann, bob].entries()) {
      const sheet = await openFairnessSheet(player.page);
      await expect.poll(() => seedShown(sheet, 'Your client seed')).toBe(seeds[index]);
      await expect.poll(() => seedShown(sheet, "Opponent's client seed")).toBe(seeds[1 - index]);
      if (index === 0) await player.page.screenshot({ path: 'e2e/.artifacts/backgammon-fairness.png' });
      await sheet.getByRole('button', { name: 'Close' }).click();
    }

    // Bob leaves: Ann wins by it.
    await bob.page.getByRole('button', { name: 'Settings' }).click();
    await bob.page.getByRole('button', { name: 'Leave game' }).click();
    await bob.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
    await bob.page.waitForURL('**/game');
    const won = ann.page.getByRole('dialog', { name: 'Your opponent left the game. You won!' });
    await won.waitFor({ timeout: TURN_TIMEOUT_MS });
    await ann.page.screenshot({ path: 'e2e/.artifacts/backgammon-won.png' });

    // Both check the game on their own phones, Ann from the end popup, Bob from his history: every
    // roll and move replays from the seeds, and each phone finds the hash and its own seed it knew.
    await won.getByRole('link', { name: 'Verify' }).click();
    await bob.page.goto('/played-games-history');
    await bob.page.getByTestId('played-game').first().getByRole('link', { name: 'Verify' }).click();
    for (const [index, player] of [ann, bob].entries()) {
      await player.page.waitForURL('**/verify/**');
      await player.page.getByText(/steps of this Backgammon game.*match the seeds committed before it started/).waitFor({ timeout: 20_000 });
      await expect.poll(() => player.page.getByTestId('verify-commitment').textContent()).toContain('The same hash this device was shown');
      await expect.poll(() => player.page.getByTestId('verify-client-seed').textContent()).toContain('the one this device sent');
      await expect.poll(() => player.page.getByText(seeds[index]!, { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => player.page.getByText(seeds[1 - index]!, { exact: true }).count()).toBeGreaterThan(0);
    }
    await bob.page.screenshot({ path: 'e2e/.artifacts/backgammon-verified.png', fullPage: true });
  }, 150_000);
});
