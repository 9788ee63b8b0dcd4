import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from './apiStub.ts';
import { renderApp } from './renderApp.tsx';

describe('the forgot password page', () => {
  it.each(['', 'nobody', 'no@domain', 'two words@example.com'])(
    "says 'Please enter a valid email address.' for %j and sends nothing",
    async (email) => {
      const api = stubApi();
      const { user } = renderApp('/forgot-password');
      if (email) await user.type(screen.getByLabelText('Email'), email);
      await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(api.callsTo('POST /api/forgot-password')).toHaveLength(0);
    },
  );

  it("sends the email, shows 'Link Sent!', and Go to Login leads to /login", async () => {
    const answer = 'If an account with that email exists, a reset link has been sent to it.';
    const api = stubApi({ 'POST /api/forgot-password': { body: { message: answer } } });
    const { user, path } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('dialog', { name: 'Link Sent!' })).toBeInTheDocument();
    expect(screen.getByText(answer)).toBeInTheDocument();
    expect(api.callsTo('POST /api/forgot-password')[0]?.body).toEqual({ email: 'alice@example.com' });
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(path()).toBe('/login');
  });

  it("shows the server's message, else the spec's default texts", async () => {
    let reply: 'network-error' | { status: number; body?: unknown } = {
      status: 429,
      body: { message: 'Too many attempts. Please wait a minute and try again.' },
    };
    stubApi({ 'POST /api/forgot-password': () => reply });
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();

    reply = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to send reset link.')).toBeInTheDocument();

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('An error occurred while sending the reset link.')).toBeInTheDocument();
  });
});
