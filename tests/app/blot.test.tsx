import { act as actReact, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BLOT_ROUND_RESULTS_MS, blotMove, type BlotGameView } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { blotRules, type BlotState } from '../../rules/blot/index.ts';
import { CARD_FLIGHT_MS, ERROR_SHOWN_MS, LAST_TRICK_MS } from '../../src/games/blot/blotStore.ts';
import { leaveAnswers, stubApi, type StubRoute } from './apiStub.ts';
import { act, blotDeal, blotUpdate, card, exampleATricks, finalDecision, playExampleA, playMove, select, take } from './blotFixtures.ts';
import { fakeSockets } from './fakeSocket.ts';
import { GAME_ID, ME, OPPONENT } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

type BlotRoute = 'make-move' | 'trump-decision' | 'trump-selection' | 'final-trump-decision';
const route = (type: BlotRoute) => `POST /api/blot/${type}`;

function blotApi(current: GameUpdate<BlotGameView>, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10 }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

/** The server's answer to ME's action on `state`: the body's move applied by the rules, one version on. */
const answerFrom = (state: BlotState, v: number, type: BlotRoute): StubRoute => ({ body }) => {
  const { gameId: _gameId, v: _v, ...fields } = body as Record<string, unknown>;
  return { body: blotUpdate(act(state, ME, blotMove.parse({ type, ...fields })), { v: v + 1 }) };
};

async function openBlot() {
  const view = renderApp('/blot');
  await screen.findByTestId('my-hand', {}, { timeout: 5000 });
  return view;
}

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};
const serverSends = (update: GameUpdate<BlotGameView>) => actReact(async () => socket().receive('game-update', update));

const handNames = () => within(screen.getByTestId('my-hand')).getAllByRole('img').map((img) => img.getAttribute('alt'));
const handCard = (name: string) => within(screen.getByTestId('my-hand')).getByRole('button', { name });
const playableNames = () =>
  screen
    .getAllByTestId('hand-card')
    .filter((button) => button.dataset.playable === 'true')
    .map((button) => button.querySelector('img')?.getAttribute('alt'));
const status = () => screen.getByTestId('blot-status');

// States along Example A's deal (blot.md §9), with ME as the elder (the opponent deals) unless said.
const meToDecide = () => blotDeal();
const bothPassed = () => act(act(blotDeal(), ME, take(false)), OPPONENT, take(false));
const meToConfirm = () => act(bothPassed(), ME, select('spades'));
const meToLead = () => act(blotDeal(), ME, take(true));
/** I deal: Bob takes J♥ and leads it announcing his tierce; I must follow with a heart (A♥ or 7♥). */
const meToFollow = () => act(act(blotDeal({ dealer: ME }), OPPONENT, take(true)), OPPONENT, playMove('J♥', 'announce'));
const bobToLead = () => act(blotDeal({ dealer: ME }), OPPONENT, take(true));

