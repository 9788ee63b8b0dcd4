import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TREASURY_OWNER } from './globalSetup.ts';
import { turnOnSecondFactor } from './secondFactor.ts';
import { signedInOperator, signUpAndLogIn, useBrowser } from './browser.ts';

const browser = useBrowser();
// Devchain blocks of 1 s: a deposit credits in a few, a sweep (activate, delegate, transfer, undelegate) in a dozen.
const CHAIN_TIMEOUT_MS = 60_000;

const usdtOf = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

describe('the treasury, in the back office on the devchain', () => {
  it('a deposit shows as held on its address; Sweep now moves it to the hot wallet; the export lists the sweep', async () => {
    // A player deposits 30 USDT (over SWEEP_MIN_USDT) through the deposit page's control.
    const player = await browser.newPage();
    await signUpAndLogIn(player);
    await player.goto('/deposit');
    const address = (await player.getByTestId('deposit-address').textContent())?.trim() ?? '';
    await player.getByLabel('Amount').fill('30');
    await player.getByRole('button', { name: 'Simulate deposit' }).click();
    await player.getByText('Deposit sent. It will be credited after a few blocks.').waitFor();

    // Sweeping moves the house's coins: the operator turns their second factor on first.
    const operator = await signedInOperator(browser, TREASURY_OWNER);
    await turnOnSecondFactor(operator);
    await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Treasury' }).click();
    await operator.waitForURL('**/admin/treasury');
    const figure = (testId: string) => operator.getByTestId(testId).textContent();
    // The chain shows it on the player's address at once; once credited, the house owes it too.
    await expect.poll(async () => usdtOf(await figure('holds-deposits')), { timeout: CHAIN_TIMEOUT_MS, interval: 1000 }).toBeGreaterThanOrEqual(30);
    await expect.poll(async () => usdtOf(await figure('owes')), { timeout: CHAIN_TIMEOUT_MS, interval: 1000 }).toBeGreaterThanOrEqual(30);
    const hotBefore = usdtOf(await figure('holds-hot'));
    await operator.getByRole('figure', { name: 'Owes and holds (USDT)' }).waitFor();
    await operator.screenshot({ path: 'e2e/.artifacts/treasury-before.png', fullPage: true });

    await operator.getByRole('button', { name: 'Sweep now' }).click();
    await operator.getByTestId('sweep-result').waitFor();
    const ours = operator.getByTestId('sweep-row').filter({ hasText: address });
    await ours.waitFor();
    // The server finishes the sweep by itself, a step a block; the page follows it.
    await expect.poll(async () => (await ours.textContent()) ?? '', { timeout: CHAIN_TIMEOUT_MS, interval: 1000 }).toContain('Done');
    await operator.reload();
    await expect.poll(async () => usdtOf(await figure('holds-hot')), { timeout: CHAIN_TIMEOUT_MS }).toBeGreaterThanOrEqual(hotBefore + 30);
    // The player's money did not move (other journeys share this server, so the house's total may have).
    await player.goto('/game');
    await expect.poll(() => player.getByTestId('balance').textContent()).toContain('$30.00');
    const row = await operator.getByTestId('sweep-row').filter({ hasText: address }).textContent();
    expect(row).toContain('30 USDT');
    expect(row).toContain('Hot wallet');
    expect(row).toMatch(/transfer · confirmed/);
    await operator.screenshot({ path: 'e2e/.artifacts/treasury-swept.png', fullPage: true });

    const [download] = await Promise.all([operator.waitForEvent('download'), operator.getByRole('button', { name: 'Export xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^treasury-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sweeps = workbook.getWorksheet('Sweeps');
    const fromOurs: string[] = [];
    sweeps?.eachRow((line, n) => {
      if (n > 1 && line.getCell(4).text === address) fromOurs.push(line.getCell(3).text);
    });
    expect(fromOurs).toContain('transfer');
  }, 150_000);
});
