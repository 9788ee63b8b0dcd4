import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginThroughForm, signUpAndLogIn, uniqueUser, useBrowser } from './browser.ts';

const browser = useBrowser();
// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;

/** Credits `usdt` to a signed-in player through the devchain, and waits for /game to show it. */
async function fund(page: Page, usdt: number): Promise<void> {
  const { walletAddress } = (await (await page.request.get('/api/wallet/wallet-address')).json()) as { walletAddress: string };
  const deposit = await page.request.post('/api/dev/deposit', { data: { address: walletAddress, amount: usdt, currency: 'USDT' } });
  expect(deposit.status()).toBe(200);
  await page.goto('/game');
  await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain(`$${usdt}.00`);
}

/** The register form opened from an invite link (the link's query carries the inviter), then login. */
async function joinThroughInvite(page: Page, inviteLink: string): Promise<string> {
  const user = uniqueUser();
  const link = new URL(inviteLink);
  // Without a bot the link is PUBLIC_URL/register?invitedBy=<code>; the page is served here.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByText('You were invited by a friend.', { exact: false }).waitFor();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Congratulations! You have successfully registered.').waitFor();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await page.waitForURL('**/login**');
  await loginThroughForm(page, user.username, user.password);
  await page.waitForURL('**/game');
  return user.username;
}

async function playRpsAndWin(winner: Page, loser: Page): Promise<void> {
  for (const page of [winner, loser]) {
    await page.getByRole('button', { name: /Rock Paper Scissors/ }).click();
    await page.getByRole('radio', { name: '$1, win $1.80' }).click();
    await page.getByRole('button', { name: 'Play' }).click();
  }
  await Promise.all([winner.waitForURL('**/rps', { timeout: 20_000 }), loser.waitForURL('**/rps', { timeout: 20_000 })]);
  for (let round = 0; round < 3; round += 1) {
    // Disabled during the 2.4 s reveal; the click waits until the next round opens.
    await winner.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Paper' }).click({ timeout: 15_000 });
    await loser.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Rock' }).click({ timeout: 15_000 });
    await winner.getByTestId('match-score').filter({ hasText: new RegExp(`^\\s*${round + 1}\\s*:\\s*0\\s*$`) }).waitFor();
  }
  await winner.getByRole('dialog', { name: 'You won!' }).waitFor();
  await loser.getByRole('dialog', { name: 'You lose...' }).waitFor();
}

