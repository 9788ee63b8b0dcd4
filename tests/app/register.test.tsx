import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

async function fill(user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const valid = {
  Username: 'new_player',
  Email: 'new.player@example.com',
  Password: 'long-enough-1',
  'Confirm Password': 'long-enough-1',
};

describe('the register page', () => {
  it('names every missing field (spec §5) and sends nothing', async () => {
    const api = stubApi();
    const { user } = renderApp('/register');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
  });

  it('refuses a malformed email, a short password and a confirmation that does not match', async () => {
    const api = stubApi();
    const { user } = renderApp('/register');
    await fill(user, { ...valid, Email: 'not-an-email', Password: 'short', 'Confirm Password': 'different' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
  });

  it('says the passwords do not match when everything else is right', async () => {
    const api = stubApi();
    const { user } = renderApp('/register');
    await fill(user, { ...valid, 'Confirm Password': 'long-enough-2' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
  });

  it('registers with the invitation code of ?ref=, shows the popup, and Go to Login leads to /login', async () => {
    const api = stubApi({ 'POST /api/register': { status: 201, body: { user: makeUser() } } });
    const { user, path } = renderApp('/register?ref=friend_42');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const popup = await screen.findByRole('dialog', { name: 'Congratulations! You have successfully registered.' });
    expect(popup).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/register');
    expect(call?.body).toEqual({
      username: 'new_player',
      email: 'new.player@example.com',
      password: 'long-enough-1',
      invitedBy: 'friend_42',
    });
    expect(call?.credentials).toBe('include');

    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(path()).toBe('/login');
  });

  it.each(['invitedBy', 'start'])('also takes the invitation code from ?%s=', async (name) => {
    const api = stubApi({ 'POST /api/register': { status: 201, body: { user: makeUser() } } });
    const { user } = renderApp(`/register?${name}=inviter_7`);
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog');
    expect(api.callsTo('POST /api/register')[0]?.body).toMatchObject({ invitedBy: 'inviter_7' });
  });

  it('HTML-escapes the email before sending it', async () => {
    const api = stubApi({ 'POST /api/register': { status: 201, body: { user: makeUser() } } });
    const { user } = renderApp('/register');
    await fill(user, { ...valid, Email: "o'brien@example.com" });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog');
    expect(api.callsTo('POST /api/register')[0]?.body).toMatchObject({ email: 'o&#39;brien@example.com' });
  });

  it("shows the server's message when registration is refused", async () => {
    stubApi({ 'POST /api/register': { status: 409, body: { message: 'This username is already taken' } } });
    const { user } = renderApp('/register');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to register' without a message and 'An error occurred' without a server", async () => {
    let reply: 'network-error' | { status: number; body: unknown } = { status: 500, body: {} };
    stubApi({ 'POST /api/register': () => reply });
    const { user } = renderApp('/register');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Failed to register')).toBeInTheDocument();

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
