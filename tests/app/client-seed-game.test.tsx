import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairnessText, SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { forgetOfferedClientSeeds } from '../../src/api/clientSeed.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const SEED_PATH = `POST /api/games/${GAME_ID}/client-seed`;
const MY_SEED = '0123456789abcdef0123456789abcdef';

/**
 * The RPS game as the server shows it between the pairing and the first draw: the common fields only
 * (server/games/firstDraw.ts seedingView), none of the mode's own, which a table would crash on.
 */
function seedingUpdate(version = 1, clientSeeds: Record<string, string> = { [ME]: '', [OPPONENT]: '' }): GameUpdate {
  const { game, ...rest } = rpsUpdate({ v: version, clientSeeds });
  const { currentRound: _r, choices: _c, chosen: _s, roundResults: _rr, wins: _w, phases: _p, ...common } = game;
  return {
    ...rest,
    timerStartTime: null,
    game: { ...common, phase: SEEDING_PHASE, turn: null, totalGamePoints: {}, playerColors: {}, timerStartTime: null, deadlineAt: null },
  };
}

/** The first draw is made: the whole RPS view, one version on. */
const seededUpdate = (version: number): GameUpdate<RpsGameView> => rpsUpdate({ v: version, clientSeeds: { [ME]: MY_SEED, [OPPONENT]: 'fe'.repeat(16) } });

/** The player's game on the server, as GET /api/current-game answers it once the game screen opens. */
function gameApi(current: GameUpdate, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

afterEach(() => forgetOfferedClientSeeds());

describe('sending the client seed when a game starts', () => {
  it("posts this device's seed once for a game in its seeding phase, and takes the answer into the game", async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { body: seedingUpdate(2, { [ME]: MY_SEED, [OPPONENT]: '' }) } });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', seedingUpdate()));
    // The seed goes at once, while the screen's assets load (not after them).
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(api.callsTo(SEED_PATH)[0]?.body).toEqual({ clientSeed: MY_SEED });
    expect(api.callsTo(SEED_PATH)[0]?.credentials).toBe('include');

    // The screen loads, and waits there for the first draw, without sending the seed again.
    await waitFor(() => expect(path()).toBe('/rps'));
    // The start overlay is gone; the one left is the game screen's own, until the first draw.
    await waitFor(() => expect(screen.getAllByText('Loading game assets...')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Rock' })).not.toBeInTheDocument();
    // Version 3 follows the answer's 2: had the answer not been taken, the gap would reload version 1.
    await act(async () => socket().receive('game-update', seededUpdate(3)));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
  });

  it('sends no seed for a game that starts already drawn (no seeding phase)', async () => {
    const api = gameApi(rpsUpdate());
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', rpsUpdate()));
    await waitFor(() => expect(path()).toBe('/rps'));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(0);
  });

  it('ignores a 409 (the seed is already in, or the draw is made): a console warning, no error, the game goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { status: 409, body: { message: fairnessText.clientSeedLate } } });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', seedingUpdate()));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The client seed was not taken', expect.anything()));
    await waitFor(() => expect(path()).toBe('/rps'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(fairnessText.clientSeedLate)).not.toBeInTheDocument();
    await act(async () => socket().receive('game-update', seededUpdate(2)));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('a game screen during the seeding phase', () => {
  it('shows the loading overlay instead of the table, sends the seed missed by a reload, then shows the table', async () => {
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { body: seedingUpdate(2, { [ME]: MY_SEED, [OPPONENT]: '' }) } });
    window.localStorage.setItem('clientSeed', MY_SEED);
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(SEED_PATH)).toHaveLength(1));
    expect(api.callsTo(SEED_PATH)[0]?.body).toEqual({ clientSeed: MY_SEED });
    expect(screen.queryByRole('button', { name: 'Rock' })).not.toBeInTheDocument();

    await act(async () => socket().receive('game-update', seededUpdate(3)));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(screen.queryByText('Loading game assets...')).not.toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
  });

  it('sends nothing when its seed is already in (a reload after sending it)', async () => {
    const api = gameApi(seedingUpdate(2, { [ME]: MY_SEED, [OPPONENT]: '' }));
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    await act(async () => socket().receive('game-update', seededUpdate(3)));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(0);
  });
});