describe('friends: invite, play, earn, claim', () => {
  it('A invites B; B wins $1 RPS against C; A earns 3.5 % of the net win and claims it', async () => {
    // A: the inviter, with nothing on the balance, so the claim is all that moves it.
    const inviter = await browser.newPage();
    await inviter.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpAndLogIn(inviter);
    await inviter.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FRIENDS' }).click();
    await inviter.waitForURL('**/friends');
    await expect.poll(() => inviter.getByTestId('invite-link').textContent()).toContain('/register?invitedBy=');
    expect(await inviter.getByTestId('invite-text').textContent()).toBe('Invite your friends and earn 3.5% of their winnings.');
    await inviter.getByText(/No friends yet/).waitFor();
    await expect.poll(() => inviter.getByTestId('total-rewards').textContent()).toBe('$0.00');
    expect(await inviter.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    await inviter.screenshot({ path: 'e2e/.artifacts/friends-empty.png', fullPage: true, animations: 'disabled' });

    await inviter.getByRole('button', { name: 'Copy link' }).click();
    const copied = inviter.getByRole('dialog', { name: 'Link Copied' });
    await copied.waitFor();
    const inviteLink = (await copied.locator('.invite__link').textContent())?.trim() ?? '';
    expect(inviteLink).toMatch(/^http:\/\/[^/]+\/register\?invitedBy=\S+$/);
    expect(await inviter.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
    await inviter.screenshot({ path: 'e2e/.artifacts/friends-link-copied.png', animations: 'disabled' });
    await copied.getByRole('button', { name: 'Close' }).click();

    // B joins through the link, on another phone.
    const friend = await browser.newPage();
    const friendName = await joinThroughInvite(friend, inviteLink);

    // A sees B arrive without a reload (friendAdded).
    await inviter.getByTestId('friend').filter({ hasText: friendName }).waitFor({ timeout: 10_000 });
    await expect.poll(() => inviter.getByTestId('friend').count()).toBe(1);
    // B does not count toward the invite task yet: no deposit, no paid game. The page says what counts.
    expect(await inviter.getByTestId('friend').first().textContent()).toContain('Not yet');
    expect(await inviter.getByTestId('qualify-rule').textContent()).toBe(
      'A friend counts once they have deposited 10 USDT and finished a paid game against someone other than you.',
    );

    // B beats C at $1: a payout of 1.80, a net win of 0.80.
    const stranger = await browser.newPage();
    await signUpAndLogIn(stranger);
    await fund(friend, 10);
    await fund(stranger, 5);
    await playRpsAndWin(friend, stranger);

    // 3.5 % of 0.80 is 0.028, pending until A claims it.
    await inviter.reload();
    await expect.poll(() => inviter.getByTestId('total-rewards').textContent(), { timeout: 10_000 }).toBe('$0.028');
    await expect.poll(() => inviter.getByTestId('friend').first().textContent()).toContain('$0.028');
    // Deposited 10 and finished a paid game against a stranger: B now counts.
    expect(await inviter.getByTestId('friend').first().textContent()).toContain('Counts');
    await expect.poll(() => inviter.getByTestId('balance').textContent()).toBe('$0.00');
    await inviter.screenshot({ path: 'e2e/.artifacts/friends-rewards.png', fullPage: true, animations: 'disabled' });

    await inviter.getByRole('button', { name: 'Claim' }).click();
    await inviter.getByText('$0.028 moved to your balance.').waitFor();
    // Balances show rounded down to cents.
    await expect.poll(() => inviter.getByTestId('balance').textContent()).toBe('$0.02');
    await expect.poll(() => inviter.getByTestId('total-rewards').textContent()).toBe('$0.00');
    expect(await inviter.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    await inviter.screenshot({ path: 'e2e/.artifacts/friends-claimed.png', fullPage: true, animations: 'disabled' });

    // The claim is on the server: a fresh page agrees.
    await inviter.reload();
    await expect.poll(() => inviter.getByTestId('balance').textContent()).toBe('$0.02');
    await expect.poll(() => inviter.getByTestId('total-rewards').textContent()).toBe('$0.00');

    // The tasks count what happened: one friend for A, one win for B.
    await inviter.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TASKS' }).click();
    await inviter.waitForURL('**/tasks');
    await expect.poll(() => inviter.getByTestId('task-progress').allTextContents()).toEqual(['1/20 friends', '0/100 wins']);
    await inviter.screenshot({ path: 'e2e/.artifacts/tasks.png', fullPage: true, animations: 'disabled' });
    await friend.getByRole('button', { name: 'Exit' }).click();
    await friend.waitForURL('**/game');
    await friend.goto('/tasks');
    await expect.poll(() => friend.getByTestId('task-progress').allTextContents()).toEqual(['0/20 friends', '1/100 wins']);
  });

  it('a player asks to join the affiliate program from More, once', async () => {
    const page = await browser.newPage();
    await signUpAndLogIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MORE' }).click();
    await page.waitForURL('**/more');
    await page.screenshot({ path: 'e2e/.artifacts/more.png', fullPage: true, animations: 'disabled' });
    await page.getByRole('link', { name: 'Affiliate Program' }).click();
    await page.waitForURL('**/affiliate-program');

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Channel name is required').waitFor();
    await page.getByLabel('Channel name').fill('@big_channel');
    await page.getByLabel('Notes (optional)').fill('120k subscribers, mostly board-game fans.');
    await expect.poll(() => page.getByTestId('notes-counter').textContent()).toBe('41/200');
    await page.screenshot({ path: 'e2e/.artifacts/affiliate-form.png', fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Request sent').waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/affiliate-sent.png', fullPage: true, animations: 'disabled' });

    // One open request at a time: the server's words come back on a second try.
    await page.reload();
    await page.getByLabel('Channel name').fill('@big_channel');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Your request is already being reviewed').waitFor();
  });
});
