import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_SEED_WAIT_MS, fairnessText, SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { forgetOfferedClientSeeds } from '../../src/api/clientSeed.ts';
import { SEEDING_RELOAD_EVERY_MS, SEEDING_RELOAD_GRACE_MS } from '../../src/app/useLiveGame.ts';
import { keptSeedsOf } from '../../src/platform/commitments.ts';
import { stubApi, type StubReply, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const SEED_PATH = `POST /api/games/${GAME_ID}/client-seed`;
const MY_SEED = '0123456789abcdef0123456789abcdef';

/**
 * The RPS game as the server shows it between the pairing and the first draw: the common fields only
 * (server/games/firstDraw.ts seedingView), none of the mode's own, which a table would crash on. It
 * stays at version 1 until the draw: the first seed in does not bump it, only the draw does.
 */
function seedingUpdate(
  clientSeeds: Record<string, string> = { [ME]: '', [OPPONENT]: '' },
  { serverTime = Date.now(), deadlineAt = serverTime + CLIENT_SEED_WAIT_MS }: { serverTime?: number; deadlineAt?: number } = {},
): GameUpdate {
  const { game, ...rest } = rpsUpdate({ v: 1, clientSeeds }, serverTime);
  const { currentRound: _r, choices: _c, chosen: _s, roundResults: _rr, wins: _w, phases: _p, ...common } = game;
  return {
    ...rest,
    timerStartTime: null,
    game: { ...common, phase: SEEDING_PHASE, turn: null, totalGamePoints: {}, playerColors: {}, timerStartTime: null, deadlineAt },
  };
}

/** The answer to the first seed in: the same version, still seeding, with the player's own seed now in. */
const firstSeedIn = () => seedingUpdate({ [ME]: MY_SEED, [OPPONENT]: '' });

/** The first draw is made (version 2): the whole RPS view, both seeds shown. */
const seededUpdate = (serverTime = Date.now()): GameUpdate<RpsGameView> =>
  rpsUpdate({ v: 2, clientSeeds: { [ME]: MY_SEED, [OPPONENT]: 'fe'.repeat(16) } }, serverTime);

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
  it("posts this device's seed once for a game in its seeding phase, keeps it as taken, and waits for the draw", async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { body: firstSeedIn() } });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', seedingUpdate()));
    // The seed goes at once, while the screen's assets load (not after them).
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(api.callsTo(SEED_PATH)[0]?.body).toEqual({ clientSeed: MY_SEED });
    expect(api.callsTo(SEED_PATH)[0]?.credentials).toBe('include');
    // The server took it: Verify will hold the game's proof to it.
    await waitFor(() => expect(keptSeedsOf(GAME_ID).clientSeed).toBe(MY_SEED));

    // The screen loads, and waits there for the first draw, without sending the seed again.
    await waitFor(() => expect(path()).toBe('/rps'));
    // The start overlay is gone; the one left is the game screen's own, until the first draw.
    await waitFor(() => expect(screen.getAllByText('Loading game assets...')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Rock' })).not.toBeInTheDocument();
    // The game page's load, and the screen's own on arrival; then the draw, made when the other seed
    // came in, is the next version: no gap, so no reload.
    await waitFor(() => expect(api.callsTo('GET /api/current-game')).toHaveLength(2));
    await act(async () => socket().receive('game-update', seededUpdate()));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(api.callsTo('GET /api/current-game')).toHaveLength(2);
  });

  it('shows the table from the answer alone when this seed was the second one in (the answer is the draw)', async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { body: seededUpdate() } });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', seedingUpdate({ [ME]: '', [OPPONENT]: '' })));
    await waitFor(() => expect(path()).toBe('/rps'));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(keptSeedsOf(GAME_ID).clientSeed).toBe(MY_SEED);
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
    await act(async () => socket().receive('game-update', seededUpdate()));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    // Refused, so not the seed of this game: Verify holds the proof to no seed of this device.
    expect(keptSeedsOf(GAME_ID).clientSeed).toBeUndefined();
  });
});

