import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPlayer, searchFor, useBrowser, type PhonePlayer } from './browser.ts';

const browser = useBrowser();
/** A turn is 22 s; a hard break can roll for several seconds more before the other phone may shoot. */
const TURN_TIMEOUT_MS = 30_000;

interface Player extends PhonePlayer {
  name: 'ann' | 'bob';
}

async function freePlayer(name: Player['name']): Promise<Player> {
  return { name, ...(await newPlayer(browser)) };
}

const table = (page: Page) => page.getByTestId('carrom-table');
const canvas = (page: Page) => page.getByTestId('carrom-board');
/** The coins as the canvas drew them (board units, by id): the same on both phones once a shot has settled. */
const boardOf = (page: Page) => canvas(page).getAttribute('data-board');
const shotOf = (page: Page) => table(page).getAttribute('data-shot');

/** Which of the two may shoot now (their screen says so), waiting through the other's replay. */
async function playerToShoot(players: Player[]): Promise<Player> {
  const deadline = Date.now() + TURN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const player of players) {
      if ((await table(player.page).getAttribute('data-phase')) === 'player-turn') return player;
    }
    await players[0]?.page.waitForTimeout(100);
  }
  throw new Error('nobody may shoot');
}

/**
 * Presses on the striker and drags back by (dx, dy) screen pixels, as a thumb would, then lets go: the
 * striker goes the other way. The canvas reports where it drew the striker (CSS pixels from its corner).
 */
async function dragBack(page: Page, dx: number, dy: number, screenshot?: string): Promise<void> {
  const at = await canvas(page).getAttribute('data-striker-at');
  const box = await canvas(page).boundingBox();
  if (!at || !box) throw new Error('no striker to aim with');
  const [x, y] = at.split(',').map(Number) as [number, number];
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + dx, box.y + y + dy, { steps: 8 });
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.mouse.up();
}

describe('two players, two phones: Carrom', () => {
  it('find each other, each shoots by dragging back from the striker, and both phones land on the same board', async () => {
    const ann = await freePlayer('ann');
    const bob = await freePlayer('bob');

    await searchFor(ann.page, /Carrom/);
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    await searchFor(bob.page, /Carrom/);
    await Promise.all([ann.page.waitForURL('**/carrom', { timeout: 20_000 }), bob.page.waitForURL('**/carrom', { timeout: 20_000 })]);
    await ann.page.getByTestId('carrom-opponent').getByText(bob.username).waitFor();
    await bob.page.getByTestId('carrom-opponent').getByText(ann.username).waitFor();
    // The first in the queue plays white and shoots first; both see the same rosette.
    await expect.poll(() => table(ann.page).getAttribute('data-phase')).toBe('player-turn');
    expect(await table(bob.page).getAttribute('data-phase')).toBe('opponent-turn');
    const start = await boardOf(ann.page);
    expect(start?.split(';')).toHaveLength(19);
    expect(await boardOf(bob.page)).toBe(start);
    // The canvas's backing store follows the phone's pixel density (2 here).
    const density = await canvas(ann.page).evaluate((element) => {
      const c = element as HTMLCanvasElement;
      return c.width / c.getBoundingClientRect().width;
    });
    expect(density).toBeCloseTo(2, 1);
    await ann.page.screenshot({ path: 'e2e/.artifacts/carrom-start-white.png' });
    await bob.page.screenshot({ path: 'e2e/.artifacts/carrom-start-black.png' });

    const shooters = new Set<Player['name']>();
    let shots = 0;
    let broke = false;
    while (shooters.size < 2) {
      expect(shots).toBeLessThan(8);
      const mover = await playerToShoot([ann, bob]);
      const watcher = mover === ann ? bob : ann;
      const before = await boardOf(mover.page);
      if (!broke) {
        // The break: pulled straight down (past the longest pull), the striker goes up into the rosette.
        await dragBack(mover.page, 0, 90, 'e2e/.artifacts/carrom-aiming.png');
      } else {
        // Softly along the baseline: most likely the striker touches nothing and the turn passes.
        await dragBack(mover.page, -28, 0);
      }
      shots += 1;
      shooters.add(mover.name);
      // The shooter's phone plays the shot at once; the other replays it from the server's lastMove.
      await expect.poll(() => table(watcher.page).getAttribute('data-phase'), { timeout: TURN_TIMEOUT_MS }).toBe('move-execution');
      if (!broke) await watcher.page.screenshot({ path: 'e2e/.artifacts/carrom-replay.png' });
      await expect.poll(() => shotOf(mover.page), { timeout: TURN_TIMEOUT_MS }).toBe(String(shots));
      await expect.poll(() => shotOf(watcher.page), { timeout: TURN_TIMEOUT_MS }).toBe(String(shots));
      const after = await boardOf(mover.page);
      expect(await boardOf(watcher.page)).toBe(after);
      if (!broke) {
        expect(after).not.toBe(before);
        broke = true;
        await mover.page.screenshot({ path: 'e2e/.artifacts/carrom-after-break.png' });
      }
    }

    // Bob leaves: Ann wins by it.
    await bob.page.getByRole('button', { name: 'Settings' }).click();
    await bob.page.getByRole('button', { name: 'Leave game' }).click();
    await bob.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
    await bob.page.waitForURL('**/game');
    await ann.page.getByRole('dialog', { name: 'Your opponent left the game. You won!' }).waitFor({ timeout: TURN_TIMEOUT_MS });
    await ann.page.screenshot({ path: 'e2e/.artifacts/carrom-won.png' });
  }, 180_000);
});
