import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { leaveAnswers, stubApi, type StubRoute } from './apiStub.ts';
import { fakeSockets } from './fakeSocket.ts';
import { finishedRps, GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function rpsApi(current: GameUpdate<RpsGameView> = rpsUpdate(), routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

async function openRps() {
  const view = renderApp('/rps');
  await screen.findByRole('button', { name: 'Rock' }, { timeout: 5000 });
  return view;
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

const serverSends = (update: GameUpdate<RpsGameView>) => act(async () => socket().receive('game-update', update));

/** The three move buttons; `hidden` finds them behind a modal popup too (the modal hides the page from the accessibility tree). */
const moveButtons = (hidden = false) => ['Rock', 'Scissors', 'Paper'].map((name) => screen.getByRole('button', { name, hidden }));
const filledTrophies = (side: 'opponent' | 'player') =>
  screen.getAllByTestId(`${side}-trophy`).filter((slot) => slot.dataset.won === 'true').length;

describe('the RPS screen', () => {
  it('shows the opponent (initial, nickname, flag, score), three empty trophy slots each, and the three moves', async () => {
    rpsApi();
    await openRps();
    const opponent = screen.getByTestId('rps-opponent');
    expect(opponent).toHaveTextContent('Bob');
    expect(opponent.querySelector('.avatar--initial')).toHaveTextContent('B');
    expect(within(opponent).getByRole('img', { name: 'Armenia' })).toBeInTheDocument();
    expect(opponent).toHaveTextContent('Score 1042');
    expect(screen.getAllByTestId('opponent-trophy')).toHaveLength(3);
    expect(filledTrophies('opponent')).toBe(0);
    expect(screen.getByTestId('rps-player')).toHaveTextContent('alice_1');
    expect(moveButtons().map((button) => button.textContent)).toEqual(['Rock', 'Scissors', 'Paper']);
    expect(screen.getByTestId('match-score')).toHaveTextContent('0 : 0');
  });

  it('sends the move with the game version and locks the buttons once chosen', async () => {
    const api = rpsApi(rpsUpdate(), {
      'POST /api/rps-move': ({ body }) => ({
        body: rpsUpdate({
          v: 2,
          phase: 'waiting-for-opponent',
          choices: { [ME]: (body as { choice: 'rock' }).choice, [OPPONENT]: null },
          chosen: { [ME]: true, [OPPONENT]: false },
        }),
      }),
    });
    const { user } = await openRps();
    await user.click(screen.getByRole('button', { name: 'Rock' }));
    expect(api.callsTo('POST /api/rps-move')[0]?.body).toEqual({ gameId: GAME_ID, choice: 'rock', round: 1 });
    // Its socket named, so the server answers the move there and does not send it the same update again.
    expect(api.callsTo('POST /api/rps-move')[0]?.headers['x-socket-id']).toBe(socket().id);
    for (const button of moveButtons()) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rock' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText("Waiting for your opponent's move")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paper' }));
    expect(api.callsTo('POST /api/rps-move')).toHaveLength(1);
  });

  it('logs a failed move, lets the player choose again, and reads the game again in case the move was taken', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = rpsApi(rpsUpdate(), { 'POST /api/rps-move': { status: 500, body: {} } });
    const { user } = await openRps();
    const readsBefore = api.callsTo('GET /api/current-game').length;
    await user.click(screen.getByRole('button', { name: 'Scissors' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to make a move.', expect.anything()));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scissors' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Its socket is not sent what the lost answer carried: the game is read again instead.
    await waitFor(() => expect(api.callsTo('GET /api/current-game').length).toBe(readsBefore + 1));
  });

  it("shows the opponent's move only when the round is revealed, fills a trophy, and locks the moves meanwhile", async () => {
    rpsApi(rpsUpdate({ v: 2, phase: 'waiting-for-opponent', choices: { [ME]: 'rock', [OPPONENT]: null }, chosen: { [ME]: true, [OPPONENT]: false } }));
    await openRps();
    expect(screen.getByTestId('opponent-move')).toHaveTextContent('?');

    // The opponent has chosen: the screen may say so, never what.
    await serverSends(rpsUpdate({ v: 3, phase: 'waiting-for-opponent', choices: { [ME]: 'rock', [OPPONENT]: null }, chosen: { [ME]: true, [OPPONENT]: true } }));
    expect(screen.getByTestId('rps-opponent')).toHaveTextContent('Has chosen');
    expect(screen.getByTestId('opponent-move')).toHaveTextContent('?');

    await serverSends(
      rpsUpdate({
        v: 4,
        phase: 'round-completed',
        choices: { [ME]: 'rock', [OPPONENT]: 'scissors' },
        chosen: { [ME]: true, [OPPONENT]: true },
        roundResults: [{ roundNumber: 1, winnerId: ME, choices: { [ME]: 'rock', [OPPONENT]: 'scissors' }, autoPicked: { [ME]: false, [OPPONENT]: false } }],
        wins: { [ME]: 1, [OPPONENT]: 0 },
      }),
    );
    expect(screen.getByTestId('opponent-move')).toHaveTextContent('Scissors');
    expect(screen.getByText('You won the round!')).toBeInTheDocument();
    expect(filledTrophies('player')).toBe(1);
    expect(filledTrophies('opponent')).toBe(0);
    expect(screen.getByTestId('match-score')).toHaveTextContent('1 : 0');
    for (const button of moveButtons()) expect(button).toBeDisabled();

    // 2.4 s later the server opens round 2: hidden again, choosable again, the trophy stays.
    await serverSends(rpsUpdate({ v: 5, currentRound: 2, wins: { [ME]: 1, [OPPONENT]: 0 } }));
    expect(screen.getByTestId('opponent-move')).toHaveTextContent('?');
    for (const button of moveButtons()) expect(button).toBeEnabled();
    expect(filledTrophies('player')).toBe(1);
    expect(screen.getByText('Round 2')).toBeInTheDocument();
  });

  it("counts down from 15 on the server's clock and shows 'Auto-picking...' at zero", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server's clock runs a minute ahead of this device's: the countdown must not care.
    const serverNow = Date.now() + 60_000;
    rpsApi(rpsUpdate({ deadlineAt: serverNow + 15_000 }, serverNow));
    await openRps();
    expect(screen.getByTestId('countdown')).toHaveTextContent('15');
    await act(() => vi.advanceTimersByTimeAsync(13_100));
    expect(screen.getByTestId('countdown')).toHaveTextContent('2');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('Auto-picking...');
  });
});

describe('the end of an RPS game', () => {
  it.each([
    ['a win', finishedRps(true, { v: 2, winnerBalances: { [ME]: 10.8 } }), 'You won!', '+$1.80'],
    ['a loss', finishedRps(false, { v: 2 }), 'You lose...', '-$1.00'],
    ['a win by the opponent leaving', finishedRps(true, { v: 2, endReason: 'opponent-left' }), 'Your opponent left the game. You won!', '+$1.80'],
    ['a loss by leaving', finishedRps(false, { v: 2, endReason: 'opponent-left' }), 'You lose...', '-$1.00'],
  ])('shows %s with the amount, and buzzes 400 ms', async (_case, finished, title, amount) => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    rpsApi();
    await openRps();
    await serverSends(finished);
    const popup = screen.getByRole('dialog', { name: title });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent(amount);
    expect(within(popup).getByRole('link', { name: 'Verify' })).toHaveAttribute('href', `/verify/${GAME_ID}`);
    expect(vibrate).toHaveBeenCalledWith(400);
    for (const button of moveButtons(true)) expect(button).toBeDisabled();
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it('plays free games for tokens: a coin instead of $', async () => {
    rpsApi(rpsUpdate({ betAmount: 0, payout: 0 }));
    await openRps();
    await serverSends(finishedRps(true, { v: 2, betAmount: 0, payout: 0 }));
    const amount = within(screen.getByRole('dialog', { name: 'You won!' })).getByTestId('stake-amount');
    expect(amount.querySelector('.coin-icon')).not.toBeNull();
    expect(amount).not.toHaveTextContent('$');
  });

  it('Exit goes to the lobby', async () => {
    rpsApi();
    const { user, path } = await openRps();
    await serverSends(finishedRps(false, { v: 2 }));
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it("Verify opens the game's proof page, which asks for this game's proof", async () => {
    const api = rpsApi(rpsUpdate(), { [`GET /api/games/${GAME_ID}/proof`]: { status: 404, body: { message: 'This game was played before proofs were kept' } } });
    const { user, path } = await openRps();
    await serverSends(finishedRps(true, { v: 2 }));
    await user.click(within(screen.getByRole('dialog', { name: 'You won!' })).getByRole('link', { name: 'Verify' }));
    await waitFor(() => expect(path()).toBe(`/verify/${GAME_ID}`));
    expect(await screen.findByRole('alert')).toHaveTextContent('This game was played before proofs were kept');
    expect(api.callsTo(`GET /api/games/${GAME_ID}/proof`)).toHaveLength(1);
  });

  it("asks for a rematch at the same bet and shows 'Waiting for opponent...' until game-replay; the new game then starts", async () => {
    const api = rpsApi(rpsUpdate(), { 'POST /api/start-game': { body: { status: 'searching', balance: 9.8 } } });
    const { user, path } = await openRps();
    await serverSends(finishedRps(true, { v: 2 }));
    await user.click(screen.getByRole('button', { name: 'Play again' }));

    expect(await screen.findByText('Waiting for opponent...')).toBeInTheDocument();
    expect(api.callsTo('POST /api/start-game')[0]?.body).toEqual({ betAmount: 1, gameMode: 'rps', socketId: socket().id, isRematch: true });
    expect(screen.queryByRole('button', { name: 'Play again' })).not.toBeInTheDocument();

    const NEW_GAME = '3f1c2b7a-0000-4000-8000-00000000a002';
    await act(async () => socket().receive('game-replay', { gameId: NEW_GAME }));
    expect(screen.queryByText('Waiting for opponent...')).not.toBeInTheDocument();

    const rematch = rpsUpdate({ _id: NEW_GAME });
    rpsApi(rematch);
    await act(async () => socket().receive('gameStarted', rematch));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(path()).toBe('/rps');
    expect(screen.getByRole('button', { name: 'Rock' })).toBeEnabled();
    expect(filledTrophies('player')).toBe(0);
  });

  it('only logs a refused rematch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    rpsApi(rpsUpdate(), { 'POST /api/start-game': { status: 400, body: { message: 'There is no finished game to replay' } } });
    const { user } = await openRps();
    await serverSends(finishedRps(true, { v: 2 }));
    await user.click(screen.getByRole('button', { name: 'Play again' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Rematch failed', expect.anything()));
    expect(await screen.findByRole('button', { name: 'Play again' })).toBeInTheDocument();
    expect(screen.queryByText('There is no finished game to replay')).not.toBeInTheDocument();
  });
});

describe('leaving, cancellation, settings and chat', () => {
  it('asks before leaving; Leave posts /api/leave-rps-game and goes to the lobby', async () => {
    const api = rpsApi(rpsUpdate(), leaveAnswers('POST /api/leave-rps-game', rpsUpdate(), finishedRps(false, { endReason: 'opponent-left' })));
    const { user, path } = await openRps();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    let popup = screen.getByRole('dialog', { name: 'Leave the game?' });
    expect(popup).toHaveTextContent('if you leave you will lose the game');
    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/leave-rps-game')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    popup = screen.getByRole('dialog', { name: 'Leave the game?' });
    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/game'));
    expect(api.callsTo('POST /api/leave-rps-game')[0]?.body).toEqual({ gameId: GAME_ID });
  });

  it('shows the canceled popup, then goes to the lobby 4 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rpsApi();
    const { path } = await openRps();
    await serverSends(rpsUpdate({ v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null }));
    const popup = screen.getByRole('dialog', { name: 'Game Canceled' });
    expect(popup).toHaveTextContent('The game has been canceled due to server maintenance. Your bet has been refunded.');
    await act(() => vi.advanceTimersByTimeAsync(3_900));
    expect(path()).toBe('/rps');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(path()).toBe('/game');
  });

  it('closes the canceled popup at once with Close', async () => {
    rpsApi();
    const { user, path } = await openRps();
    await serverSends(rpsUpdate({ v: 2, status: 'canceled', phase: 'game-canceled' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Game Canceled' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it('switches the sound off and remembers it', async () => {
    rpsApi();
    const { user } = await openRps();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const sound = screen.getByRole('switch', { name: /Sound/ });
    expect(sound).toHaveAttribute('aria-checked', 'true');
    await user.click(sound);
    expect(sound).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('soundEnabled')).toBe('false');
  });

  it('sends a preset as rps-message and shows it on our side', async () => {
    rpsApi();
    const { user } = await openRps();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const presets = within(screen.getByRole('list', { name: 'Quick messages' })).getAllByRole('button');
    expect(presets.map((button) => button.textContent)).toEqual([
      'Hello!',
      'Good luck!',
      'Well played!',
      'Thanks!',
      'Oops!',
      'Too easy!',
      'Hurry up!',
    ]);
    await user.click(screen.getByRole('button', { name: 'Good luck!' }));
    expect(socket().emitted).toContainEqual({ event: 'rps-message', args: [{ message: 'Good luck!', gameId: GAME_ID, userID: ME }] });
    expect(screen.getByTestId(`chat-${ME}`)).toHaveTextContent('Good luck!');
    expect(screen.queryByRole('list', { name: 'Quick messages' })).not.toBeInTheDocument();
  });

  it("shows the opponent's message for 2.5 s, and none meant for another game", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rpsApi();
    await openRps();
    await act(async () => socket().receive('rps-message', { message: 'Hello!', gameId: 'another-game', userID: OPPONENT }));
    expect(screen.queryByTestId(`chat-${OPPONENT}`)).not.toBeInTheDocument();

    await act(async () => socket().receive('rps-message', { message: 'Hurry up!', gameId: GAME_ID, userID: OPPONENT }));
    expect(within(screen.getByTestId('rps-opponent')).getByTestId(`chat-${OPPONENT}`)).toHaveTextContent('Hurry up!');
    await act(() => vi.advanceTimersByTimeAsync(2_400));
    expect(screen.getByTestId(`chat-${OPPONENT}`)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId(`chat-${OPPONENT}`)).not.toBeInTheDocument();
  });
});
