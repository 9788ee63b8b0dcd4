import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { integrityText, riskFlagLabels, type RiskFlagsAnswer } from '../protocol/integrity.ts';
import { WITHDRAWAL_REVIEW_TEXT } from '../protocol/wallet.ts';
import { newPlayer, searchFor, useBrowser, type PhonePlayer, signedInOperator } from './browser.ts';
import { RISK_OWNER } from './globalSetup.ts';
import { turnOnSecondFactor } from './secondFactor.ts';

const browser = useBrowser();

/**
 * A valid TRON mainnet address of no one's (base58check of 0x41 and 20 made-up bytes), not the one
 * wallet.e2e.ts saves: sharing it would raise a shared-address flag between the two journeys' players.
 */
const WITHDRAWAL_ADDRESS = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';
// Three 1 s devchain blocks and a 1 s poll, with room for a slow machine.
const CREDIT_TIMEOUT_MS = 30_000;
const LIVE_TIMEOUT_MS = 20_000;
// The risk round runs every second here (RISK_ROUND_MS in globalSetup.ts); a few rounds of slack.
const FLAG_TIMEOUT_MS = 15_000;
const BET = '$1, win $1.80';
const LEAVE_DUMP = riskFlagLabels['leave-dump'];

/** A fresh player with `usdt` credited through the devchain, back on /game (as rps.e2e.ts funds its players). */
async function fundedPlayer(usdt: number): Promise<PhonePlayer> {
  const player = await newPlayer(browser);
  const { page } = player;
  const { walletAddress } = (await (await page.request.get('/api/wallet/wallet-address')).json()) as { walletAddress: string };
  const deposit = await page.request.post('/api/dev/deposit', { data: { address: walletAddress, amount: usdt, currency: 'USDT' } });
  expect(deposit.status()).toBe(200);
  await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: CREDIT_TIMEOUT_MS }).toContain(`$${usdt}.00`);
  return player;
}

/** One paid RPS game that Bob leaves through the settings menu: Ann wins it by his forfeit. */
async function bobLeavesAGame(ann: PhonePlayer, bob: PhonePlayer, annBalanceAfter: string): Promise<void> {
  await searchFor(ann.page, /Rock Paper Scissors/, BET);
  await ann.page.getByRole('dialog', { name: 'Searching for an opponent' }).waitFor();
  await searchFor(bob.page, /Rock Paper Scissors/, BET);
  await Promise.all([ann.page.waitForURL('**/rps', { timeout: LIVE_TIMEOUT_MS }), bob.page.waitForURL('**/rps', { timeout: LIVE_TIMEOUT_MS })]);
  await bob.page.getByText(ann.username).first().waitFor();

  await bob.page.getByRole('button', { name: 'Settings' }).click();
  await bob.page.getByRole('button', { name: 'Leave game' }).click();
  await bob.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
  await bob.page.waitForURL('**/game');

  const won = ann.page.getByRole('dialog', { name: 'Your opponent left the game. You won!' });
  await won.waitFor({ timeout: LIVE_TIMEOUT_MS });
  await expect.poll(() => won.textContent()).toContain('+$1.80');
  await expect.poll(() => won.textContent()).toContain(`Balance ${annBalanceAfter}`);
  await won.getByRole('button', { name: 'Exit' }).click();
  await ann.page.waitForURL('**/game');
  await expect.poll(() => ann.page.getByTestId('balance').textContent()).toContain(annBalanceAfter);
}

/** The open leave-dump flags, read as the operator's Risk page reads them. */
async function openLeaveDumpFlags(operator: Page): Promise<RiskFlagsAnswer['flags']> {
  const answer = await operator.request.get('/api/admin/risk/flags?kind=leave-dump&status=open');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as RiskFlagsAnswer).flags;
}

const backOffice = (operator: Page) => operator.getByRole('navigation', { name: 'Back office' });

