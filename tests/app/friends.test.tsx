import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { taskRules, type Friend, type FriendsAnswer } from '../../protocol/growth.ts';
import type { User } from '../../protocol/user.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const INVITE_LINK = 'https://t.me/duel_bot/play?startapp=alice7';

const bob: Friend = { _id: 'f-bob', username: 'bob_the_winner', avatarUrl: 'https://cdn.example.com/bob.jpg', earnings: 0.028, qualified: true };
const cleo: Friend = { _id: 'f-cleo', username: 'cleo', avatarUrl: null, earnings: 0, qualified: false };
/** What the server says makes a friend count (its deposit threshold is its own business). */
const QUALIFY_RULE = taskRules.invite_20_friends(10);

function friendsApi(
  { user = {}, friends = { friends: [bob, cleo], totalRewards: 0.028, qualifyRule: QUALIFY_RULE }, routes = {} }: {
    user?: Partial<User>;
    friends?: FriendsAnswer | StubRoute;
    routes?: Record<string, StubRoute>;
  } = {},
) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 1, ...user }) } },
    'GET /api/invite-link': { body: { inviteLink: INVITE_LINK } },
    'GET /api/friends': typeof friends === 'object' && 'friends' in friends ? { body: friends } : friends,
    ...routes,
  });
}

describe('the friends page: the invitation', () => {
  it('says a player earns 3.5% of their friends’ winnings and shows the link from GET /api/invite-link', async () => {
    const api = friendsApi();
    renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'Friends' })).toBeInTheDocument();
    expect(screen.getByTestId('invite-text')).toHaveTextContent('Invite your friends and earn 3.5% of their winnings.');
    await waitFor(() => expect(screen.getByTestId('invite-link')).toHaveTextContent(INVITE_LINK));
    expect(api.callsTo('GET /api/invite-link')).toHaveLength(1);
    // Anyone not yet an affiliate hears about the higher rate.
    expect(screen.getByRole('link', { name: 'Request up to 10%' })).toHaveAttribute('href', '/affiliate-program');
  });

  it('shows an affiliate their own percentage', async () => {
    friendsApi({ user: { isAffiliate: true, affiliatePercentage: 7.5 } });
    renderApp('/friends');
    expect(await screen.findByTestId('invite-text')).toHaveTextContent('earn 7.5% of their winnings');
    expect(screen.queryByRole('link', { name: /Request up to/ })).not.toBeInTheDocument();
  });

  it('ignores affiliatePercentage for a player who is not an affiliate', async () => {
    friendsApi({ user: { isAffiliate: false, affiliatePercentage: 9 } });
    renderApp('/friends');
    expect(await screen.findByTestId('invite-text')).toHaveTextContent('earn 3.5% of their winnings');
  });

  it('falls back to the session user’s inviteLink when GET /api/invite-link fails, and only logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    friendsApi({ user: { inviteLink: 'http://localhost:3000/register?invitedBy=alice7' }, routes: { 'GET /api/invite-link': { status: 500, body: {} } } });
    renderApp('/friends');
    expect(await screen.findByTestId('invite-link')).toHaveTextContent('http://localhost:3000/register?invitedBy=alice7');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch the invite link', expect.anything()), { timeout: 4000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('copies the link and shows it in a ‘Link Copied’ popup', async () => {
    friendsApi();
    const { user } = renderApp('/friends');
    await waitFor(() => expect(screen.getByTestId('invite-link')).toHaveTextContent(INVITE_LINK));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const popup = await screen.findByRole('dialog', { name: 'Link Copied' });
    expect(popup).toHaveTextContent(INVITE_LINK);
    expect(await navigator.clipboard.readText()).toBe(INVITE_LINK);
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Could not copy text' when the clipboard refuses, and shows no popup", async () => {
    friendsApi();
    const { user } = renderApp('/friends');
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(copy);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy text');
    expect(screen.queryByRole('dialog', { name: 'Link Copied' })).not.toBeInTheDocument();
  });

  it('shares outside Telegram through Telegram’s share page in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    friendsApi();
    const { user } = renderApp('/friends');
    await waitFor(() => expect(screen.getByTestId('invite-link')).toHaveTextContent(INVITE_LINK));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0] ?? [];
    const shared = new URL(String(url));
    expect(`${shared.origin}${shared.pathname}`).toBe('https://t.me/share/url');
    expect(shared.searchParams.get('url')).toBe(INVITE_LINK);
    expect(shared.searchParams.get('text')).toMatch(/USDT/);
    expect(target).toBe('_blank');
  });
});

