import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import type { useBrowser } from './browser.ts';

/** What an authenticator app shows for `secret` at `atMs`. */
export const codeOf = (secret: string, atMs = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: atMs });

/** Turns the signed-in operator's second factor on from the Security page, as from a phone: the secret it shows, the app's code. */
export async function turnOnSecondFactor(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: 'QR code of the two-factor secret' }).waitFor();
  const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').trim();
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Two-factor sign-in is on.').waitFor();
  return secret;
}

/**
 * Signs an operator with a second factor in: the password, then (the login's second step) the code of
 * the next 30 s step, which no earlier sign-in can have spent.
 */
export async function signInWithCode(browser: ReturnType<typeof useBrowser>, operator: { username: string; password: string }, secret: string): Promise<Page> {
  const page = await browser.newPage({ desktop: true });
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Authentication code').fill(codeOf(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}
