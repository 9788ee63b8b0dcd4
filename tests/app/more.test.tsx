import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function moreApi(supportUrl: string | null = null) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser() } },
    'GET /api/config': { body: { botUsername: null, supportUrl } },
    'POST /api/logout': { body: { ok: true } },
  });
}

describe('the more page', () => {
  it('lists played games, transaction history and the affiliate program', async () => {
    moreApi();
    renderApp('/more');
    expect(await screen.findByRole('link', { name: /Played Games/ })).toHaveAttribute('href', '/played-games-history');
    expect(screen.getByRole('link', { name: /Transaction History/ })).toHaveAttribute('href', '/transaction-history');
    expect(screen.getByRole('link', { name: /Affiliate Program/ })).toHaveAttribute('href', '/affiliate-program');
  });

  it('links How fairness works, a page on the seeds and how to check a game', async () => {
    moreApi();
    const { user, path } = renderApp('/more');
    const link = await screen.findByRole('link', { name: /How fairness works/ });
    expect(link).toHaveAttribute('href', '/fairness');
    await user.click(link);
    await waitFor(() => expect(path()).toBe('/fairness'));
    expect(await screen.findByRole('heading', { level: 1, name: 'How fairness works' })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h2')?.textContent)).toEqual([
      'The server picks a secret seed',
      'Both apps add their own seeds',
      'Every draw comes from all three',
      'At the end, anyone can check',
    ]);
    expect(steps[0]).toHaveTextContent('SHA-256');
    // The real protocol (issue 18): client seeds, the 3 s wait, the HMAC message the Verify page replays.
    expect(steps[1]).toHaveTextContent('at most 3 seconds');
    expect(steps[2]).toHaveTextContent('HMAC-SHA256(server seed, "duel-stakes/v1|game id|seed 1|seed 2")');
    expect(steps[2]).toHaveTextContent(/dice roll, card deal and auto-pick/);
    expect(steps[3]).toHaveTextContent('reveals its seed');
    expect(steps[3]).toHaveTextContent('npm run verify');
    expect(screen.getByRole('link', { name: 'Verify a played game' })).toHaveAttribute('href', '/played-games-history');
  });

  it('opens the affiliate program’s request form from its entry', async () => {
    moreApi();
    const { user, path } = renderApp('/more');
    await user.click(await screen.findByRole('link', { name: /Affiliate Program/ }));
    await waitFor(() => expect(path()).toBe('/affiliate-program'));
    expect(await screen.findByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
    expect(screen.getByLabelText('Channel name')).toBeInTheDocument();
  });

  it('shows the user agreement with its 12 numbered sections', async () => {
    moreApi();
    const { user } = renderApp('/more');
    await user.click(await screen.findByRole('button', { name: /User Agreement/ }));
    const agreement = screen.getByRole('dialog', { name: 'User Agreement' });
    const sections = within(agreement).getAllByRole('heading', { level: 3 });
    expect(sections.map((heading) => heading.textContent)).toEqual([
      '1. Introduction',
      '2. Eligibility',
      '3. Digital assets only',
      '4. Account registration',
      '5. Fair play',
      '6. Deposits and withdrawals',
      '7. Limitation of liability',
      '8. Dispute resolution',
      '9. Termination',
      '10. Changes',
      '11. Governing law',
      '12. Contact',
    ]);
    expect(agreement).toHaveTextContent('18 years');
    await user.click(within(agreement).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the support chat outside Telegram in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    moreApi('https://t.me/duel_support');
    const { user } = renderApp('/more');
    const support = await screen.findByRole('button', { name: /Chat with Support/ });
    await waitFor(() => expect(support).toBeEnabled());
    await user.click(support);
    expect(open).toHaveBeenCalledWith('https://t.me/duel_support', '_blank', 'noopener,noreferrer');
  });

  it('disables the support chat when the server has no link', async () => {
    moreApi(null);
    renderApp('/more');
    const support = await screen.findByRole('button', { name: /Chat with Support/ });
    await waitFor(() => expect(support).toHaveTextContent('unavailable'));
    expect(support).toBeDisabled();
  });

  it('logs out: POST /api/logout, the socket closes, and the login screen shows', async () => {
    const api = moreApi();
    const { user, path } = renderApp('/more');
    await user.click(await screen.findByRole('button', { name: /Logout/ }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    expect(fakeSockets.every((socket) => socket.disconnected)).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('after logout, a protected page goes straight to the login screen', async () => {
    const api = moreApi();
    const { user, router, path } = renderApp('/more');
    await user.click(await screen.findByRole('button', { name: /Logout/ }));
    await screen.findByRole('button', { name: 'Login' });
    const checks = api.callsTo('GET /api/protected').length;
    await router.navigate('/game');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(api.callsTo('GET /api/protected')).toHaveLength(checks);
  });
});
