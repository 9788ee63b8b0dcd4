import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

async function logIn(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login page', () => {
  it('asks for both fields and sends nothing without them', async () => {
    const api = stubApi();
    const { user } = renderApp('/login');
    await logIn(user, '', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
  });

  it('links to forgot password and register', () => {
    stubApi();
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it("shows the server's message for a wrong password and stays on /login", async () => {
    stubApi({ 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } });
    const { user, path } = renderApp('/login');
    await logIn(user, 'alice_1', 'wrong-password');
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(path()).toBe('/login');
  });

  it("falls back to 'Login failed' and, without a server, 'Login failed due to server error'", async () => {
    let reply: 'network-error' | { status: number } = { status: 502 };
    stubApi({ 'POST /api/login': () => reply });
    const { user } = renderApp('/login');
    await logIn(user, 'alice_1', 'secret-pass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed due to server error')).toBeInTheDocument();
  });

  it('signs in, passes on the saved referrerId, and lands on /game with the nickname', async () => {
    const alice = makeUser({ nickname: 'Alice' });
    let signedIn = false;
    const api = stubApi({
      'POST /api/login': () => {
        signedIn = true;
        return { body: { user: alice } };
      },
      'GET /api/protected': () => (signedIn ? { body: { user: alice } } : { status: 401, body: { message: 'Not signed in' } }),
    });
    const { user, path } = renderApp('/login?referrerId=friend_9');
    await logIn(user, 'alice_1', 'secret-pass');

    expect(await screen.findByTestId('nickname')).toHaveTextContent('Alice');
    expect(path()).toBe('/game');
    expect(api.callsTo('POST /api/login')[0]?.body).toEqual({
      username: 'alice_1',
      password: 'secret-pass',
      referrerId: 'friend_9',
    });
    expect(window.localStorage.getItem('referrerId')).toBe('friend_9');
  });

  it('shows the Telegram Login Widget when the server has a bot, pointing it at /api/auth/telegram', async () => {
    stubApi({ 'GET /api/config': { body: { botUsername: 'duel_bot', supportUrl: null } } });
    renderApp('/login?referrerId=friend_9');
    const container = await screen.findByTestId('telegram-login-widget');
    await waitFor(() => expect(container.querySelector('script')).not.toBeNull());
    const script = container.querySelector('script');
    expect(script?.src).toBe('https://telegram.org/js/telegram-widget.js?22');
    expect(script?.dataset.telegramLogin).toBe('duel_bot');
    expect(script?.dataset.authUrl).toBe(`${window.location.origin}/api/auth/telegram?referrerId=friend_9`);
    expect(script?.dataset.requestAccess).toBe('write');
  });

  it('shows no widget when the server has no bot', async () => {
    const api = stubApi();
    renderApp('/login');
    await waitFor(() => expect(api.callsTo('GET /api/config')).toHaveLength(1));
    expect(screen.queryByTestId('telegram-login-widget')).not.toBeInTheDocument();
  });
});
