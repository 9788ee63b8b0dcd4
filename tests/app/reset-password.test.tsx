import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from './apiStub.ts';
import { renderApp } from './renderApp.tsx';

const TOKEN = 'abc123token';

async function submit(user: ReturnType<typeof renderApp>['user'], password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('the reset password page', () => {
  it("says 'Passwords do not match' and sends nothing", async () => {
    const api = stubApi();
    const { user } = renderApp(`/reset-password/${TOKEN}`);
    await submit(user, 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')).toHaveLength(0);
  });

  it('asks for at least 8 characters', async () => {
    const api = stubApi();
    const { user } = renderApp(`/reset-password/${TOKEN}`);
    await submit(user, 'short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')).toHaveLength(0);
  });

  it("sends the link's token with the new password and shows 'Password Reset Successfully!'", async () => {
    const api = stubApi({ 'POST /api/reset-password': { body: { message: 'Your password has been reset.' } } });
    const { user, path } = renderApp(`/reset-password/${TOKEN}`);
    await submit(user, 'new-password-1', 'new-password-1');

    expect(await screen.findByRole('dialog', { name: 'Password Reset Successfully!' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')[0]?.body).toEqual({ token: TOKEN, password: 'new-password-1' });
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(path()).toBe('/login');
  });

  it("shows the server's message for a used or expired link, else the spec's default texts", async () => {
    let reply: 'network-error' | { status: number; body?: unknown } = {
      status: 400,
      body: { message: 'This reset link is invalid or has expired' },
    };
    stubApi({ 'POST /api/reset-password': () => reply });
    const { user } = renderApp(`/reset-password/${TOKEN}`);
    await submit(user, 'new-password-1', 'new-password-1');
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    reply = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('An error occurred while resetting the password.')).toBeInTheDocument();
  });
});
