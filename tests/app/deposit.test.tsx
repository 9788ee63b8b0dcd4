import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../protocol/user.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const DEPOSIT_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

function depositApi(overrides: Partial<User> = {}, routes: Record<string, StubRoute> = {}) {
  const player = makeUser({ balance: 3.5, ...overrides });
  const api = stubApi({
    'GET /api/protected': { body: { user: player } },
    'GET /api/wallet/wallet-address': { body: { walletAddress: DEPOSIT_ADDRESS } },
    ...routes,
  });
  return { player, api };
}

const devchain = { 'GET /api/config': { body: { botUsername: null, supportUrl: null, chain: 'devchain' } } };

describe('the deposit page', () => {
  it('shows the address, its QR code and the balance', async () => {
    depositApi({ balance: 12.349 });
    renderApp('/deposit');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(DEPOSIT_ADDRESS);
    expect(screen.getByTestId('balance')).toHaveTextContent('$12.34');
    const qr = screen.getByRole('img', { name: 'QR code of your deposit address' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real code: dark modules drawn as a path, not an empty frame.
    const modules = [...qr.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
    expect(modules.some((d) => d.length > 200)).toBe(true);
  });

  it('draws a different code for a different address', async () => {
    const drawn = async (walletAddress: string) => {
      depositApi({}, { 'GET /api/wallet/wallet-address': { body: { walletAddress } } });
      const view = renderApp('/deposit');
      const qr = await screen.findByRole('img', { name: 'QR code of your deposit address' });
      const d = [...qr.querySelectorAll('path')].map((path) => path.getAttribute('d')).join('|');
      view.unmount();
      return d;
    };
    expect(await drawn(DEPOSIT_ADDRESS)).not.toBe(await drawn('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'));
  });

  it('copies the address', async () => {
    depositApi();
    const { user } = renderApp('/deposit');
    await user.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(DEPOSIT_ADDRESS);
  });

  it("says 'Could not copy text' when the clipboard refuses", async () => {
    depositApi();
    const { user } = renderApp('/deposit');
    const copy = await screen.findByRole('button', { name: 'Copy address' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(copy);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy text');
  });

  it.each([
    ['the server’s message', { status: 500, body: { message: 'no derivation index' } }, 'Failed to fetch wallet address: no derivation index'],
    ['the unreachable default', 'network-error', 'Error fetching wallet address'],
  ] as const)('shows %s when the address cannot be fetched', async (_case, reply, text) => {
    depositApi({}, { 'GET /api/wallet/wallet-address': reply });
    renderApp('/deposit');
    // The query tries once more before it gives up (AppProviders), a second later.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(text);
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy address' })).not.toBeInTheDocument();
  });

  it('recommends 20 USDT or 132.45 TRX at 1 TRX = 0.151 USDT, and says when it arrives', async () => {
    depositApi();
    const { user } = renderApp('/deposit');
    expect(await screen.findByTestId('recommended')).toHaveTextContent('20 USDT');
    expect(screen.getByTestId('recommended-other')).toHaveTextContent('≈ 132.45 TRX');
    expect(screen.getByText('1 TRX = 0.151 USDT')).toBeInTheDocument();
    expect(screen.getByText(/credited .* after network confirmation, which takes about 5 minutes/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /TRX/ }));
    expect(screen.getByTestId('recommended')).toHaveTextContent('132.45 TRX');
    expect(screen.getByTestId('recommended-other')).toHaveTextContent('≈ 20 USDT');
    expect(screen.getByRole('heading', { name: 'Send TRX to this address' })).toBeInTheDocument();
  });

  it('offers USDT (TRC20) and TRX; TON is marked coming soon and cannot be chosen', async () => {
    depositApi();
    const { user } = renderApp('/deposit');
    const usdt = await screen.findByRole('radio', { name: /USDT/ });
    expect(usdt).toBeChecked();
    // Each option is a telegram-ui Cell (a label) around its Radio: the coin and its network name it.
    expect(usdt).toHaveAccessibleName(/^USDT\s*TRC20$/);
    const ton = screen.getByRole('radio', { name: /TON/ });
    expect(ton).toBeDisabled();
    expect(ton).toHaveAccessibleName(/^TON\s*Coming soon$/);
    await user.click(ton);
    expect(ton).not.toBeChecked();
    expect(usdt).toBeChecked();
  });

  it('has no simulate control on the real chain', async () => {
    const { api } = depositApi();
    renderApp('/deposit');
    await screen.findByTestId('deposit-address');
    await waitFor(() => expect(api.callsTo('GET /api/config')).toHaveLength(1));
    // Let the answer settle and render before looking for what it would have shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('button', { name: 'Simulate deposit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Simulate deposit' })).not.toBeInTheDocument();
  });

  it('on the devchain, simulates a deposit to the address and says it comes after a few blocks', async () => {
    const { api } = depositApi({}, { ...devchain, 'POST /api/dev/deposit': { body: { txId: 'ab'.repeat(32) } } });
    const { user } = renderApp('/deposit');
    const simulate = await screen.findByRole('button', { name: 'Simulate deposit' });
    await screen.findByTestId('deposit-address');
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(simulate);
    expect(await screen.findByText(/credited after a few blocks/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/dev/deposit').map((c) => c.body)).toEqual([{ address: DEPOSIT_ADDRESS, amount: 25, currency: 'USDT' }]);

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '132.45');
    await user.selectOptions(screen.getByLabelText('Coin'), 'TRX');
    await user.click(simulate);
    await waitFor(() => expect(api.callsTo('POST /api/dev/deposit')).toHaveLength(2));
    expect(api.callsTo('POST /api/dev/deposit')[1]?.body).toEqual({ address: DEPOSIT_ADDRESS, amount: 132.45, currency: 'TRX' });
  });

  it('refuses a simulated amount that is not a positive number, without a request', async () => {
    const { api } = depositApi({}, devchain);
    const { user } = renderApp('/deposit');
    const simulate = await screen.findByRole('button', { name: 'Simulate deposit' });
    await screen.findByTestId('deposit-address');
    await user.type(screen.getByLabelText('Amount'), 'abc');
    await user.click(simulate);
    expect(await screen.findByText('Enter an amount such as 25 or 25.5')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(simulate);
    expect(await screen.findByText('Amount must be positive')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dev/deposit')).toHaveLength(0);
  });

  it("shows the server's message when a simulated deposit is refused", async () => {
    depositApi({}, { ...devchain, 'POST /api/dev/deposit': { status: 400, body: { message: 'Please enter a valid TRC20 wallet address.' } } });
    const { user } = renderApp('/deposit');
    const simulate = await screen.findByRole('button', { name: 'Simulate deposit' });
    await screen.findByTestId('deposit-address');
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(simulate);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid TRC20 wallet address.');
  });

  it('moves the balance at once when the socket says balanceUpdated', async () => {
    depositApi({ balance: 3.5 });
    renderApp('/deposit');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$3.50');
    const socket = fakeSockets.at(-1);
    act(() => socket?.receive('connect'));
    await act(async () => socket?.receive('balanceUpdated', 28.5));
    expect(screen.getByTestId('balance')).toHaveTextContent('$28.50');
  });
});