describe('integrity: a dumped pot is caught, frozen and its withdrawal rejected', () => {
  it('Bob leaves two paid games to Ann; her withdrawal waits for review; the operator freezes her and rejects it', async () => {
    // Rejecting a withdrawal moves money: this owner turns their second factor on first.
    const operator = await signedInOperator(browser, RISK_OWNER);
    await turnOnSecondFactor(operator);
    await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' }).click();

    // Two funded players; Bob forfeits two $1 games to Ann: +$1.80 each time for her.
    const ann = await fundedPlayer(5);
    const bob = await fundedPlayer(5);
    await bobLeavesAGame(ann, bob, '$5.80');
    await bobLeavesAGame(ann, bob, '$6.60');
    await ann.page.screenshot({ path: 'e2e/.artifacts/integrity-ann-after-games.png' });
    await expect.poll(() => bob.page.getByTestId('balance').textContent()).toContain('$3.00');

    // The next risk round raises the leave-dump flag (Bob left, Ann won). Ann's withdrawal must come
    // after it for the flag to hold it, and nothing on her screen tells when: wait on the operator's API.
    await expect
      .poll(async () => (await openLeaveDumpFlags(operator)).some((flag) => flag.nicknames.join() === [bob.username, ann.username].join()), {
        timeout: FLAG_TIMEOUT_MS,
      })
      .toBe(true);

    // Ann saves an address and withdraws $5 (below the review threshold): her open flag holds it for review.
    await ann.page.goto('/withdraw');
    await ann.page.getByText('Step 1 of 2').waitFor();
    await ann.page.getByLabel('TRC20 wallet address').fill(WITHDRAWAL_ADDRESS);
    await ann.page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => ann.page.getByTestId('saved-address').textContent()).toBe(WITHDRAWAL_ADDRESS);
    await ann.page.getByText('Step 2 of 2').waitFor();
    await ann.page.getByLabel('Amount (USDT)').fill('5');
    await expect.poll(() => ann.page.getByTestId('final-amount').textContent()).toBe('3.50 USDT');
    await ann.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await ann.page.getByRole('status').filter({ hasText: WITHDRAWAL_REVIEW_TEXT }).waitFor();
    expect(await ann.page.getByText(/Withdrawal requested/).count()).toBe(0);
    // The amount is held meanwhile.
    await expect.poll(() => ann.page.getByTestId('balance').textContent()).toContain('$1.60');
    await ann.page.screenshot({ path: 'e2e/.artifacts/integrity-withdraw-review.png', fullPage: true });

    await ann.page.goto('/transaction-history');
    const annWithdrawal = ann.page.getByTestId('transaction').filter({ hasText: 'Withdrawal' });
    await annWithdrawal.waitFor();
    expect(await annWithdrawal.count()).toBe(1);
    expect(await annWithdrawal.getByTestId('amount').textContent()).toMatch(/^-5\.00/);
    await expect.poll(() => annWithdrawal.getByTestId('status').textContent()).toBe('Under review');

    // The operator's Risk page: the leave-dump flag names Bob (who left) and Ann.
    await backOffice(operator).getByRole('link', { name: 'Risk', exact: true }).click();
    await operator.waitForURL('**/admin/risk');
    await operator.getByRole('heading', { name: 'Risk', exact: true }).waitFor();
    // The same two also share an IP (both play from 127.0.0.1): a shared-ip flag names them too.
    await operator.getByLabel('Kind').selectOption({ label: LEAVE_DUMP });
    await expect.poll(() => operator.getByTestId('risk-flag').filter({ hasNotText: LEAVE_DUMP }).count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);
    const flag = operator
      .getByTestId('risk-flag')
      .filter({ hasText: LEAVE_DUMP })
      .filter({ has: operator.getByRole('link', { name: ann.username, exact: true }) })
      .filter({ has: operator.getByRole('link', { name: bob.username, exact: true }) });
    await flag.waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await flag.count()).toBe(1);
    const cells = await flag.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(LEAVE_DUMP);
    expect(cells[2]).toBe('2');
    expect(cells[5]).toContain('2 games');
    expect(cells[5]).toContain(`Left by ${bob.username}`);
    await flag.getByRole('button', { name: `Dismiss flag: ${LEAVE_DUMP} (${bob.username}, ${ann.username})` }).waitFor();
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-risk-flags.png' });

    // From the flag to Ann's risk view: the same flag, Bob as the opponent who left twice; she is Active.
    await flag.getByRole('link', { name: ann.username, exact: true }).click();
    await operator.waitForURL('**/admin/users/*/risk');
    await operator.getByRole('heading', { name: ann.username, level: 1 }).waitFor();
    const flagsSection = operator.getByRole('region', { name: 'Flags' });
    await flagsSection.getByTestId('risk-flag').filter({ hasText: LEAVE_DUMP }).waitFor();
    const headToHead = operator.getByRole('region', { name: 'Head to Head' }).getByTestId('risk-opponent').filter({ hasText: bob.username });
    const duel = await headToHead.getByRole('cell').allTextContents();
    // Opponent, Games, Wins, Losses, Left by User, Left by Opponent, Net USDT.
    expect(duel.slice(0, 6)).toEqual([bob.username, '2', '2', '0', '0', '2']);
    await operator.getByText('Active', { exact: true }).waitFor();

    // Freezing asks for a reason first.
    await operator.getByRole('button', { name: 'Freeze account' }).click();
    const freeze = operator.getByRole('dialog', { name: `Freeze ${ann.username}?` });
    await freeze.waitFor();
    await freeze.getByRole('button', { name: 'Freeze', exact: true }).click();
    await freeze.getByRole('alert').filter({ hasText: integrityText.reasonRequired }).waitFor();
    await freeze.getByLabel('Reason').fill('Won two games Bob left: chip dumping');
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-freeze.png', animations: 'disabled' });
    await freeze.getByRole('button', { name: 'Freeze', exact: true }).click();
    await freeze.waitFor({ state: 'hidden' });
    await operator.getByText('Frozen', { exact: true }).waitFor();
    await operator.getByText('Won two games Bob left: chip dumping').waitFor();
    await operator.getByRole('button', { name: 'Unfreeze account' }).waitFor();
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-user-risk-frozen.png', fullPage: true });

    // Withdrawals in review: Ann's $5, with her risk at a glance (frozen, the open leave-dump flag).
    await backOffice(operator).getByRole('link', { name: 'Withdrawals', exact: true }).click();
    await operator.waitForURL('**/admin/withdrawals');
    const row = operator.getByTestId('withdrawal-row').filter({ has: operator.getByRole('link', { name: ann.username, exact: true }) });
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await row.count()).toBe(1);
    const rowCells = await row.getByRole('cell').allTextContents();
    // Player, Amount, Fee, Address, Status, Created At, Risk, Actions.
    expect(rowCells[1]).toContain('5.00');
    expect(rowCells[2]).toContain('1.50');
    expect(rowCells[3]).toBe(WITHDRAWAL_ADDRESS);
    expect(rowCells[4]).toBe('In reviewHeld: open risk flag');
    const risk = row.getByTestId('withdrawal-risk');
    await risk.getByText('Frozen', { exact: true }).waitFor();
    await risk.getByText(LEAVE_DUMP).waitFor();
    await expect.poll(() => risk.textContent()).toMatch(/[1-9]\d* linked accounts?/);
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-withdrawals-review.png' });

    // Rejecting asks for a reason; the row then leaves the review list and shows under Rejected.
    await row.getByRole('button', { name: `Reject withdrawal of ${ann.username}` }).click();
    const reject = operator.getByRole('dialog', { name: 'Reject this withdrawal?' });
    await reject.waitFor();
    await expect.poll(() => reject.textContent()).toContain(WITHDRAWAL_ADDRESS);
    await reject.getByLabel('Reason').fill('Winnings from games the opponent left on purpose');
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-reject.png', animations: 'disabled' });
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT_MS });
    await operator.getByLabel('Status').selectOption({ label: 'Rejected' });
    const rejected = operator.getByTestId('withdrawal-row').filter({ has: operator.getByRole('link', { name: ann.username, exact: true }) });
    await rejected.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect.poll(() => rejected.textContent()).toContain('Winnings from games the opponent left on purpose');
    await operator.screenshot({ path: 'e2e/.artifacts/integrity-withdrawals-rejected.png' });

    // Ann: the withdrawal shows as Rejected, the whole $5 is back, and Home says the account is frozen.
    await ann.page.goto('/transaction-history');
    await annWithdrawal.waitFor();
    await expect.poll(() => annWithdrawal.getByTestId('status').textContent()).toBe('Rejected');
    expect(await annWithdrawal.getByTestId('amount').textContent()).toMatch(/^-5\.00/);
    await ann.page.screenshot({ path: 'e2e/.artifacts/integrity-history-rejected.png', fullPage: true });

    await ann.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).click();
    await ann.page.waitForURL('**/game');
    await expect.poll(() => ann.page.getByTestId('balance').textContent()).toContain('$6.60');
    const banner = ann.page.getByTestId('frozen-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await banner.textContent()).toBe(integrityText.frozen);
    await ann.page.screenshot({ path: 'e2e/.artifacts/integrity-home-frozen.png', fullPage: true });
  }, 150_000);
});