describe('the friends page: friends and rewards', () => {
  it('lists each friend with a photo or an initial, the username and the earnings', async () => {
    friendsApi();
    renderApp('/friends');
    const rows = await screen.findAllByTestId('friend');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('bob_the_winner');
    expect(first).toHaveTextContent('$0.028');
    expect(first.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/bob.jpg');
    expect(second).toHaveTextContent('cleo');
    expect(second).toHaveTextContent('$0.00');
    expect(second.querySelector('img')).toBeNull();
    // No photo: the first letter of the username in its place.
    expect(within(second).getByText('C')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Your friends/ })).toHaveTextContent('2');
  });

  it('tags each friend with whether they count toward Invite 20 friends yet, under the server’s rule', async () => {
    friendsApi();
    renderApp('/friends');
    const [first, second] = (await screen.findAllByTestId('friend')) as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('friend-qualified')).toHaveTextContent('Counts');
    expect(within(second).getByTestId('friend-qualified')).toHaveTextContent('Not yet');
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent(QUALIFY_RULE);
    // One rule line for the list, not one per friend.
    expect(screen.getAllByText(QUALIFY_RULE)).toHaveLength(1);
  });

  it('takes the tags and the rule afresh from each answer', async () => {
    let answer: FriendsAnswer = { friends: [cleo], totalRewards: 0, qualifyRule: 'Rule one.' };
    friendsApi({ friends: () => ({ body: answer }) });
    renderApp('/friends');
    const [row] = (await screen.findAllByTestId('friend')) as [HTMLElement];
    expect(within(row).getByTestId('friend-qualified')).toHaveTextContent('Not yet');
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent('Rule one.');

    // A newcomer's friendAdded refreshes the list; by then cleo has come to count.
    const newcomer: Friend = { _id: 'f-dan', username: 'dan_new', avatarUrl: null, earnings: 0, qualified: false };
    answer = { friends: [newcomer, { ...cleo, qualified: true }], totalRewards: 0, qualifyRule: 'Rule two.' };
    const socket = fakeSockets.at(-1);
    if (!socket) throw new Error('no socket');
    act(() => socket.receive('friendAdded', newcomer));
    await waitFor(() => expect(screen.getAllByTestId('friend')).toHaveLength(2));
    expect(screen.getAllByTestId('friend-qualified').map((tag) => tag.textContent)).toEqual(['Not yet', 'Counts']);
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent('Rule two.');
  });

  it('shows no rule line while the list is loading or when the server sends none', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    friendsApi({ friends: { status: 500, body: { message: 'database down' } } });
    const first = renderApp('/friends');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch friends', expect.anything()), { timeout: 4000 });
    expect(screen.queryByTestId('qualify-rule')).not.toBeInTheDocument();
    first.unmount();

    friendsApi({ friends: { friends: [bob], totalRewards: 0, qualifyRule: '  ' } });
    renderApp('/friends');
    await screen.findAllByTestId('friend');
    expect(screen.queryByTestId('qualify-rule')).not.toBeInTheDocument();
  });

  it('says there are no friends yet', async () => {
    friendsApi({ friends: { friends: [], totalRewards: 0, qualifyRule: QUALIFY_RULE } });
    renderApp('/friends');
    expect(await screen.findByText(/No friends yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('friend')).not.toBeInTheDocument();
    // What makes a friend count is worth knowing before the first one joins.
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent(QUALIFY_RULE);
  });

  it('shows the claimable total unrounded, and disables Claim at 0', async () => {
    friendsApi({ friends: { friends: [cleo], totalRewards: 0, qualifyRule: QUALIFY_RULE } });
    renderApp('/friends');
    await screen.findAllByTestId('friend');
    expect(screen.getByTestId('total-rewards')).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it('claims: POST /api/claim-rewards moves the total to the shown balance', async () => {
    const api = friendsApi({ routes: { 'POST /api/claim-rewards': { body: { totalRewards: 0, newBalance: 1.028 } } } });
    const { user } = renderApp('/friends');
    await screen.findAllByTestId('friend');
    expect(screen.getByTestId('total-rewards')).toHaveTextContent('$0.028');
    expect(screen.getByTestId('balance')).toHaveTextContent('$1.00');
    const claim = screen.getByRole('button', { name: 'Claim' });
    expect(claim).toBeEnabled();

    await user.click(claim);
    expect(await screen.findByRole('status')).toHaveTextContent('$0.028 moved to your balance.');
    expect(api.callsTo('POST /api/claim-rewards')).toHaveLength(1);
    // Balances show rounded down to cents (spec §9).
    expect(screen.getByTestId('balance')).toHaveTextContent('$1.02');
    expect(screen.getByTestId('total-rewards')).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it("shows the server's 'There are no rewards to claim' and asks for the list again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = friendsApi({ routes: { 'POST /api/claim-rewards': { status: 400, body: { message: 'There are no rewards to claim' } } } });
    const { user } = renderApp('/friends');
    await screen.findAllByTestId('friend');
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no rewards to claim');
    await waitFor(() => expect(api.callsTo('GET /api/friends')).toHaveLength(2));
    expect(screen.getByTestId('balance')).toHaveTextContent('$1.00');
  });

  it('refreshes the list when the socket says friendAdded', async () => {
    let answer: FriendsAnswer = { friends: [cleo], totalRewards: 0, qualifyRule: QUALIFY_RULE };
    const api = friendsApi({ friends: () => ({ body: answer }) });
    renderApp('/friends');
    expect(await screen.findAllByTestId('friend')).toHaveLength(1);

    const newcomer: Friend = { _id: 'f-dan', username: 'dan_new', avatarUrl: null, earnings: 0, qualified: false };
    answer = { friends: [newcomer, cleo], totalRewards: 0, qualifyRule: QUALIFY_RULE };
    const socket = fakeSockets.at(-1);
    if (!socket) throw new Error('no socket');
    act(() => socket.receive('friendAdded', newcomer));
    expect(await screen.findByText('dan_new')).toBeInTheDocument();
    expect(screen.getAllByTestId('friend')).toHaveLength(2);
    expect(api.callsTo('GET /api/friends')).toHaveLength(2);
  });

  it('only logs a failed friends list (spec §8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    friendsApi({ friends: { status: 500, body: { message: 'database down' } } });
    renderApp('/friends');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch friends', expect.anything()), { timeout: 4000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('database down')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // The invitation still works.
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeDisabled();
  });
});
