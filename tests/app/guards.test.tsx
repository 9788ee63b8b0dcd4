import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_RETRY_ATTEMPTS, SESSION_RETRY_DELAY_MS } from '../../protocol/constants.ts';
import { stubApi } from './apiStub.ts';
import { rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const signedIn = () => ({ 'GET /api/protected': { body: { user: makeUser({ nickname: 'Alice' }) } } });

describe('the session guard', () => {
  it('sends a signed-out visitor of /profile to the login screen, keeping the query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi();
    const { path, router } = renderApp('/profile?referrerId=friend_9');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(router.state.location.search).toBe('?referrerId=friend_9');
    // The first check and three retries.
    expect(api.callsTo('GET /api/protected')).toHaveLength(1 + SESSION_RETRY_ATTEMPTS);
    expect(screen.queryByLabelText('Nickname')).not.toBeInTheDocument();
    // Spec §7: a 401 is logged as a possibly expired token.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('expired'), expect.anything());
  });

  it('retries a 401 three times, 1.5 s apart, before signing out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const api = stubApi();
    const { path } = renderApp('/game', { sessionRetry: { attempts: SESSION_RETRY_ATTEMPTS, delayMs: SESSION_RETRY_DELAY_MS } });
    const checks = () => api.callsTo('GET /api/protected').length;

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(checks()).toBe(1);
    for (let retry = 1; retry <= SESSION_RETRY_ATTEMPTS; retry += 1) {
      await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_DELAY_MS - 20));
      expect(checks()).toBe(retry);
      expect(path()).toBe('/game');
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(checks()).toBe(retry + 1);
    }
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_DELAY_MS * 2));
    expect(checks()).toBe(1 + SESSION_RETRY_ATTEMPTS);
    expect(path()).toBe('/login');
  });

  it('lets the player in when a retry succeeds (a cookie that arrived late)', async () => {
    let answers = 0;
    stubApi({
      'GET /api/protected': () => {
        answers += 1;
        return answers < 3 ? { status: 401, body: { message: 'Not signed in' } } : { body: { user: makeUser({ nickname: 'Late' }) } };
      },
    });
    const { path } = renderApp('/game');
    expect(await screen.findByTestId('nickname')).toHaveTextContent('Late');
    expect(path()).toBe('/game');
  });

  it('treats an unreachable server like a 401: retried, then signed out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi({ 'GET /api/protected': 'network-error' });
    const { path } = renderApp('/more');
    await screen.findByRole('button', { name: 'Login' });
    expect(path()).toBe('/login');
    expect(api.callsTo('GET /api/protected')).toHaveLength(1 + SESSION_RETRY_ATTEMPTS);
  });

  it('sends a signed-in player who opens /login on to /game', async () => {
    stubApi(signedIn());
    const { path } = renderApp('/login');
    expect(await screen.findByTestId('nickname')).toHaveTextContent('Alice');
    expect(path()).toBe('/game');
  });

  it('shows / as the home page', async () => {
    stubApi(signedIn());
    const { path } = renderApp('/');
    expect(await screen.findByTestId('nickname')).toHaveTextContent('Alice');
    expect(path()).toBe('/');
  });

  it('does not check the session on the register page', async () => {
    const api = stubApi();
    renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.callsTo('GET /api/protected')).toHaveLength(0);
  });
});

describe('back navigation', () => {
  it('refuses Back on /game', async () => {
    stubApi(signedIn());
    const { router, path } = renderApp(['/more', '/game']);
    await screen.findByTestId('nickname');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(path()).toBe('/game');
    expect(screen.getByTestId('nickname')).toBeInTheDocument();
  });

  it.each(['/profile', '/friends', '/more'])('goes from %s back to /game, wherever the player came from', async (from) => {
    stubApi({
      ...signedIn(),
      'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } },
      'GET /api/friends': { body: { friends: [], totalRewards: 0, qualifyRule: 'A friend counts once they have played.' } },
      'GET /api/invite-link': { body: { inviteLink: 'http://localhost:3000/register?invitedBy=alice' } },
    });
    const { router, path } = renderApp(['/deposit', from]);
    await screen.findByRole('navigation', { name: 'Main' });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it('leaves Back alone elsewhere', async () => {
    stubApi(signedIn());
    const { router, path } = renderApp(['/deposit', '/withdraw']);
    await screen.findByRole('heading', { name: 'Withdraw' });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(path()).toBe('/deposit'));
  });
});

describe('the footer', () => {
  it('shows GAMES, TASKS, FRIENDS, MORE to a signed-in player and moves after the page transition', async () => {
    stubApi(signedIn());
    const { user, path } = renderApp('/game');
    const footer = await screen.findByRole('navigation', { name: 'Main' });
    expect(footer).toHaveTextContent(/GAMES.*TASKS.*FRIENDS.*MORE/);
    for (const label of ['GAMES', 'TASKS', 'FRIENDS', 'MORE']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('link', { name: 'MORE' }));
    expect(path()).toBe('/game');
    await waitFor(() => expect(path()).toBe('/more'));
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('is hidden on the auth pages and on game screens', async () => {
    stubApi({ ...signedIn(), 'GET /api/current-game': { body: rpsUpdate() } });
    renderApp('/rps');
    expect(await screen.findByRole('button', { name: 'Rock' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('is hidden for a signed-out visitor', async () => {
    stubApi();
    renderApp('/forgot-password');
    await screen.findByRole('button', { name: 'Send Reset Link' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
