import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubReply } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { finishedRps, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/** The server's current game, changeable mid-test; every GET /api/current-game is counted. */
function liveApi(first: StubReply) {
  let answer = first;
  const api = stubApi({
    'GET /api/protected': { body: { user: makeUser() } },
    'GET /api/current-game': () => answer,
  });
  return {
    api,
    loads: () => api.callsTo('GET /api/current-game').length,
    serverHas(next: StubReply) {
      answer = next;
    },
  };
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

const wonRound = (v: number, wins: number) =>
  rpsUpdate({ v, currentRound: wins + 1, wins: { [ME]: wins, [OPPONENT]: 0 } });

const myTrophies = () => screen.getAllByTestId('player-trophy').filter((slot) => slot.dataset.won === 'true').length;

async function openRps() {
  const view = renderApp('/rps');
  await screen.findByRole('button', { name: 'Rock' }, { timeout: 5000 });
  return view;
}

describe('the live game: resync (spec §4 Game status)', () => {
  it('reloads the game when the tab becomes visible again', async () => {
    const live = liveApi({ body: rpsUpdate() });
    await openRps();
    await waitFor(() => expect(live.loads()).toBeGreaterThan(0));
    const before = live.loads();
    live.serverHas({ body: wonRound(6, 2) });

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(live.loads()).toBe(before);

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(myTrophies()).toBe(2));
    expect(live.loads()).toBe(before + 1);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('re-authenticates and reloads the game when the socket reconnects', async () => {
    const live = liveApi({ body: rpsUpdate() });
    await openRps();
    await act(async () => socket().receive('connect'));
    await waitFor(() => expect(live.loads()).toBeGreaterThan(0));
    const before = live.loads();
    live.serverHas({ body: wonRound(4, 1) });

    await act(async () => socket().receive('connect'));
    await waitFor(() => expect(myTrophies()).toBe(1));
    expect(live.loads()).toBe(before + 1);
    expect(socket().emitted.filter((sent) => sent.event === 'authenticate')).toHaveLength(2);
  });

  it('ignores an update whose version it already has', async () => {
    const live = liveApi({ body: wonRound(5, 2) });
    await openRps();
    await waitFor(() => expect(myTrophies()).toBe(2));
    const before = live.loads();
    await act(async () => socket().receive('game-update', wonRound(4, 1)));
    await act(async () => socket().receive('game-update', wonRound(5, 0)));
    expect(myTrophies()).toBe(2);
    expect(live.loads()).toBe(before);
  });

  it('applies the next version, and reloads on a gap instead of patching over it', async () => {
    const live = liveApi({ body: rpsUpdate({ v: 1 }) });
    await openRps();
    const before = live.loads();

    await act(async () => socket().receive('game-update', wonRound(2, 1)));
    expect(myTrophies()).toBe(1);
    expect(live.loads()).toBe(before);

    // v 3 never arrived: v 4 is not applied; the whole game is fetched.
    live.serverHas({ body: wonRound(4, 2) });
    await act(async () => socket().receive('game-update', { ...wonRound(4, 0) }));
    await waitFor(() => expect(live.loads()).toBe(before + 1));
    await waitFor(() => expect(myTrophies()).toBe(2));
  });

  it('sends the player to the lobby when there is no game', async () => {
    liveApi({ body: { game: null, opponents: [] } });
    const { path } = renderApp('/rps');
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it('sends the player to the lobby when the game is already over on arrival', async () => {
    liveApi({ body: finishedRps(true) });
    const { path } = renderApp('/rps');
    await waitFor(() => expect(path()).toBe('/game'));
    expect(screen.queryByRole('dialog', { name: 'You won!' })).not.toBeInTheDocument();
  });

  it('keeps the end popup of a game that finished on screen, even when a reload finds no game', async () => {
    const live = liveApi({ body: rpsUpdate() });
    const { path } = await openRps();
    await act(async () => socket().receive('game-update', finishedRps(true, { v: 2 })));
    expect(screen.getByRole('dialog', { name: 'You won!' })).toBeInTheDocument();

    live.serverHas({ body: { game: null, opponents: [] } });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(live.loads()).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(path()).toBe('/rps');
    expect(screen.getByRole('dialog', { name: 'You won!' })).toBeInTheDocument();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('refreshes the player when the game ends: the new score shows', async () => {
    const me = makeUser({ score: 900 });
    stubApi({
      'GET /api/protected': () => ({ body: { user: me } }),
      'GET /api/current-game': { body: rpsUpdate() },
    });
    await openRps();
    expect(screen.getByTestId('rps-player')).toHaveTextContent('Score 900');
    me.score = 916;
    await act(async () => socket().receive('game-update', finishedRps(true, { v: 2 })));
    await waitFor(() => expect(screen.getByTestId('rps-player')).toHaveTextContent('Score 916'));
  });

  it('takes a game of another mode to its own screen', async () => {
    liveApi({ body: rpsUpdate({ gameMode: 'blot' as 'rps' }) });
    const { path } = renderApp('/rps');
    await waitFor(() => expect(path()).toBe('/blot'));
  });

  it("says 'Failed to fetch the current game state.' when the load fails, then goes to the lobby", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    liveApi({ status: 500, body: {} });
    const { path } = renderApp('/rps');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Failed to fetch the current game state.');
    expect(path()).toBe('/rps');
    expect(error).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(path()).toBe('/game');
  });
});
