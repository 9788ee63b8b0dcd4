import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { integrityText } from '../../protocol/integrity.ts';
import type { User } from '../../protocol/user.ts';
import { WITHDRAWAL_REVIEW_TEXT, type WithdrawAnswer } from '../../protocol/wallet.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A signed-in player whose saved address lives on the fake server, as it does on the real one. */
function withdrawApi(overrides: Partial<User> = {}, routes: Record<string, StubRoute> = {}) {
  const player = makeUser({ balance: 20, ...overrides });
  const api = stubApi({
    'GET /api/protected': () => ({ body: { user: player } }),
    'POST /api/wallet/save-address': ({ body }) => {
      player.savedAddress = (body as { savedAddress: string }).savedAddress;
      return { body: { savedAddress: player.savedAddress } };
    },
    'POST /api/wallet/remove-address': () => {
      player.savedAddress = null;
      return { body: { savedAddress: null } };
    },
    ...routes,
  });
  return { player, api };
}

const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });
const amountField = () => screen.getByLabelText('Amount (USDT)');

describe('withdraw, step 1: the address', () => {
  it('starts at step 1 without a saved address', async () => {
    withdrawApi();
    renderApp('/withdraw');
    expect(await screen.findByLabelText('TRC20 wallet address')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USDT)')).not.toBeInTheDocument();
  });

  it.each([
    ['not starting with T', 'XR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['33 characters', ADDRESS.slice(0, 33)],
    ['35 characters', `${ADDRESS}x`],
    ['empty', ''],
  ])('refuses an address %s without a request', async (_case, address) => {
    const { api } = withdrawApi();
    const { user } = renderApp('/withdraw');
    const field = await screen.findByLabelText('TRC20 wallet address');
    if (address) await user.type(field, address);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Please enter a valid TRC20 wallet address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/wallet/save-address')).toHaveLength(0);
  });

  it('saves a valid address and moves to step 2 with it at once; the session user is fetched again', async () => {
    const player = makeUser({ balance: 20 });
    let release: () => void = () => undefined;
    let holdBack = false;
    const api = stubApi({
      'GET /api/protected': async () => {
        // Held back after the save, so step 2 can only come from the save's own answer.
        if (holdBack) await new Promise<void>((resolve) => (release = resolve));
        return { body: { user: player } };
      },
      'POST /api/wallet/save-address': ({ body }) => {
        holdBack = true;
        player.savedAddress = (body as { savedAddress: string }).savedAddress;
        return { body: { savedAddress: player.savedAddress } };
      },
    });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('TRC20 wallet address'), `  ${ADDRESS} `);
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByTestId('saved-address')).toHaveTextContent(ADDRESS);
    expect(api.callsTo('POST /api/wallet/save-address').map((c) => c.body)).toEqual([{ savedAddress: ADDRESS }]);
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(amountField()).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/protected').length).toBeGreaterThan(1));
    await act(async () => release());
    expect(screen.getByTestId('saved-address')).toHaveTextContent(ADDRESS);
  });

  it.each([
    ['the server’s message', { status: 400, body: { message: 'Please enter a valid TRC20 wallet address.' } }, 'Please enter a valid TRC20 wallet address.'],
    ['the default when the server says nothing', { status: 500, body: {} }, 'Failed to save the address.'],
    ['the unreachable default', 'network-error', 'Error saving the address.'],
  ] as const)('shows %s when saving fails, and stays at step 1', async (_case, reply, text) => {
    withdrawApi({}, { 'POST /api/wallet/save-address': reply });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('TRC20 wallet address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('TRC20 wallet address')).toBeInTheDocument();
  });
});