describe('a game screen during the seeding phase', () => {
  it('shows the loading overlay instead of the table, sends the seed missed by a reload, then shows the table', async () => {
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: { body: firstSeedIn() } });
    window.localStorage.setItem('clientSeed', MY_SEED);
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(SEED_PATH)).toHaveLength(1));
    expect(api.callsTo(SEED_PATH)[0]?.body).toEqual({ clientSeed: MY_SEED });
    expect(screen.queryByRole('button', { name: 'Rock' })).not.toBeInTheDocument();

    await act(async () => socket().receive('game-update', seededUpdate()));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(screen.queryByText('Loading game assets...')).not.toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
  });

  it('sends nothing when its seed is already in (a reload after sending it)', async () => {
    const api = gameApi(firstSeedIn());
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    await act(async () => socket().receive('game-update', seededUpdate()));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    expect(api.callsTo(SEED_PATH)).toHaveLength(0);
  });

  it('sends the seed again from the game screen when the start overlay could not reach the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem('clientSeed', MY_SEED);
    const replies: StubReply[] = ['network-error', { body: firstSeedIn() }];
    const api = gameApi(seedingUpdate(), { [SEED_PATH]: () => replies.shift() ?? { status: 409, body: {} } });
    const { path } = renderApp('/game');
    await screen.findByTestId('balance');
    await act(async () => socket().receive('gameStarted', seedingUpdate()));
    await waitFor(() => expect(path()).toBe('/rps'));
    await waitFor(() => expect(api.callsTo(SEED_PATH)).toHaveLength(2));
    await waitFor(() => expect(keptSeedsOf(GAME_ID).clientSeed).toBe(MY_SEED));
  });
});

describe('a seeding game whose draw does not arrive', () => {
  /** The server's clock runs a minute ahead of this device's: the wait must be read on the server's. */
  const SKEW = 60_000;

  /**
   * GET /api/current-game as the server answers it over time: the game seeding until `drawn()`, then
   * drawn (or gone, with `gone`). Its deadline was set at `start` on the server's clock.
   */
  function seedingServer(start: number, state: { drawn?: boolean; gone?: boolean }) {
    const deadlineAt = start + SKEW + CLIENT_SEED_WAIT_MS;
    return gameApi(seedingUpdate(), {
      'GET /api/current-game': () => {
        const serverTime = Date.now() + SKEW;
        if (state.gone) return { body: { game: null, opponents: [] } };
        return { body: state.drawn ? seededUpdate(serverTime) : seedingUpdate({ [ME]: MY_SEED, [OPPONENT]: '' }, { serverTime, deadlineAt }) };
      },
    });
  }

  it('asks for the game a second after the deadline, then after 2 s, 4 s, … until the draw is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = Date.now();
    const state = { drawn: false };
    const api = seedingServer(start, state);
    const loads = () => api.callsTo('GET /api/current-game').length;
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    expect(loads()).toBe(1);

    // The draw is due at the deadline; the game is asked for once the grace after it has passed.
    const due = start + CLIENT_SEED_WAIT_MS + SEEDING_RELOAD_GRACE_MS;
    await act(() => vi.advanceTimersByTimeAsync(due - 300 - Date.now()));
    expect(loads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(loads()).toBe(2);
    expect(screen.getByText('Loading game assets...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SEEDING_RELOAD_EVERY_MS));
    expect(loads()).toBe(3);

    // Twice as long before the next ask: a late server is not asked every 2 s by every phone.
    await act(() => vi.advanceTimersByTimeAsync(SEEDING_RELOAD_EVERY_MS * 2 - 600));
    expect(loads()).toBe(3);
    // The server has drawn (its game-update lost): the next ask brings the table.
    state.drawn = true;
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(loads()).toBe(4);
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    // No longer seeding: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(SEEDING_RELOAD_EVERY_MS * 3));
    expect(loads()).toBe(4);
  });

  it('asks nothing when the draw arrives in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = seedingServer(Date.now(), {});
    renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    await act(async () => socket().receive('game-update', seededUpdate(Date.now() + SKEW)));
    expect(await screen.findByRole('button', { name: 'Rock' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CLIENT_SEED_WAIT_MS + SEEDING_RELOAD_GRACE_MS + SEEDING_RELOAD_EVERY_MS * 3));
    expect(api.callsTo('GET /api/current-game')).toHaveLength(1);
  });

  it('goes back to /game when the server no longer has the game', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = { gone: false };
    seedingServer(Date.now(), state);
    const { path } = renderApp('/rps');
    expect(await screen.findByText('Loading game assets...')).toBeInTheDocument();
    state.gone = true;
    await act(() => vi.advanceTimersByTimeAsync(CLIENT_SEED_WAIT_MS + SEEDING_RELOAD_GRACE_MS + 100));
    await waitFor(() => expect(path()).toBe('/game'));
  });
});
