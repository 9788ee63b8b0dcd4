import { describe, expect, it } from 'vitest';
import { OPERATOR } from './globalSetup.ts';
import { loginThroughForm, registerThroughForm, uniqueUser, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('a player account, in the browser', () => {
  it('registers, sees the popup, logs in, and lands on /game with the nickname and $0.00', async () => {
    const page = await browser.newPage();
    const user = uniqueUser();
    await registerThroughForm(page, user);
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await loginThroughForm(page, user.username, user.password);
    await page.waitForURL('**/game');
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe(user.username);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$0.00');
    await page.screenshot({ path: 'e2e/.artifacts/home.png' });
  });

  it("shows the server's message for a wrong password and stays on /login", async () => {
    const page = await browser.newPage();
    const user = uniqueUser();
    await registerThroughForm(page, user);
    await page.goto('/login');
    await loginThroughForm(page, user.username, 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('stays signed in across a reload on /profile, and logout returns to the login screen', async () => {
    const page = await browser.newPage();
    const user = uniqueUser();
    await registerThroughForm(page, user);
    await page.goto('/login');
    await loginThroughForm(page, user.username, user.password);
    await page.waitForURL('**/game');

    await page.goto('/profile');
    await page.reload();
    await page.getByLabel('Nickname').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect.poll(() => page.getByLabel('Nickname').inputValue()).toBe(user.username);

    await page.goto('/more');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.goto('/game');
    await page.waitForURL('**/login');
  });

  it('keeps a signed-out visitor of /profile on the login screen', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    await page.waitForURL('**/login**');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
});

describe('the operator entry', () => {
  it("refuses a wrong password with 'Invalid credentials', then signs the operator in to the dashboard", async () => {
    const page = await browser.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(OPERATOR.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid credentials').waitFor();

    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  });
});
