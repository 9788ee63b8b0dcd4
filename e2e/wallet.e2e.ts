import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freshTronAddress, signUpAndLogIn, useBrowser } from './browser.ts';

const browser = useBrowser();

/** A known-valid TRON mainnet address (the USDT contract's); the devchain only records the transfer. */
const WITHDRAWAL_ADDRESS = freshTronAddress();
// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;

// One player through the whole wallet, in order: the second case spends what the first deposited.
describe('the wallet, in the browser on the devchain', () => {
  let page: Page;

  it('deposits 25 USDT through the simulate control; /game shows $25.00 without a reload', async () => {
    page = await browser.newPage();
    await signUpAndLogIn(page);

    await page.goto('/deposit');
    const address = (await page.getByTestId('deposit-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByRole('img', { name: 'QR code of your deposit address' }).waitFor();
    await page.getByRole('button', { name: 'Simulate deposit' }).waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/deposit.png', fullPage: true });

    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { walletE2eMark: true }));
    await page.getByLabel('Amount').fill('25');
    await page.getByRole('button', { name: 'Simulate deposit' }).click();
    await page.getByText('Deposit sent. It will be credited after a few blocks.').waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/deposit-simulated.png', fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).click();
    await page.waitForURL('**/game');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain('$25.00');
    expect(await page.evaluate(() => (window as { walletE2eMark?: boolean }).walletE2eMark)).toBe(true);
  });

  it('saves a TRC20 address, withdraws 10, and lists -10 and +25 in the history', async () => {
    expect(page, 'the deposit case ran first').toBeDefined();
    await page.goto('/withdraw');
    await page.getByText('Step 1 of 2').waitFor();
    await page.getByLabel('TRC20 wallet address').fill('T-not-an-address');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Please enter a valid TRC20 wallet address.').waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/withdraw-step1.png', fullPage: true });

    await page.getByLabel('TRC20 wallet address').fill(WITHDRAWAL_ADDRESS);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.getByTestId('saved-address').textContent()).toBe(WITHDRAWAL_ADDRESS);
    await page.getByText('Step 2 of 2').waitFor();

    await page.getByLabel('Amount (USDT)').fill('10');
    await expect.poll(() => page.getByTestId('final-amount').textContent()).toBe('8.50 USDT');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(/Withdrawal requested.*10–30 minutes/).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$15.00');
    await page.screenshot({ path: 'e2e/.artifacts/withdraw-step2.png', fullPage: true });

    // The address was saved to the account: a fresh load starts at step 2.
    await page.reload();
    await expect.poll(() => page.getByTestId('saved-address').textContent()).toBe(WITHDRAWAL_ADDRESS);

    await page.goto('/transaction-history');
    const amounts = page.getByTestId('amount');
    await expect.poll(() => amounts.allTextContents()).toHaveLength(2);
    const [withdrawal, deposit] = await amounts.allTextContents();
    expect(withdrawal).toMatch(/^-10\.00/);
    expect(deposit).toMatch(/^\+25\.00/);
    await page.screenshot({ path: 'e2e/.artifacts/transaction-history.png', fullPage: true });

    await page.getByRole('button', { name: 'Withdrawals' }).click();
    await expect.poll(() => amounts.allTextContents()).toHaveLength(1);
  });
});
