import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPlayer, searchFor, useBrowser, type PhonePlayer } from './browser.ts';

const browser = useBrowser();
/** One action's wait: the other phone's request, a card's flight and the trick on the table. */
const ACTION_TIMEOUT_MS = 20_000;

/** The first of `players` whose screen shows `what` (only the player to act is offered anything). */
async function firstShowing(players: PhonePlayer[], what: (page: Page) => Locator): Promise<PhonePlayer> {
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const player of players) if (await what(player.page).first().isVisible()) return player;
    await players[0]?.page.waitForTimeout(100);
  }
  throw new Error('nobody was offered the action');
}

const playableCards = (page: Page) => page.locator('[data-testid="hand-card"][data-playable="true"]');
const handSize = (page: Page) => page.getByTestId('hand-card').count();
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
const resultsOf = (page: Page) => page.getByRole('dialog', { name: 'Round 1 result' });

describe('two players, two phones: Belote', () => {
  it('find each other, bid through to a suit, play a whole round by tapping, and agree on the trump and the points', async () => {
    const ann = await newPlayer(browser);
    const bob = await newPlayer(browser);
    const players = [ann, bob];

    await searchFor(ann.page, /Belote/);
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    await searchFor(bob.page, /Belote/);
    await Promise.all([ann.page.waitForURL('**/blot', { timeout: 20_000 }), bob.page.waitForURL('**/blot', { timeout: 20_000 })]);
    await ann.page.getByTestId('blot-opponent').getByText(bob.username).waitFor();
    await bob.page.getByTestId('blot-opponent').getByText(ann.username).waitFor();
    for (const { page } of players) {
      expect(await handSize(page)).toBe(5);
      expect(await page.getByTestId('opponent-hand').getByRole('img', { name: 'Face-down card' }).count()).toBe(5);
      expect(await text(page, 'player-points')).toBe('0/101');
    }
    // Both see the same face-up card; only one of them is asked about it.
    const faceUp = await ann.page.getByTestId('face-up-card').getByRole('img').getAttribute('alt');
    expect(await bob.page.getByTestId('face-up-card').getByRole('img').getAttribute('alt')).toBe(faceUp);
    await ann.page.screenshot({ path: 'e2e/.artifacts/blot-bidding.png' });

    // Round 1: both pass the face-up card.
    const elder = await firstShowing(players, (page) => page.getByRole('button', { name: 'Take' }));
    const dealer = elder === ann ? bob : ann;
    expect(await dealer.page.getByRole('button', { name: 'Take' }).count()).toBe(0);
    await elder.page.getByRole('button', { name: 'Pass' }).click();
    await dealer.page.getByRole('button', { name: 'Take' }).waitFor({ timeout: ACTION_TIMEOUT_MS });
    await dealer.page.getByRole('button', { name: 'Pass' }).click();

    // Round 2: the elder names the first suit offered (never the face-up card's), then plays it With Card.
    const choices = elder.page.getByRole('group', { name: 'Choose trump' });
    await choices.waitFor({ timeout: ACTION_TIMEOUT_MS });
    await elder.page.screenshot({ path: 'e2e/.artifacts/blot-suit-choice.png' });
    const suitButton = choices.getByRole('button').first();
    const suit = ((await suitButton.textContent()) ?? '').replace(/[♥♦♣♠]/g, '').trim().toLowerCase();
    expect(faceUp).not.toContain(suit);
    await suitButton.click();
    await elder.page.getByRole('button', { name: 'With Card' }).click({ timeout: ACTION_TIMEOUT_MS });

    for (const { page } of players) {
      await page.getByTestId('blot-trump').waitFor({ timeout: ACTION_TIMEOUT_MS });
      expect(await page.getByTestId('blot-trump').getAttribute('data-contract')).toBe(suit);
      await expect.poll(() => handSize(page), { timeout: ACTION_TIMEOUT_MS }).toBe(8);
    }
    expect(await text(elder.page, 'blot-trump')).toContain('chosen by You');
    expect(await text(dealer.page, 'blot-trump')).toContain(`chosen by ${elder.username}`);

    // Sixteen cards, each tapped by whoever may play: a legal card, announcing a combination if asked.
    for (let played = 0; played < 16; played += 1) {
      // Holding a combination, the player first answers Announce or Cancel; only then are cards playable.
      const mover = await firstShowing(players, (page) => playableCards(page).or(page.getByRole('button', { name: 'Announce' })));
      const announce = mover.page.getByRole('button', { name: 'Announce' });
      if (await announce.isVisible()) {
        await announce.click();
        await mover.page.screenshot({ path: 'e2e/.artifacts/blot-announce.png' });
      }
      const before = await handSize(mover.page);
      const illegal = mover.page.locator('[data-testid="hand-card"][data-playable="false"]');
      if ((await illegal.count()) > 0) {
        // A dimmed card does nothing.
        await illegal.first().click({ force: true });
        expect(await handSize(mover.page)).toBe(before);
      }
      if (played === 1) await mover.page.screenshot({ path: 'e2e/.artifacts/blot-follow.png' });
      await playableCards(mover.page).first().click();
      await expect.poll(() => handSize(mover.page), { timeout: ACTION_TIMEOUT_MS }).toBe(before - 1);
      if (played === 1) await mover.page.screenshot({ path: 'e2e/.artifacts/blot-trick.png' });
    }

    // The round is over: both phones show its result, and they agree.
    await Promise.all(players.map(({ page }) => resultsOf(page).waitFor({ timeout: ACTION_TIMEOUT_MS })));
    await ann.page.screenshot({ path: 'e2e/.artifacts/blot-round-result.png' });
    const annPopup = resultsOf(ann.page);
    const bobPopup = resultsOf(bob.page);
    const total = async (popup: Locator, id: string) => ((await popup.getByTestId(id).textContent()) ?? '').trim();
    expect(await total(annPopup, 'total-me')).toBe(await total(bobPopup, 'total-opponent'));
    expect(await total(annPopup, 'total-opponent')).toBe(await total(bobPopup, 'total-me'));
    expect(await text(ann.page, 'player-points')).toBe(await text(bob.page, 'opponent-points'));
    expect(await text(ann.page, 'opponent-points')).toBe(await text(bob.page, 'player-points'));
    expect(await total(annPopup, 'total-me')).toBe(await text(ann.page, 'player-points'));
    const annRow = (await annPopup.getByTestId('round-row').textContent()) ?? '';
    const bobRow = (await bobPopup.getByTestId('round-row').textContent()) ?? '';
    // "R1 · ♠ · You" on the taker's phone, "R1 · ♠ · <name>" on the other: the same contract.
    expect(annRow.split('·')[1]).toBe(bobRow.split('·')[1]);

    // The next deal follows the popup; then Bob leaves and Ann wins by it.
    await Promise.all(players.map(({ page }) => resultsOf(page).waitFor({ state: 'hidden', timeout: ACTION_TIMEOUT_MS })));
    await expect.poll(() => handSize(ann.page), { timeout: ACTION_TIMEOUT_MS }).toBe(5);
    await bob.page.getByRole('button', { name: 'Settings' }).click();
    await bob.page.getByRole('button', { name: 'Leave game' }).click();
    await bob.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
    await bob.page.waitForURL('**/game');
    await ann.page.getByRole('dialog', { name: 'Your opponent left the game. You won!' }).waitFor({ timeout: ACTION_TIMEOUT_MS });
    await ann.page.screenshot({ path: 'e2e/.artifacts/blot-won.png' });
  }, 180_000);
});
