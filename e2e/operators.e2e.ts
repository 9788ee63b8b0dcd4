import { describe, expect, it } from 'vitest';
import { freshTronAddress, signedInOperator, signUpAndLogIn, useBrowser } from './browser.ts';
import { SECURITY_OWNER } from './globalSetup.ts';
import { signInWithCode, turnOnSecondFactor } from './secondFactor.ts';

const browser = useBrowser();
const CREDIT_TIMEOUT_MS = 30_000;
const FINANCE = { username: `e2e_cashier_${Date.now().toString(36)}`, password: 'cashier-pass-1' };

describe('operators: roles and a second factor before anyone moves money', () => {
  it('an owner creates a finance operator, who enrolls TOTP from the QR, signs in with a code and approves a withdrawal held in review', async () => {
    // A player asks for a withdrawal large enough to wait for review (WITHDRAWAL_REVIEW_USDT, 100).
    const player = await browser.newPage();
    const account = await signUpAndLogIn(player);
    await player.goto('/deposit');
    await player.getByLabel('Amount').fill('150');
    await player.getByRole('button', { name: 'Simulate deposit' }).click();
    await player.getByText('Deposit sent. It will be credited after a few blocks.').waitFor();
    await player.goto('/game');
    await expect.poll(() => player.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain('$150.00');
    await player.goto('/withdraw');
    await player.getByLabel('TRC20 wallet address').fill(freshTronAddress());
    await player.getByRole('button', { name: 'Save address' }).click();
    await player.getByText('Step 2 of 2').waitFor();
    await player.getByLabel('Amount (USDT)').fill('120');
    await player.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect.poll(() => player.getByTestId('balance').textContent()).toContain('$30.00');

    // The owner turns their own second factor on (creating operators needs it), then creates a finance operator.
    const owner = await signedInOperator(browser, SECURITY_OWNER);
    await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
    await owner.getByRole('button', { name: 'Create operator' }).waitFor();
    await turnOnSecondFactor(owner);
    await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
    const form = owner.getByRole('form', { name: 'New operator' });
    await form.getByLabel('Username').fill(FINANCE.username);
    await form.getByLabel('Password').fill(FINANCE.password);
    await form.getByLabel('Role').selectOption('finance');
    await form.getByRole('button', { name: 'Create operator' }).click();
    const row = owner.getByTestId('operator-row').filter({ hasText: FINANCE.username });
    await row.waitFor();
    expect(await row.getByRole('combobox', { name: `Role of ${FINANCE.username}` }).inputValue()).toBe('finance');
    await owner.screenshot({ path: 'e2e/.artifacts/operators.png', fullPage: true });

    // Finance signs in with the password alone: it reads, but approving needs the second factor.
    const first = await signedInOperator(browser, FINANCE);
    const nav = first.getByRole('navigation', { name: 'Back office' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Completed Games', 'Users', 'Risk', 'Withdrawals', 'Treasury', 'Security']);
    const secret = await turnOnSecondFactor(first);
    await first.screenshot({ path: 'e2e/.artifacts/security-on.png', fullPage: true });
    await first.close();

    // Signed in again: the login asks for the code on its second step.
    const cashier = await signInWithCode(browser, FINANCE, secret);
    await cashier.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
    const held = cashier.getByTestId('withdrawal-row').filter({ hasText: account.username });
    await held.waitFor();
    await held.getByRole('button', { name: `Approve withdrawal of ${account.username}` }).click();
    await cashier.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await held.waitFor({ state: 'detached', timeout: 15_000 });
    await cashier.screenshot({ path: 'e2e/.artifacts/approved-by-finance.png', fullPage: true });
  }, 150_000);
});
