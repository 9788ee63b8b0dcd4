import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '../../protocol/challengeConstants.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/** Issue 36 in the app: a challenge made from the lobby or for a friend, and the page its link opens. */

const CODE = 'Ab3dE5gH7k';
const ann = makeUser({ _id: '7d5b8a1e-0000-4000-8000-0000000000a1', username: 'ann', nickname: 'Ann', balance: 10, score: 1000 });
const bob = makeUser({ _id: '7d5b8a1e-0000-4000-8000-0000000000b2', username: 'bob', nickname: 'Bob', balance: 10 });

function view(overrides: Partial<ChallengeView> = {}): ChallengeView {
  return {
    code: CODE,
    challenger: { _id: ann._id, nickname: 'Ann', country: 'AM', score: 1000, photoUrl: null },
    gameMode: 'rps',
    betAmount: 1,
    payout: 1.8,
    status: 'open',
    expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
    link: `http://localhost:3000/?challenge=${CODE}`,
    webLink: `http://localhost:3000/?challenge=${CODE}`,
    gameId: null,
    forFriend: false,
    ...overrides,
  };
}

function api(user: typeof ann, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user } },
    'GET /api/current-game': { body: { game: null, opponents: [] } },
    'GET /api/challenges': { body: { challenge: null } },
    ...routes,
  });
}

