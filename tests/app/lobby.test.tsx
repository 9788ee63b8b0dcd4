import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function lobbyApi(user: Parameters<typeof makeUser>[0] = {}, routes: Record<string, StubRoute> = {}) {
  const player = makeUser({ balance: 10, ...user });
  const api = stubApi({
    'GET /api/protected': { body: { user: player } },
    'GET /api/current-game': { body: { game: null, opponents: [] } },
    ...routes,
  });
  return { player, api };
}

async function openBets(user: ReturnType<typeof renderApp>['user'], game: RegExp) {
  await user.click(await screen.findByRole('button', { name: game }));
  return screen.getByRole('dialog');
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

describe('the bet popup', () => {
  it('offers Free, $1, $3, $5 for RPS with their payouts, and a token coin for the free game', async () => {
    lobbyApi();
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Rock Paper Scissors/);
    expect(popup).toHaveAccessibleName('Rock Paper Scissors');
    const levels = within(popup).getAllByRole('radio');
    expect(levels.map((level) => level.querySelector('.bet-level__label')?.textContent)).toEqual(['Free', '$1', '$3', '$5']);
    expect(levels[1]).toHaveTextContent('Win $1.80');
    expect(levels[2]).toHaveTextContent('Win $5.00');
    expect(levels[3]).toHaveTextContent('Win $9.00');
    expect(levels[0]?.querySelector('.coin-icon')).not.toBeNull();
    expect(levels[0]?.querySelector('.bet-level__payout')).not.toHaveTextContent('$');
  });

  it('offers Free, $5, $10, $20 for Belote, paying 9, 18 and 36', async () => {
    lobbyApi();
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Belote/);
    const levels = within(popup).getAllByRole('radio');
    expect(levels.map((level) => level.querySelector('.bet-level__label')?.textContent)).toEqual(['Free', '$5', '$10', '$20']);
    expect(levels.slice(1).map((level) => level.querySelector('.bet-level__payout')?.textContent)).toEqual([
      'Win $9.00',
      'Win $18.00',
      'Win $36.00',
    ]);
  });

  it('asks for a bet before calling the server', async () => {
    const { api } = lobbyApi();
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Rock Paper Scissors/);
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('Please select a game and bet amount');
    expect(api.callsTo('POST /api/start-game')).toHaveLength(0);
  });

  it("refuses a bet above the balance with 'Insufficient balance', without a call", async () => {
    const { api } = lobbyApi({ balance: 0.99 });
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Carrom/);
    await user.click(within(popup).getByRole('radio', { name: /^\$1,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(api.callsTo('POST /api/start-game')).toHaveLength(0);
  });

  it.each([
    ['Rock Paper Scissors', /^\$3,/, 'rps'],
    ['Rock Paper Scissors', /^\$5,/, 'rps'],
    ['Belote', /^\$10,/, 'blot'],
    ['Belote', /^\$20,/, 'blot'],
  ])("gates %s at %s behind a score of 1000 ('Requires score over 1000')", async (game, level) => {
    const { api } = lobbyApi({ score: 999, balance: 50 });
    const { user } = renderApp('/game');
    const popup = await openBets(user, new RegExp(game));
    await user.click(within(popup).getByRole('radio', { name: level }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    expect(within(popup).getByRole('alert')).toHaveTextContent('Requires score over 1000');
    expect(api.callsTo('POST /api/start-game')).toHaveLength(0);
  });

  it.each([
    [1000, /Rock Paper Scissors/, /^\$5,/, { betAmount: 5, gameMode: 'rps' }],
    [900, /Carrom/, /^\$3,/, { betAmount: 3, gameMode: 'carrom' }],
  ])('lets a score of %d play %s at %s', async (score, game, level, body) => {
    const { api } = lobbyApi({ score, balance: 50 }, { 'POST /api/start-game': { body: { status: 'searching', balance: 45 } } });
    const { user } = renderApp('/game');
    const popup = await openBets(user, game);
    await user.click(within(popup).getByRole('radio', { name: level }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(api.callsTo('POST /api/start-game')).toHaveLength(1));
    expect(api.callsTo('POST /api/start-game')[0]?.body).toMatchObject(body);
    expect(await screen.findByRole('dialog', { name: 'Searching for an opponent' })).toBeInTheDocument();
  });

  it("shows the server's refusal, or 'Failed to start game' when it gives no reason", async () => {
    let answer: { status: number; body: object } = { status: 409, body: { message: 'You are already in a game' } };
    lobbyApi({}, { 'POST /api/start-game': () => answer });
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Backgammon/);
    await user.click(within(popup).getByRole('radio', { name: /Free/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    expect(await within(popup).findByRole('alert')).toHaveTextContent('You are already in a game');
    answer = { status: 500, body: {} };
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(within(popup).getByRole('alert')).toHaveTextContent('Failed to start game'));
  });
});

describe('searching for an opponent', () => {
  it('starts a search: the bet leaves the balance at once and the elapsed time runs (mm:ss)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = lobbyApi({ balance: 10 }, { 'POST /api/start-game': { body: { status: 'searching', balance: 9 } } });
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Rock Paper Scissors/);
    await user.click(within(popup).getByRole('radio', { name: /^\$1,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));

    const search = await screen.findByRole('dialog', { name: 'Searching for an opponent' });
    expect(api.callsTo('POST /api/start-game')[0]?.body).toEqual({ betAmount: 1, gameMode: 'rps', socketId: socket().id });
    expect(screen.getByTestId('balance')).toHaveTextContent('$9.00');
    expect(within(search).getByRole('timer')).toHaveTextContent('00:00');
    expect(within(search).getByText(/Rock Paper Scissors · \$1/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(within(search).getByRole('timer')).toHaveTextContent('01:01');
  });

  it('cancels: POST /api/cancel-search, the balance comes back, the popup closes after its animation', async () => {
    const { api } = lobbyApi(
      { balance: 10 },
      {
        'POST /api/start-game': { body: { status: 'searching', balance: 7 } },
        'POST /api/cancel-search': { body: { balance: 10 } },
      },
    );
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Carrom/);
    await user.click(within(popup).getByRole('radio', { name: /^\$3,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Search' }));

    expect(api.callsTo('POST /api/cancel-search')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$10.00'));
    // The 200 ms close animation runs first.
    expect(document.querySelector('.search-popup--closing')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Failed to cancel search', or the server's reason, and keeps searching", async () => {
    let answer: { status: number; body: object } = { status: 500, body: {} };
    lobbyApi({}, { 'POST /api/start-game': { body: { status: 'searching', balance: 9 } }, 'POST /api/cancel-search': () => answer });
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Carrom/);
    await user.click(within(popup).getByRole('radio', { name: /^\$1,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Search' }));
    const search = screen.getByRole('dialog', { name: 'Searching for an opponent' });
    expect(await within(search).findByRole('alert')).toHaveTextContent('Failed to cancel search');
    answer = { status: 409, body: { message: 'You are not searching for a game' } };
    await user.click(within(search).getByRole('button', { name: 'Cancel Search' }));
    await waitFor(() => expect(within(search).getByRole('alert')).toHaveTextContent('You are not searching for a game'));
    expect(screen.getByTestId('balance')).toHaveTextContent('$9.00');
  });

  it('a search-timeout gives the balance back from the event and closes the search', async () => {
    lobbyApi({ balance: 10 }, { 'POST /api/start-game': { body: { status: 'searching', balance: 5 } } });
    const { user } = renderApp('/game');
    const popup = await openBets(user, /Backgammon/);
    await user.click(within(popup).getByRole('radio', { name: /^\$5,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await screen.findByRole('dialog', { name: 'Searching for an opponent' });
    expect(screen.getByTestId('balance')).toHaveTextContent('$5.00');

    await act(async () => socket().receive('search-timeout', { balance: 10 }));
    expect(screen.getByTestId('balance')).toHaveTextContent('$10.00');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("gameStarted shows 'Loading game assets...' and then the game's screen", async () => {
    const started = rpsUpdate();
    lobbyApi({}, { 'POST /api/start-game': { body: { status: 'searching', balance: 9 } } });
    const { user, path } = renderApp('/game');
    const popup = await openBets(user, /Rock Paper Scissors/);
    await user.click(within(popup).getByRole('radio', { name: /^\$1,/ }));
    await user.click(within(popup).getByRole('button', { name: 'Play' }));
    await screen.findByRole('dialog', { name: 'Searching for an opponent' });
    // The screen will load the game it was sent to.
    stubApi({
      'GET /api/protected': { body: { user: makeUser({ balance: 9 }) } },
      'GET /api/current-game': { body: started },
    });

    await act(async () => socket().receive('gameStarted', started));
    expect(screen.getByRole('status')).toHaveTextContent('Loading game assets...');
    expect(screen.queryByRole('dialog', { name: 'Searching for an opponent' })).not.toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/rps'));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeEnabled();
    expect(screen.queryByText('Loading game assets...')).not.toBeInTheDocument();
  });

  it('ignores a gameStarted whose game is not in progress', async () => {
    lobbyApi();
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', rpsUpdate({ status: 'canceled', phase: 'game-canceled' })));
    expect(screen.queryByText('Loading game assets...')).not.toBeInTheDocument();
    expect(path()).toBe('/game');
  });
});

describe('the lobby and a running game', () => {
  it('sends a player who has a game in progress to its screen', async () => {
    lobbyApi({}, { 'GET /api/current-game': { body: rpsUpdate() } });
    const { path } = renderApp('/game');
    await waitFor(() => expect(path()).toBe('/rps'));
    expect(await screen.findByRole('button', { name: 'Paper' })).toBeInTheDocument();
  });

  it('stays in the lobby when the last game is over', async () => {
    const { api } = lobbyApi({}, { 'GET /api/current-game': { body: rpsUpdate({ status: 'completed', phase: 'game-completed' }) } });
    const { path } = renderApp('/game');
    await waitFor(() => expect(api.callsTo('GET /api/current-game')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(path()).toBe('/game');
  });
});
