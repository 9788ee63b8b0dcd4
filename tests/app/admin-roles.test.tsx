import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uid, withdrawal, withdrawalsRoute } from './admin-riskFixtures.ts';
import { operatorApi, renderAdmin } from './adminRender.tsx';

/** The back office shows each operator only what their role may do (issue 35); the server refuses the rest. */
const navLinks = async () => within(await screen.findByRole('navigation', { name: 'Back office' })).getAllByRole('link').map((link) => link.textContent);
const inReview = () => ({ 'GET /api/admin/withdrawals': withdrawalsRoute(() => [withdrawal(1, { nickname: 'player1' })]) });

describe('the back office by role', () => {
  it('a viewer reads the lists: no Treasury, no decisions, no exports, no way into a player', async () => {
    operatorApi({ ...inReview(), 'GET /api/admin/users': { body: { users: [], totalUsers: 0 } } }, 'viewer');
    renderAdmin('/admin/withdrawals');
    expect(await navLinks()).toEqual(['Dashboard', 'Completed Games', 'Users', 'Risk', 'Withdrawals', 'Security']);
    const [row] = await screen.findAllByTestId('withdrawal-row');
    expect(within(row!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    expect(within(row!).queryByRole('link', { name: 'player1' })).not.toBeInTheDocument();
    expect(within(row!).getByText('player1')).toBeInTheDocument();
  });

  it('a viewer who opens the Treasury by its address is told their role does not allow it', async () => {
    operatorApi({}, 'viewer');
    renderAdmin('/admin/treasury');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this page.');
  });

  it('finance decides withdrawals and sees the Treasury, but not a player’s risk view', async () => {
    operatorApi(inReview(), 'finance');
    renderAdmin('/admin/withdrawals');
    expect(await navLinks()).toEqual(['Dashboard', 'Completed Games', 'Users', 'Risk', 'Withdrawals', 'Treasury', 'Security']);
    const [row] = await screen.findAllByTestId('withdrawal-row');
    expect(within(row!).getByRole('button', { name: 'Approve withdrawal of player1' })).toBeInTheDocument();
    expect(within(row!).queryByRole('link', { name: 'player1' })).not.toBeInTheDocument();
  });

  it('support opens players but decides no withdrawal', async () => {
    operatorApi(inReview(), 'support');
    renderAdmin('/admin/withdrawals');
    expect(await navLinks()).toEqual(['Dashboard', 'Completed Games', 'Users', 'Risk', 'Withdrawals', 'Security']);
    const [row] = await screen.findAllByTestId('withdrawal-row');
    expect(within(row!).getByRole('link', { name: 'player1' })).toHaveAttribute('href', `/admin/users/${uid(1)}/risk`);
    expect(within(row!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });
});