describe('a challenge from the lobby', () => {
  it('puts the chosen bet into a challenge and opens its page, with the link to send', async () => {
    const calls = api(ann, {
      'POST /api/challenges': { body: { code: CODE, link: view().link, webLink: view().webLink, expiresAt: view().expiresAt, balance: 9 } },
      [`GET /api/challenges/${CODE}`]: { body: view() },
    });
    const { user, path } = renderApp('/game');
    await user.click(await screen.findByRole('button', { name: /Rock Paper Scissors/ }));
    const popup = screen.getByRole('dialog');
    await user.click(within(popup).getByRole('button', { name: 'Challenge a friend' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('Please select a game and bet amount');
    await user.click(within(popup).getByRole('radio', { name: /^\$1,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Challenge a friend' }));
    await waitFor(() => expect(path()).toBe(`/challenge/${CODE}`));
    expect(calls.callsTo('POST /api/challenges')[0]?.body).toEqual({ gameMode: 'rps', betAmount: 1 });
    expect(await screen.findByTestId('challenge-heading')).toHaveTextContent('Your challenge');
    expect(screen.getByTestId('challenge-game')).toHaveTextContent('Rock Paper Scissors');
    expect(screen.getByTestId('challenge-game')).toHaveTextContent('$1 each, the winner takes $1.80');
    expect(screen.getByTestId('challenge-link')).toHaveTextContent(`/?challenge=${CODE}`);
    expect(screen.getByRole('timer')).toHaveTextContent(/Expires in 14:[23]\d/);
  });

  it('shows the open challenge in the lobby, and its cancel brings the bet back to the balance', async () => {
    const calls = api(ann, {
      'GET /api/challenges': { body: { challenge: view() } },
      [`GET /api/challenges/${CODE}`]: { body: view() },
      [`POST /api/challenges/${CODE}/cancel`]: { body: { balance: 10 } },
    });
    const { user, path } = renderApp('/game');
    const banner = await screen.findByTestId('open-challenge');
    expect(banner).toHaveTextContent('Your challenge: Rock Paper Scissors, $1 each, the winner takes $1.80');
    await user.click(banner);
    await waitFor(() => expect(path()).toBe(`/challenge/${CODE}`));
    await user.click(await screen.findByRole('button', { name: 'Cancel challenge' }));
    await waitFor(() => expect(path()).toBe('/game'));
    expect(calls.callsTo(`POST /api/challenges/${CODE}/cancel`)).toHaveLength(1);
  });
});

describe('the page a challenge link opens', () => {
  it('opens from /?challenge=<code>: who challenges, the game, the stake; Accept goes to the game with gameStarted', async () => {
    const calls = api(bob, {
      [`GET /api/challenges/${CODE}`]: { body: view() },
      [`POST /api/challenges/${CODE}/accept`]: { body: { gameId: 'g-1', balance: 9 } },
    });
    const { user, path } = renderApp(`/?challenge=${CODE}`);
    await waitFor(() => expect(path()).toBe(`/challenge/${CODE}`));
    expect(await screen.findByTestId('challenge-heading')).toHaveTextContent('Ann challenges you');
    expect(screen.getByText(/Armenia · Score 1000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.callsTo(`POST /api/challenges/${CODE}/accept`)).toHaveLength(1));
    act(() => fakeSockets.at(-1)!.receive('gameStarted', rpsUpdate({ userIds: [ann._id, bob._id] })));
    await waitFor(() => expect(path()).toBe('/rps'), { timeout: 5000 });
  });

  it("says what the server refused in the player's language, and moves nowhere", async () => {
    api(bob, {
      'PUT /api/users/language': { body: {} },
      [`GET /api/challenges/${CODE}`]: { body: view() },
      [`POST /api/challenges/${CODE}/accept`]: { status: 409, body: { message: 'This challenge has already been accepted', code: 'challenge.taken' } },
    });
    const { user, path } = renderApp(`/challenge/${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This challenge has already been accepted');
    expect(path()).toBe(`/challenge/${CODE}`);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it('shows a challenge that has ended, and a code that names none', async () => {
    api(bob, { [`GET /api/challenges/${CODE}`]: { body: view({ status: 'expired' }) } });
    renderApp(`/challenge/${CODE}`);
    expect(await screen.findByTestId('challenge-closed')).toHaveTextContent('This challenge has expired.');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says when a code names no challenge', async () => {
    api(bob, { [`GET /api/challenges/${CODE}`]: { status: 404, body: { message: 'Challenge not found', code: 'challenge.notFound' } } });
    renderApp(`/challenge/${CODE}`);
    expect(await screen.findByTestId('challenge-problem')).toHaveTextContent('Challenge not found');
  });
});

describe('challenging a friend from the friends list', () => {
  it('picks a game and a bet, sends it with the friend, and the page says the bot could not reach them', async () => {
    const friend = { _id: '7d5b8a1e-0000-4000-8000-0000000000c3', username: 'cleo', avatarUrl: null, earnings: 0, qualified: false };
    const calls = api(ann, {
      'GET /api/invite-link': { body: { inviteLink: 'http://localhost:3000/register?invitedBy=ann' } },
      'GET /api/friends': { body: { friends: [friend], totalRewards: 0, qualifyRule: '' } },
      'POST /api/challenges': { body: { code: CODE, link: view().link, webLink: view().webLink, expiresAt: view().expiresAt, balance: 10, sentToFriend: false } },
      [`GET /api/challenges/${CODE}`]: { body: view({ gameMode: 'backgammon', betAmount: 0, payout: 0, forFriend: true }) },
    });
    const { user, path } = renderApp('/friends');
    await user.click(await screen.findByRole('button', { name: 'Challenge cleo' }));
    const popup = await screen.findByRole('dialog', { name: 'Challenge cleo' });
    await user.click(within(within(popup).getByRole('radiogroup', { name: 'Game' })).getByRole('radio', { name: 'Backgammon' }));
    await user.click(within(popup).getByRole('radio', { name: 'Free, play for tokens' }));
    await user.click(within(popup).getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(path()).toBe(`/challenge/${CODE}`));
    expect(calls.callsTo('POST /api/challenges')[0]?.body).toEqual({ gameMode: 'backgammon', betAmount: 0, friendId: friend._id });
    expect(await screen.findByTestId('challenge-notice')).toHaveTextContent('cleo has not opened the bot yet: send them the link yourself.');
    expect(screen.getByText('Sent to your friend: waiting for them to accept. Your bet comes back if they do not.')).toBeInTheDocument();
  });
});
