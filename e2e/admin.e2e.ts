import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, searchFor, useBrowser, signedInOperator } from './browser.ts';
import { OPERATOR } from './globalSetup.ts';

const browser = useBrowser();
const LIVE_TIMEOUT_MS = 20_000;

const queueRow = (operator: Page, card: string, level: string): Locator =>
  operator.getByRole('article', { name: card }).locator('li', { has: operator.getByText(level, { exact: true }) });

const isLit = (row: Locator) => row.evaluate((element) => element.classList.contains('queue-row--active'));

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

describe('the operator watches the floor', () => {
  it('sees a queue light up, a game start and end, downloads its log and exports the users', async () => {
    const operator = await signedInOperator(browser, OPERATOR);
    const rpsFree = queueRow(operator, 'RPS', 'Free');
    await expect.poll(() => rpsFree.textContent()).toContain('0');
    expect(await isLit(rpsFree)).toBe(false);
    await operator.getByText('No games in progress.').waitFor();

    // A player searches: the RPS Free row lights up on the operator's screen, live.
    const ann = await newPlayer(browser);
    await searchFor(ann.page, /Rock Paper Scissors/);
    await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
    await expect.poll(() => isLit(rpsFree), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
    expect(await rpsFree.textContent()).toContain('1');
    expect(await isLit(queueRow(operator, 'RPS', '$1'))).toBe(false);
    await operator.screenshot({ path: 'e2e/.artifacts/admin-queue-lit.png' });

    // A second one joins: the queue empties and the match shows among the ongoing games.
    const bob = await newPlayer(browser);
    await searchFor(bob.page, /Rock Paper Scissors/);
    await Promise.all([ann.page.waitForURL('**/rps', { timeout: LIVE_TIMEOUT_MS }), bob.page.waitForURL('**/rps', { timeout: LIVE_TIMEOUT_MS })]);
    const ongoing = operator.getByTestId('ongoing-game');
    await ongoing.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await ongoing.count()).toBe(1);
    expect(await ongoing.first().textContent()).toContain('Rock-Paper-Scissors');
    await expect.poll(() => isLit(rpsFree), { timeout: LIVE_TIMEOUT_MS }).toBe(false);
    // The running time counts up between events.
    const seconds = async () => Number(/(\d+) s/.exec((await ongoing.first().getByTestId('ongoing-duration').textContent()) ?? '')?.[1]);
    const firstReading = await seconds();
    await expect.poll(seconds, { timeout: 5000 }).toBeGreaterThan(firstReading);
    await operator.screenshot({ path: 'e2e/.artifacts/admin-ongoing.png' });
    // Cancel asks first; keeping the game leaves it running.
    await ongoing.first().getByRole('button', { name: /^Cancel game / }).click();
    const confirm = operator.getByRole('dialog', { name: 'Cancel this game?' });
    await confirm.waitFor();
    await operator.screenshot({ path: 'e2e/.artifacts/admin-cancel-confirm.png', animations: 'disabled' });
    await confirm.getByRole('button', { name: 'Keep Playing' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await ongoing.count()).toBe(1);

    // One round, then Bob leaves: Ann wins and the game is over.
    await ann.page.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Paper' }).click({ timeout: 15_000 });
    await bob.page.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Rock' }).click({ timeout: 15_000 });
    await ann.page.getByTestId('match-score').filter({ hasText: /^\s*1\s*:\s*0\s*$/ }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bob.page.getByRole('button', { name: 'Settings' }).click();
    await bob.page.getByRole('button', { name: 'Leave game' }).click();
    await bob.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
    await bob.page.waitForURL('**/game');
    await operator.getByText('No games in progress.').waitFor({ timeout: LIVE_TIMEOUT_MS });

    // Completed games lists it, with both players and Ann as the winner.
    await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Completed Games' }).click();
    await operator.getByRole('searchbox', { name: 'Search by Game ID or Player Name' }).fill(ann.username);
    const game = operator.getByTestId('completed-game').filter({ hasText: bob.username });
    await operator.getByRole('button', { name: 'Apply' }).waitFor();
    await expect.poll(() => operator.getByTestId('completed-game').count(), { timeout: LIVE_TIMEOUT_MS }).toBe(1);
    await game.waitFor();
    const cells = await game.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('Rock-Paper-Scissors');
    expect(cells[3]).toContain(ann.username);
    expect(cells[5]).toBe(ann.username);
    expect(cells[6]).toBe('Free');
    expect(cells[7]).not.toBe('Invalid Date');
    expect(cells[8]).toMatch(/^\d\d:\d\d$/);
    const gameId = cells[1] ?? '';
    expect(gameId).toMatch(/^[0-9a-f-]{36}$/);
    await operator.screenshot({ path: 'e2e/.artifacts/admin-completed-games.png' });

    // Its log: a .txt of JSON lines, from its creation to Bob's leave, with the seed now revealed.
    const [log] = await Promise.all([operator.waitForEvent('download'), game.getByRole('button', { name: /Download Log/ }).click()]);
    expect(log.suggestedFilename()).toBe(`game-log-${gameId}.txt`);
    const lines = (await downloaded(log)).toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as { seq: number; action: string; seed?: string });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]).toMatchObject({ seq: 1, action: 'create' });
    expect(typeof lines[0]?.seed).toBe('string');
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_, index) => index + 1));

    // Users: both players are there; the 'Users' sheet of the search comes down as an .xlsx.
    await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    await operator.getByRole('searchbox', { name: 'Search by User ID, Nickname, or Inviter' }).fill(ann.username);
    const annRow = operator.getByTestId('user-row').filter({ hasText: ann.username });
    // The search applies 500 ms after typing: until then the whole list shows.
    await expect.poll(() => operator.getByTestId('user-row').count(), { timeout: LIVE_TIMEOUT_MS }).toBe(1);
    await annRow.waitFor();
    expect(await operator.getByText('Page 1 of 1').count()).toBe(1);
    await operator.screenshot({ path: 'e2e/.artifacts/admin-users.png' });

    const [sheetFile] = await Promise.all([operator.waitForEvent('download'), operator.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(sheetFile.suggestedFilename()).toBe('Users.xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = await downloaded(sheetFile);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users');
    expect(sheet?.getRow(1).getCell(1).value).toBe('User ID');
    const nicknames = (sheet?.getColumn(2).values ?? []).slice(2);
    expect(nicknames).toEqual([ann.username]);

    // A player's transactions come from the server as its own .xlsx (a zip: 'PK').
    const [transactions] = await Promise.all([
      operator.waitForEvent('download'),
      annRow.getByRole('button', { name: `Export transactions of ${ann.username}` }).click(),
    ]);
    expect(transactions.suggestedFilename()).toMatch(/^transactions-.*\.xlsx$/);
    expect((await downloaded(transactions)).subarray(0, 2).toString()).toBe('PK');

    // Ann becomes an affiliate at 7.5 %.
    await annRow.getByRole('button', { name: `Affiliate setting of ${ann.username}` }).click();
    const affiliate = operator.getByRole('dialog', { name: `Affiliate setting: ${ann.username}` });
    await affiliate.getByRole('checkbox', { name: 'Affiliate' }).check();
    await affiliate.getByRole('spinbutton', { name: /Affiliate percentage/ }).fill('7.5');
    await operator.screenshot({ path: 'e2e/.artifacts/admin-affiliate.png', animations: 'disabled' });
    await affiliate.getByRole('button', { name: 'Save' }).click();
    await affiliate.waitFor({ state: 'hidden' });
    await expect.poll(() => annRow.getByRole('button', { name: `Affiliate setting of ${ann.username}` }).textContent()).toBe('Affiliate 7.5%');
    await operator.reload();
    await operator.getByRole('searchbox', { name: 'Search by User ID, Nickname, or Inviter' }).fill(ann.username);
    await expect.poll(() => operator.getByTestId('user-row').count(), { timeout: LIVE_TIMEOUT_MS }).toBe(1);
    expect(await annRow.getByRole('button', { name: `Affiliate setting of ${ann.username}` }).textContent()).toBe('Affiliate 7.5%');

    // The whole list, back on the dashboard with today's figures.
    await operator.getByRole('searchbox', { name: 'Search by User ID, Nickname, or Inviter' }).fill('');
    await expect.poll(() => operator.getByTestId('user-row').count(), { timeout: LIVE_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' }).click();
    await operator.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Other journeys may share this server: at least Ann and Bob.
    const usersFigure = operator.getByRole('article', { name: 'Users' }).locator('.admin-figure');
    await expect.poll(async () => Number((await usersFigure.textContent())?.replace(/\D/g, '')), { timeout: LIVE_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    await operator.screenshot({ path: 'e2e/.artifacts/admin-dashboard.png' });
  }, 150_000);
});
