import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

// The RPS screen's chunk never arrives here (a stalled network): only the 3 s cap can move on.
vi.mock('../../src/app/gameScreens.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/app/gameScreens.ts')>();
  return { gameScreenLoaders: { ...real.gameScreenLoaders, rps: () => new Promise<never>(() => undefined) } };
});

describe('starting a game', () => {
  it('waits for the assets at most 3 s, then goes to the game anyway', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'GET /api/protected': { body: { user: makeUser() } },
      'GET /api/current-game': { body: { game: null, opponents: [] } },
    });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => fakeSockets.at(-1)?.receive('gameStarted', rpsUpdate()));
    expect(screen.getByText('Loading game assets...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2_800));
    expect(path()).toBe('/game');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(path()).toBe('/rps'));
  });

  it('opens no search when the server paired the player at once (gameStarted is on its way)', async () => {
    const api = stubApi({
      'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
      'GET /api/current-game': { body: { game: null, opponents: [] } },
      'POST /api/start-game': { body: { status: 'started', balance: 9 } },
    });
    const { user } = renderApp('/game');
    await user.click(await screen.findByRole('button', { name: /Carrom/ }));
    await user.click(screen.getByRole('radio', { name: /^\$1,/ }));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(api.callsTo('POST /api/start-game')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$9.00'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