describe('withdraw, step 2: the amount', () => {
  it('starts at step 2 with a saved address; Disconnect returns to step 1', async () => {
    const { api } = withdrawApi({ savedAddress: ADDRESS });
    const { user } = renderApp('/withdraw');
    expect(await screen.findByTestId('saved-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByLabelText('TRC20 wallet address')).toHaveValue('');
    expect(api.callsTo('POST /api/wallet/remove-address')).toHaveLength(1);
    expect(screen.queryByTestId('saved-address')).not.toBeInTheDocument();
  });

  it.each([
    ['the server’s message', { status: 503, body: { message: 'Try again later' } }, 'Try again later'],
    ['the default when the server says nothing', { status: 500, body: {} }, 'Failed to remove the address.'],
    ['the unreachable default', 'network-error', 'Error removing the address.'],
  ] as const)('shows %s when Disconnect fails, and stays at step 2', async (_case, reply, text) => {
    withdrawApi({ savedAddress: ADDRESS }, { 'POST /api/wallet/remove-address': reply });
    const { user } = renderApp('/withdraw');
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('saved-address')).toHaveTextContent(ADDRESS);
  });

  it.each([
    [12.349, '12.34'],
    [0.999999, '0.99'],
    [20, '20.00'],
  ])('Max fills a balance of %d rounded down: %s', async (balance, text) => {
    withdrawApi({ savedAddress: ADDRESS, balance });
    const { user } = renderApp('/withdraw');
    await user.click(await screen.findByRole('button', { name: 'Max' }));
    expect(amountField()).toHaveValue(text);
  });

  it('shows the 1.5 USDT fee and the amount that arrives', async () => {
    withdrawApi({ savedAddress: ADDRESS });
    const { user } = renderApp('/withdraw');
    expect(await screen.findByTestId('fee')).toHaveTextContent('1.5 USDT');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('0.00 USDT');
    await user.type(amountField(), '10');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('8.50 USDT');
    await user.clear(amountField());
    await user.type(amountField(), '1.51');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('0.01 USDT');
    expect(withdrawButton()).toBeEnabled();
  });

  it.each(['1.5', '1', '0.3'])('warns and disables the button at %s (never a negative final amount)', async (amount) => {
    withdrawApi({ savedAddress: ADDRESS });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), amount);
    expect(await screen.findByText('Amount should be greater than 1.5 USDT.')).toBeInTheDocument();
    expect(withdrawButton()).toBeDisabled();
    expect(screen.getByTestId('final-amount')).toHaveTextContent('0.00 USDT');
  });

  it('keeps the button disabled for an empty amount or one with more than 2 decimals', async () => {
    withdrawApi({ savedAddress: ADDRESS });
    const { user } = renderApp('/withdraw');
    await screen.findByLabelText('Amount (USDT)');
    expect(withdrawButton()).toBeDisabled();
    await user.type(amountField(), '5.123');
    expect(await screen.findByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(withdrawButton()).toBeDisabled();
  });

  it('takes a decimal comma, as phone keyboards type it, and sends a number', async () => {
    const { api, player } = withdrawApi(
      { savedAddress: ADDRESS },
      { 'POST /api/withdraw': { body: { newBalance: 9.5, status: 'pending' } satisfies WithdrawAnswer } },
    );
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '10,5');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('9.00 USDT');
    await user.click(withdrawButton());
    await waitFor(() => expect(api.callsTo('POST /api/withdraw').map((c) => c.body)).toEqual([{ userId: player._id, amount: 10.5 }]));
  });

  it("says 'Failed to withdraw: Insufficient balance' for more than the balance, without a request", async () => {
    const { api } = withdrawApi({ savedAddress: ADDRESS, balance: 12.349 });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '12.35');
    await user.click(withdrawButton());
    expect(await screen.findByText('Failed to withdraw: Insufficient balance')).toBeInTheDocument();
    expect(api.callsTo('POST /api/withdraw')).toHaveLength(0);
  });

  it.each([
    ['the server’s message', { status: 400, body: { message: 'Insufficient balance' } }, 'Failed to withdraw: Insufficient balance'],
    ['the unreachable default', 'network-error', 'Error processing withdrawal'],
  ] as const)('shows %s when the withdrawal fails', async (_case, reply, text) => {
    withdrawApi({ savedAddress: ADDRESS }, { 'POST /api/withdraw': reply });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '10');
    await user.click(withdrawButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('balance')).toHaveTextContent('$20.00');
  });

  it('withdraws, shows the new balance and a 10–30 minutes message that is gone after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, player } = withdrawApi(
      { savedAddress: ADDRESS, balance: 20 },
      { 'POST /api/withdraw': () => ({ body: { newBalance: 9.5, status: 'pending' } satisfies WithdrawAnswer }) },
    );
    const { user } = renderApp('/withdraw');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$20.00');
    await user.type(amountField(), '10.5');
    await user.click(withdrawButton());

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(/10–30 minutes/);
    expect(message).not.toHaveTextContent(WITHDRAWAL_REVIEW_TEXT);
    expect(api.callsTo('POST /api/withdraw').map((c) => c.body)).toEqual([{ userId: player._id, amount: 10.5 }]);
    expect(screen.getByTestId('balance')).toHaveTextContent('$9.50');
    expect(amountField()).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(4800));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the withdrawal is under review when the server holds it (status review), not that it is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = withdrawApi(
      { savedAddress: ADDRESS, balance: 20 },
      { 'POST /api/withdraw': { body: { newBalance: 8, status: 'review' } satisfies WithdrawAnswer } },
    );
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '12');
    await user.click(withdrawButton());

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(WITHDRAWAL_REVIEW_TEXT);
    expect(message).not.toHaveTextContent(/10–30 minutes/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/withdraw')).toHaveLength(1);
    // The amount is held: the balance shown is the server's, without it.
    expect(screen.getByTestId('balance')).toHaveTextContent('$8.00');
    expect(amountField()).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(5200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows a frozen account's 403 in the server's words", async () => {
    withdrawApi(
      { savedAddress: ADDRESS, frozen: true },
      { 'POST /api/withdraw': { status: 403, body: { message: integrityText.frozen } } },
    );
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '10');
    await user.click(withdrawButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to withdraw: ${integrityText.frozen}`);
    expect(screen.getByTestId('balance')).toHaveTextContent('$20.00');
  });

  it('clears an error message after 5 seconds too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withdrawApi({ savedAddress: ADDRESS, balance: 5 });
    const { user } = renderApp('/withdraw');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '6');
    await user.click(withdrawButton());
    const form = withdrawButton().closest('form') as HTMLFormElement;
    expect(within(form).getByRole('alert')).toHaveTextContent('Failed to withdraw: Insufficient balance');
    await act(() => vi.advanceTimersByTimeAsync(5200));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