describe('the Belote table', () => {
  it("shows my hand face up, sorted by suit then rank, the opponent's face down, the face-up card, n/101 and the dealer", async () => {
    blotApi(blotUpdate(meToDecide()));
    await openBlot();
    expect(handNames()).toEqual(['K of hearts', 'Q of hearts', 'A of spades', '10 of spades', '9 of clubs']);
    const opponentHand = screen.getByTestId('opponent-hand');
    expect(within(opponentHand).getAllByRole('img', { name: 'Face-down card' })).toHaveLength(5);
    expect(opponentHand).toHaveAccessibleName("Opponent's hand, 5 cards");
    expect(within(screen.getByTestId('face-up-card')).getByRole('img', { name: 'J of hearts' })).toHaveAttribute('src', '/cards/J-hearts.svg');
    expect(screen.getByTestId('blot-opponent')).toHaveTextContent('Bob');
    expect(within(screen.getByTestId('blot-opponent')).getByRole('img', { name: 'Armenia' })).toBeInTheDocument();
    expect(screen.getByTestId('opponent-dealer')).toHaveTextContent('Dealer');
    expect(screen.queryByTestId('player-dealer')).not.toBeInTheDocument();
    expect(screen.getByTestId('player-points')).toHaveTextContent('0/101');
    expect(screen.getByTestId('opponent-points')).toHaveTextContent('0/101');
    // My 25 s run on my ring.
    expect(within(screen.getByTestId('blot-player')).getByRole('timer')).toHaveAccessibleName(/^Your time: 2[45] s$/);
    expect(status()).toHaveTextContent('Take the face-up card as trump, or pass');
  });

  it('Take sends trump-decision with the version; then eight cards each, trumps first, and the trump shown', async () => {
    const state = meToDecide();
    const api = blotApi(blotUpdate(state), { [route('trump-decision')]: answerFrom(state, 1, 'trump-decision') });
    const { user } = await openBlot();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(api.callsTo(route('trump-decision'))[0]?.body).toEqual({ gameId: GAME_ID, takeCard: true, v: 1 });
    await waitFor(() => expect(handNames()).toHaveLength(8));
    // Trump order J 9 A 10 K Q 8 7, then the other suits in plain order.
    expect(handNames()).toEqual(['J of hearts', '9 of hearts', 'K of hearts', 'Q of hearts', 'A of spades', '10 of spades', 'K of spades', '9 of clubs']);
    expect(within(screen.getByTestId('opponent-hand')).getAllByRole('img')).toHaveLength(8);
    const trump = screen.getByTestId('blot-trump');
    expect(trump).toHaveAttribute('data-contract', 'hearts');
    expect(trump).toHaveTextContent('♥ Hearts');
    expect(trump).toHaveTextContent('chosen by You');
    expect(screen.getByTestId('player-speech')).toHaveTextContent('Take');
    expect(screen.queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
  });

  it('Pass sends takeCard false', async () => {
    const state = meToDecide();
    const api = blotApi(blotUpdate(state), { [route('trump-decision')]: answerFrom(state, 1, 'trump-decision') });
    const { user } = await openBlot();
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(api.callsTo(route('trump-decision'))[0]?.body).toEqual({ gameId: GAME_ID, takeCard: false, v: 1 });
    expect(await screen.findByText('Bob is deciding on the face-up card')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
  });

  it("offers Take and Pass only on my turn: while Bob decides there is nothing to press", async () => {
    const state = blotDeal({ dealer: ME });
    blotApi(blotUpdate(state));
    await openBlot();
    expect(status()).toHaveTextContent('Bob is deciding on the face-up card');
    expect(screen.queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pass' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('blot-opponent')).getByRole('timer')).toHaveAccessibleName(/^Opponent's time: 2[45] s$/);
    expect(within(screen.getByTestId('blot-player')).queryByRole('timer')).not.toBeInTheDocument();

    await serverSends(blotUpdate(act(state, OPPONENT, take(false)), { v: 2 }));
    expect(screen.getByRole('button', { name: 'Take' })).toBeEnabled();
    expect(screen.getByTestId('opponent-speech')).toHaveTextContent('Pass');
  });

  it.each([
    ['Anxoz', 'anxoz'],
    ['Spades', 'spades'],
    ['Pass', 'pass'],
  ])("round 2 offers every suit but the face-up card's, Anxoz and Pass: %s sends %s", async (name, suit) => {
    const state = bothPassed();
    const api = blotApi(blotUpdate(state), { [route('trump-selection')]: answerFrom(state, 1, 'trump-selection') });
    const { user } = await openBlot();
    const choices = within(screen.getByRole('group', { name: 'Choose trump' })).getAllByRole('button');
    // J♥ was face up: hearts was refused in round 1.
    expect(choices.map((button) => button.textContent)).toEqual(['♦Diamonds', '♣Clubs', '♠Spades', 'Anxoz', 'Pass']);
    await user.click(screen.getByRole('button', { name }));
    expect(api.callsTo(route('trump-selection'))[0]?.body).toEqual({ gameId: GAME_ID, suit, v: 1 });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Choose trump' })).not.toBeInTheDocument());
  });

  it.each([
    ['With Card', true, 'taken by You'],
    ['Without', false, 'set aside'],
  ])('after a suit, %s sends final-trump-decision and the cards are dealt', async (name, withCard, faceUpNote) => {
    const state = meToConfirm();
    const api = blotApi(blotUpdate(state), { [route('final-trump-decision')]: answerFrom(state, 1, 'final-trump-decision') });
    const { user } = await openBlot();
    expect(screen.getByTestId('blot-proposed')).toHaveTextContent('♠ Spades');
    expect(status()).toHaveTextContent('Play it with the face-up card, or without?');
    await user.click(screen.getByRole('button', { name }));
    expect(api.callsTo(route('final-trump-decision'))[0]?.body).toEqual({ gameId: GAME_ID, withCard, v: 1 });
    await waitFor(() => expect(handNames()).toHaveLength(8));
    expect(screen.getByTestId('blot-trump')).toHaveAttribute('data-contract', 'spades');
    expect(screen.getByTestId('blot-trump').parentElement).toHaveTextContent(faceUpNote);
    expect(handNames()[0]).toMatch(/of spades$/);
  });
});

describe('playing cards', () => {
  it.each(['announce', 'cancel'] as const)('holding a tierce, I choose Announce or Cancel and it goes with my first card (%s)', async (decision) => {
    const state = meToLead();
    const api = blotApi(blotUpdate(state), { [route('make-move')]: answerFrom(state, 1, 'make-move') });
    const { user } = await openBlot();
    expect(screen.getByTestId('my-combinations')).toHaveTextContent('Tierce (J♥ Q♥ K♥)');
    expect(status()).toHaveTextContent('Announce or cancel your combinations, then play a card');
    // No card until the choice is made.
    expect(playableNames()).toEqual([]);
    await user.click(handCard('J of hearts'));
    expect(api.callsTo(route('make-move'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: decision === 'announce' ? 'Announce' : 'Cancel' }));
    expect(screen.getByRole('button', { name: decision === 'announce' ? 'Announce' : 'Cancel' })).toHaveAttribute('aria-pressed', 'true');
    // The leader may play any card.
    expect(playableNames()).toHaveLength(8);
    await user.click(handCard('J of hearts'));
    expect(api.callsTo(route('make-move'))[0]?.body).toEqual({ gameId: GAME_ID, card: card('J♥'), combinationDecision: decision, v: 1 });
    await waitFor(() => expect(handNames()).toHaveLength(7));
    expect(within(screen.getByTestId('trick')).getByRole('img', { name: 'J of hearts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Announce' })).not.toBeInTheDocument();
    if (decision === 'announce') expect(screen.getByTestId('player-speech')).toHaveTextContent('AnnounceTierce');
    expect(status()).toHaveTextContent("Bob's turn");
  });

  it('lets me play only a legal card: trump led, I must follow with a heart', async () => {
    const state = meToFollow();
    const api = blotApi(blotUpdate(state), { [route('make-move')]: answerFrom(state, 1, 'make-move') });
    const { user } = await openBlot();
    expect(screen.getByTestId('opponent-speech')).toHaveTextContent('AnnounceTierce');
    expect(within(screen.getByTestId('trick')).getByRole('img', { name: 'J of hearts' })).toBeInTheDocument();
    expect(playableNames()).toEqual(['A of hearts', '7 of hearts']);
    expect(handCard('Q of spades')).toHaveAttribute('aria-disabled', 'true');
    expect(handCard('Q of spades').closest('li')).toHaveClass('blot-hand__slot--illegal');
    await user.click(handCard('Q of spades'));
    await user.click(handCard('A of diamonds'));
    expect(api.callsTo(route('make-move'))).toHaveLength(0);

    await user.click(handCard('7 of hearts'));
    // I hold no combination: no decision goes with the card.
    expect(api.callsTo(route('make-move'))[0]?.body).toEqual({ gameId: GAME_ID, card: card('7♥'), v: 1 });
  });

  it("sends nothing for a tap out of turn: Bob leads, none of my cards is playable", async () => {
    const api = blotApi(blotUpdate(bobToLead()));
    const { user } = await openBlot();
    expect(status()).toHaveTextContent("Bob's turn");
    expect(playableNames()).toEqual([]);
    await user.click(handCard('A of hearts'));
    await user.click(handCard('7 of spades'));
    expect(api.callsTo(route('make-move'))).toHaveLength(0);
  });

  it("ignores taps while Bob's card flies in; once it lands the legal cards can be played", async () => {
    const before = bobToLead();
    const state = act(before, OPPONENT, playMove('J♥', 'announce'));
    const api = blotApi(blotUpdate(before), { [route('make-move')]: answerFrom(state, 2, 'make-move') });
    const { user } = await openBlot();
    await serverSends(blotUpdate(state, { v: 2 }));
    expect(within(screen.getByTestId('trick')).getByRole('listitem')).toHaveClass('blot-trick__card--flying');
    expect(playableNames()).toEqual([]);
    // A synchronous tap: the flight lasts 380 ms, which a simulated user's click may outlast on a busy machine.
    fireEvent.click(handCard('7 of hearts'));
    expect(api.callsTo(route('make-move'))).toHaveLength(0);
    await waitFor(() => expect(playableNames()).toEqual(['A of hearts', '7 of hearts']), { timeout: CARD_FLIGHT_MS + 1000 });
    await user.click(handCard('7 of hearts'));
    expect(api.callsTo(route('make-move'))).toHaveLength(1);
  });

  it('keeps a completed trick on the table a moment, then clears it', async () => {
    const state = meToFollow();
    blotApi(blotUpdate(state), { [route('make-move')]: answerFrom(state, 1, 'make-move') });
    const { user } = await openBlot();
    await user.click(handCard('7 of hearts'));
    const trick = await screen.findByTestId('trick');
    await waitFor(() => expect(within(trick).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['J of hearts', '7 of hearts']));
    expect(trick).toHaveClass('blot-trick--last');
    // Bob took it (20 points) and leads again.
    expect(screen.getByTestId('opponent-round-points')).toHaveTextContent('20');
    await waitFor(() => expect(within(screen.getByTestId('trick')).queryAllByRole('img')).toHaveLength(0), { timeout: CARD_FLIGHT_MS + LAST_TRICK_MS + 1000 });
  });
});

describe('refusals', () => {
  it.each([
    ['Take', 'Failed to make trump decision', 'trump-decision', meToDecide()],
    ['Anxoz', 'Failed to select trump', 'trump-selection', bothPassed()],
    ['Without', 'Failed to make final trump decision', 'final-trump-decision', meToConfirm()],
  ] as const)("%s refused without a message shows '%s' briefly", async (name, text, type, state) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    blotApi(blotUpdate(state), { [route(type)]: { status: 500, body: {} } });
    const { user } = await openBlot();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // Refused, the same buttons are offered again.
    expect(screen.getByRole('button', { name })).toBeEnabled();
    await actReact(() => vi.advanceTimersByTimeAsync(ERROR_SHOWN_MS + 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to make move' for a card the server could not take", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    blotApi(blotUpdate(meToFollow()), { [route('make-move')]: 'network-error' });
    const { user } = await openBlot();
    await user.click(handCard('A of hearts'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to make move');
    // The card is back in the hand, playable again.
    await waitFor(() => expect(playableNames()).toEqual(['A of hearts', '7 of hearts']));
  });

  it("shows the server's 'It is not your turn' and reloads the game on a 409", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = blotApi(blotUpdate(meToFollow()), { [route('make-move')]: { status: 409, body: { message: 'It is not your turn' } } });
    const { user } = await openBlot();
    const loads = api.callsTo('GET /api/current-game').length;
    await user.click(handCard('A of hearts'));
    expect(await screen.findByRole('alert')).toHaveTextContent('It is not your turn');
    await waitFor(() => expect(api.callsTo('GET /api/current-game').length).toBeGreaterThan(loads));
  });
});

describe('the end of a round and of the game', () => {
  /** Example A played out: I took J♥ and made it, 143 to 10 raw, 14 and 1 on the table. */
  const roundDone = (totals?: Record<string, number>) => {
    const start = meToLead();
    return playExampleA(totals ? { ...start, totals } : start);
  };

  it('shows the round result popup after the last trick, with the rows and totals toward 101, for 5.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const lastCardDue = playExampleA(meToLead(), exampleATricks.length - 1);
    blotApi(blotUpdate(lastCardDue));
    await openBlot();
    await serverSends(blotUpdate(roundDone(), { v: 2 }));
    // The last card lands and the trick shows first.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(CARD_FLIGHT_MS + LAST_TRICK_MS + 50));
    const popup = screen.getByRole('dialog', { name: 'Round 1 result' });
    expect(within(popup).getByTestId('round-winner')).toHaveTextContent('You win the round');
    const [row] = within(popup).getAllByTestId('round-row');
    expect(row).toHaveTextContent('R1 · ♥ · You');
    expect(within(row as HTMLElement).getByTestId('row-me')).toHaveTextContent('+14');
    expect(within(row as HTMLElement).getByTestId('row-opponent')).toHaveTextContent('+1');
    expect(within(popup).getByTestId('total-me')).toHaveTextContent('14/101');
    expect(within(popup).getByTestId('total-opponent')).toHaveTextContent('1/101');
    expect(screen.getByTestId('player-points')).toHaveTextContent('14/101');
    expect(screen.getByTestId('opponent-points')).toHaveTextContent('1/101');

    await actReact(() => vi.advanceTimersByTimeAsync(BLOT_ROUND_RESULTS_MS - 200));
    expect(screen.getByRole('dialog', { name: 'Round 1 result' })).toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names Bob in the row when he took the trump', async () => {
    // I deal: Bob is the elder, takes J♥ and plays Example A's winning side.
    const bobsRound = playExampleA(act(blotDeal({ dealer: ME }), OPPONENT, take(true)));
    blotApi(blotUpdate(bobsRound));
    await openBlot();
    const row = within(await screen.findByRole('dialog', { name: 'Round 1 result' })).getByTestId('round-row');
    expect(row).toHaveTextContent('R1 · ♥ · Bob');
    expect(within(row).getByTestId('row-me')).toHaveTextContent('+1');
    expect(within(row).getByTestId('row-opponent')).toHaveTextContent('+14');
  });

  it("shows 'Round canceled. Starting a new round...' for 3 s when both pass twice", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bobToSelect = act(bothPassed(), ME, select('pass'));
    blotApi(blotUpdate(bobToSelect));
    await openBlot();
    await serverSends(blotUpdate(act(bobToSelect, OPPONENT, select('pass')), { v: 2 }));
    expect(screen.getByTestId('round-canceled')).toHaveTextContent('Round canceled. Starting a new round...');
    await actReact(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByTestId('round-canceled')).toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('round-canceled')).not.toBeInTheDocument();
  });

  it('shows win or lose 3 s after the game completes, with Exit and Play again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const lastCardDue = playExampleA({ ...meToLead(), totals: { [ME]: 95, [OPPONENT]: 40 } }, exampleATricks.length - 1);
    blotApi(blotUpdate(lastCardDue));
    const { user, path } = await openBlot();
    await serverSends(blotUpdate(roundDone({ [ME]: 95, [OPPONENT]: 40 }), { v: 2 }));
    expect(screen.queryByRole('dialog', { name: 'You won!' })).not.toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(CARD_FLIGHT_MS + LAST_TRICK_MS + 50));
    expect(within(screen.getByRole('dialog', { name: 'Round 1 result' })).getByTestId('total-me')).toHaveTextContent('109/101');
    await actReact(() => vi.advanceTimersByTimeAsync(3_000));
    const popup = screen.getByRole('dialog', { name: 'You won!' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent('+$9.00');
    expect(within(popup).getByRole('button', { name: 'Play again' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Round 1 result' })).not.toBeInTheDocument();
    vi.useRealTimers();
    await user.click(within(popup).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(path()).toBe('/game'));
  });

  it('shows the loss when Bob wins the last round', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = act(blotDeal({ dealer: ME }), OPPONENT, take(true));
    blotApi(blotUpdate(start));
    await openBlot();
    await serverSends(blotUpdate(playExampleA({ ...start, totals: { [ME]: 60, [OPPONENT]: 90 } }), { v: 2 }));
    await actReact(() => vi.advanceTimersByTimeAsync(3_100));
    expect(within(screen.getByRole('dialog', { name: 'You lose...' })).getByTestId('stake-amount')).toHaveTextContent('-$5.00');
  });
});

describe('leaving, cancellation and chat', () => {
  it('asks before leaving; Leave posts /api/leave-belote-game and goes to the lobby', async () => {
    const state = meToDecide();
    const ended = blotUpdate(blotRules.resign(state, ME, Date.now()), { v: 5 });
    const api = blotApi(blotUpdate(state), leaveAnswers('POST /api/leave-belote-game', blotUpdate(state), ended));
    const { user, path } = await openBlot();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Leave game' }));
    const popup = screen.getByRole('dialog', { name: 'Leave the game?' });
    expect(popup).toHaveTextContent('if you leave you will lose the game');
    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/game'));
    expect(api.callsTo('POST /api/leave-belote-game')[0]?.body).toEqual({ gameId: GAME_ID });
  });

  it('shows the canceled popup, then goes to the lobby 4 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    blotApi(blotUpdate(meToDecide()));
    const { path } = await openBlot();
    await serverSends(blotUpdate(meToDecide(), { v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null }));
    expect(screen.getByRole('dialog', { name: 'Game Canceled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(4_100));
    expect(path()).toBe('/game');
  });

  it("sends a preset as belote-message and shows Bob's for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    blotApi(blotUpdate(meToDecide()));
    const { user } = await openBlot();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    await user.click(screen.getByRole('button', { name: 'Good luck!' }));
    expect(socket().emitted).toContainEqual({ event: 'belote-message', args: [{ message: 'Good luck!', gameId: GAME_ID, userID: ME }] });
    expect(within(screen.getByTestId('blot-player')).getByTestId(`chat-${ME}`)).toHaveTextContent('Good luck!');

    await actReact(async () => socket().receive('belote-message', { message: 'Hurry up!', gameId: GAME_ID, userID: OPPONENT }));
    expect(within(screen.getByTestId('blot-opponent')).getByTestId(`chat-${OPPONENT}`)).toHaveTextContent('Hurry up!');
    await actReact(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByTestId(`chat-${OPPONENT}`)).toBeInTheDocument();
    await actReact(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId(`chat-${OPPONENT}`)).not.toBeInTheDocument();
  });
});
