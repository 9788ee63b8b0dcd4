import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { integrityText } from '../../protocol/integrity.ts';
import { stubApi } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function signedInAs(overrides: Parameters<typeof makeUser>[0]) {
  const player = makeUser(overrides);
  return { player, api: stubApi({ 'GET /api/protected': { body: { user: player } } }) };
}

describe('the home page (/game)', () => {
  it('shows the nickname and the balance rounded down to cents', async () => {
    signedInAs({ nickname: 'Alice', balance: 12.349 });
    renderApp('/game');
    expect(await screen.findByTestId('nickname')).toHaveTextContent('Alice');
    expect(screen.getByTestId('balance')).toHaveTextContent('$12.34');
    expect(screen.getByText('Total balance (USDT)')).toBeInTheDocument();
  });

  it.each([
    [0, '$0.00'],
    [0.999999, '$0.99'],
    [1234.5, '$1234.50'],
    [7, '$7.00'],
  ])('shows a balance of %d as %s', async (balance, text) => {
    signedInAs({ balance });
    renderApp('/game');
    expect(await screen.findByTestId('balance')).toHaveTextContent(text);
  });

  it("shows the avatar's initial, the country flag and the score", async () => {
    signedInAs({ nickname: 'bob', country: 'AM', score: 1015 });
    renderApp('/game');
    await screen.findByTestId('nickname');
    expect(screen.getByRole('img', { name: 'Armenia' })).toHaveTextContent('🇦🇲');
    expect(screen.getByTestId('score')).toHaveTextContent('1015');
    expect(screen.getByRole('link', { name: 'Open profile' })).toHaveTextContent('B');
  });

  it('shows the photo when the player has one', async () => {
    signedInAs({ photoUrl: 'https://t.me/i/userpic/320/alice.jpg' });
    const { container } = renderApp('/game');
    await screen.findByTestId('nickname');
    expect(container.querySelector('.avatar img')).toHaveAttribute('src', 'https://t.me/i/userpic/320/alice.jpg');
  });

  it('opens the profile from the name', async () => {
    signedInAs({ nickname: 'Alice' });
    const { user, path } = renderApp('/game');
    await user.click(await screen.findByTestId('nickname'));
    expect(path()).toBe('/profile');
  });

  it('links Deposit, Withdraw and History to their pages', async () => {
    signedInAs({});
    renderApp('/game');
    await screen.findByTestId('balance');
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposit');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/transaction-history');
  });

  it("has the four game tiles; a tap opens that game's bet options", async () => {
    signedInAs({});
    const { user } = renderApp('/game');
    await screen.findByTestId('balance');
    for (const name of ['Rock Paper Scissors', 'Belote', 'Carrom', 'Backgammon']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: /Belote/ }));
    const popup = screen.getByRole('dialog', { name: 'Belote' });
    expect(within(popup).getByRole('radiogroup', { name: 'Bet amount' })).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('authenticates its socket and shows a balanceUpdated at once', async () => {
    const player = makeUser({ balance: 1 });
    // After the event the refetch is held back, so the balance shown can only come from the event.
    let release: () => void = () => undefined;
    let holdBack = false;
    const api = stubApi({
      'GET /api/protected': async () => {
        if (holdBack) await new Promise<void>((resolve) => (release = resolve));
        return { body: { user: player } };
      },
    });
    renderApp('/game');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$1.00');

    const socket = fakeSockets.at(-1);
    expect(socket?.options).toMatchObject({
      path: '/socket.io',
      withCredentials: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 1000,
      timeout: 3000,
    });
    act(() => socket?.receive('connect'));
    expect(socket?.emitted).toContainEqual({ event: 'authenticate', args: [{ userId: player._id }] });

    const checksBefore = api.callsTo('GET /api/protected').length;
    holdBack = true;
    await act(async () => socket?.receive('balanceUpdated', 20.5));
    expect(screen.getByTestId('balance')).toHaveTextContent('$20.50');
    // …and the user is fetched again, so everything else about it is fresh too.
    await vi.waitFor(() => expect(api.callsTo('GET /api/protected').length).toBeGreaterThan(checksBefore));
    player.balance = 20.5;
    await act(async () => release());
    expect(screen.getByTestId('balance')).toHaveTextContent('$20.50');
  });

  it('says a frozen account is under review, in one line', async () => {
    signedInAs({ nickname: 'Alice', frozen: true });
    renderApp('/game');
    const banner = await screen.findByTestId('frozen-banner');
    expect(banner).toHaveTextContent(integrityText.frozen);
    expect(screen.getAllByText(integrityText.frozen)).toHaveLength(1);
    // The lobby itself is still there: the server is the one that refuses the paid calls.
    expect(screen.getByTestId('balance')).toBeInTheDocument();
  });

  it('shows no frozen banner to an account in good standing', async () => {
    signedInAs({ nickname: 'Alice', frozen: false });
    renderApp('/game');
    await screen.findByTestId('balance');
    expect(screen.queryByTestId('frozen-banner')).not.toBeInTheDocument();
    expect(screen.queryByText(integrityText.frozen)).not.toBeInTheDocument();
  });

  it('shows the banner once a session refresh says the account was frozen', async () => {
    const player = makeUser({ balance: 1 });
    stubApi({ 'GET /api/protected': () => ({ body: { user: player } }) });
    renderApp('/game');
    await screen.findByTestId('balance');
    expect(screen.queryByTestId('frozen-banner')).not.toBeInTheDocument();

    // balanceUpdated asks for the user again (see above): the fresh copy is frozen.
    player.frozen = true;
    const socket = fakeSockets.at(-1);
    await act(async () => socket?.receive('balanceUpdated', 1));
    expect(await screen.findByTestId('frozen-banner')).toHaveTextContent(integrityText.frozen);
  });
});
