import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../protocol/user.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function affiliateApi(routes: Record<string, StubRoute> = {}, user: Partial<User> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ email: 'alice@example.com', ...user }) } },
    'POST /api/affiliate-program/request': { status: 201, body: { ok: true, requestId: 'req-1' } },
    ...routes,
  });
}

const submit = () => screen.getByRole('button', { name: 'Submit Request' });

describe('the affiliate program page', () => {
  it('offers a special rate of up to 10% to users with a large public audience', async () => {
    affiliateApi();
    renderApp('/affiliate-program');
    expect(await screen.findByRole('heading', { name: 'Affiliate Program' })).toBeInTheDocument();
    expect(screen.getByText(/special affiliate rate of up to/)).toHaveTextContent(
      'A special affiliate rate of up to 10% of your invited friends’ winnings is available on request for users with a large public audience.',
    );
    expect(screen.getByTestId('current-rate')).toHaveTextContent('3.5%');
  });

  it('shows an affiliate their own rate', async () => {
    affiliateApi({}, { isAffiliate: true, affiliatePercentage: 8 });
    renderApp('/affiliate-program');
    expect(await screen.findByTestId('current-rate')).toHaveTextContent('8%');
    expect(screen.getByText('your affiliate rate')).toBeInTheDocument();
  });

  it('requires the channel name and the email, and sends nothing until they are there', async () => {
    const api = affiliateApi();
    const { user } = renderApp('/affiliate-program');
    await user.clear(await screen.findByLabelText('Email'));
    await user.click(submit());
    expect(await screen.findByText('Channel name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Channel name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Channel name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(submit());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Channel name is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/affiliate-program/request')).toHaveLength(0);
  });

  it('counts the notes and refuses more than 200 characters', async () => {
    const api = affiliateApi();
    const { user } = renderApp('/affiliate-program');
    const notes = await screen.findByLabelText('Notes (optional)');
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('0/200');
    await user.type(notes, 'Hello');
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('5/200');

    await user.type(screen.getByLabelText('Channel name'), '@big_channel');
    fireEvent.change(notes, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('201/200');
    await user.click(submit());
    expect(await screen.findByText('Notes must be at most 200 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /api/affiliate-program/request')).toHaveLength(0);

    fireEvent.change(notes, { target: { value: 'x'.repeat(200) } });
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('POST /api/affiliate-program/request')).toHaveLength(1));
  });

  it('sends channel name, email and notes, then says the request was sent', async () => {
    const api = affiliateApi();
    const { user } = renderApp('/affiliate-program');
    // The account's email is offered.
    expect(await screen.findByLabelText('Email')).toHaveValue('alice@example.com');
    await user.type(screen.getByLabelText('Channel name'), '  @big_channel ');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'press@big.example');
    await user.type(screen.getByLabelText('Notes (optional)'), '120k subscribers');
    await user.click(submit());

    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Request sent');
    expect(sent).toHaveTextContent('press@big.example');
    expect(api.callsTo('POST /api/affiliate-program/request').map((call) => call.body)).toEqual([
      { channelName: '@big_channel', email: 'press@big.example', additionalNotes: '120k subscribers' },
    ]);
    expect(screen.queryByRole('button', { name: 'Submit Request' })).not.toBeInTheDocument();
  });

  it.each([
    ['the server’s message (409)', { status: 409, body: { message: 'Your request is already being reviewed' } }, 'Your request is already being reviewed'],
    ['the default when the server says nothing', { status: 500, body: {} }, 'Failed to submit your request.'],
    ['the unreachable default', 'network-error', 'Error submitting the request. Please try again later.'],
  ] as const)('shows %s when the request is refused', async (_case, reply, text) => {
    affiliateApi({ 'POST /api/affiliate-program/request': reply });
    const { user } = renderApp('/affiliate-program');
    await user.type(await screen.findByLabelText('Channel name'), '@big_channel');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('Request sent')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
