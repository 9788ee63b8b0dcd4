import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { blotMove, type BlotGameView } from '../../protocol/blot.ts';
import type { BackgammonGameView, BackgammonMoveBody, BackgammonStep } from '../../protocol/backgammon.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import type { Language } from '../../protocol/languages.ts';
import { backgammonRules, stepOptions, turnOfState, type BackgammonState, type StepOptions } from '../../rules/backgammon/index.ts';
import type { BlotState } from '../../rules/blot/index.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { act, blotDeal, blotUpdate, playExampleA, select, take } from './blotFixtures.ts';
import { backgammonPastOpening, backgammonUpdate, ME, OPPONENT } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the Belote and Backgammon screens speak the account's language — the buttons, the status
 * line, the cards' and the board's names for screen readers, the round results — with Blot's words as
 * Armenian players say them («Անխոզ», «Կարտով», «Առանց») and as Russian players of Armenian blot do
 * («Беру», «Анхоз», «С картой», «Без»).
 */


function gameApi(language: Language, current: GameUpdate<BlotGameView> | GameUpdate<BackgammonGameView>, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10, language }) } },
    'GET /api/current-game': { body: current },
    ...routes,
  });
}

async function openBlot() {
  const view = renderApp('/blot');
  await screen.findByTestId('my-hand', {}, { timeout: 5000 });
  return view;
}

async function openBackgammon() {
  const view = renderApp('/backgammon');
  await screen.findByTestId('backgammon-board', {}, { timeout: 5000 });
  return view;
}

const handNames = () => within(screen.getByTestId('my-hand')).getAllByRole('img').map((img) => img.getAttribute('alt'));
const blotStatus = () => screen.getByTestId('blot-status');
const bothPassed = (): BlotState => act(act(blotDeal(), ME, take(false)), OPPONENT, take(false));

/** The server's answer to ME's trump decision on `state`: the rules applied, one version on. */
const trumpAnswer = (state: BlotState): StubRoute => ({ body }) => {
  const { gameId: _gameId, v: _v, ...fields } = body as Record<string, unknown>;
  return { body: blotUpdate(act(state, ME, blotMove.parse({ type: 'trump-decision', ...fields })), { v: 2 }) };
};

describe('Belote in Russian', () => {
  it('names the cards, the face-up card and the hands in Russian, and says «Беру» and «Пас»', async () => {
    const state = blotDeal();
    const api = gameApi('ru', blotUpdate(state), { 'POST /api/blot/trump-decision': trumpAnswer(state) });
    const { user } = await openBlot();
    await waitFor(() => expect(blotStatus()).toHaveTextContent('Берёте открытую карту в козыри или пас?'));
    expect(screen.getByText('Блот')).toBeInTheDocument();
    expect(screen.getByText('Ставка 5 $')).toBeInTheDocument();
    expect(handNames()).toEqual(['Король червей', 'Дама червей', 'Туз пик', 'Десятка пик', 'Девятка треф']);
    expect(screen.getByTestId('my-hand')).toHaveAccessibleName('У вас 5 карт');
    expect(screen.getByTestId('opponent-hand')).toHaveAccessibleName('У соперника 5 карт');
    expect(within(screen.getByTestId('opponent-hand')).getAllByRole('img', { name: 'Карта рубашкой вверх' })).toHaveLength(5);
    expect(within(screen.getByTestId('face-up-card')).getByRole('img', { name: 'Валет червей' })).toBeInTheDocument();
    expect(screen.getByTestId('face-up-card')).toHaveTextContent('Открытая карта');
    expect(screen.getByTestId('opponent-dealer')).toHaveTextContent('Сдаёт');
    expect(screen.getByRole('group', { name: 'Решение по козырю' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пас' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Беру' }));
    expect(api.callsTo('POST /api/blot/trump-decision')[0]?.body).toMatchObject({ takeCard: true });
    await waitFor(() => expect(screen.getByTestId('player-speech')).toHaveTextContent('Беру'));
  });

  it('after «Беру»: the trump in Russian, eight cards, and the tierce to announce or not', async () => {
    gameApi('ru', blotUpdate(act(blotDeal(), ME, take(true))));
    await openBlot();
    await waitFor(() => expect(blotStatus()).toHaveTextContent('Объявите комбинации или откажитесь, затем ходите'));
    expect(screen.getByTestId('my-hand')).toHaveAccessibleName('У вас 8 карт');
    const trump = screen.getByTestId('blot-trump');
    expect(trump).toHaveTextContent('Козырь');
    expect(trump).toHaveTextContent('♥ Черви');
    expect(trump).toHaveTextContent('ваш выбор');
    expect(screen.getByTestId('player-speech')).toHaveTextContent('Беру');
    expect(screen.getByTestId('my-combinations')).toHaveTextContent('Терц (J♥ Q♥ K♥)');
    expect(screen.getByRole('group', { name: 'Ваши комбинации' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Объявляю' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Не объявляю' })).toBeInTheDocument();
  });

  it('offers the trump suits by their Russian names, «Анхоз» and «Пас»', async () => {
    gameApi('ru', blotUpdate(bothPassed()));
    await openBlot();
    const choices = await screen.findByRole('group', { name: 'Выбор козыря' });
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual(['♦Бубны', '♣Трефы', '♠Пики', 'Анхоз', 'Пас']);
    expect(within(choices).getByRole('button', { name: 'Пики' })).toBeEnabled();
    expect(blotStatus()).toHaveTextContent('Назовите козырь, Анхоз или пас');
  });
});

describe('Belote in Armenian', () => {
  it('asks «Կարտով» or «Առանց» after a suit is named, and names the proposed trump', async () => {
    gameApi('hy', blotUpdate(act(bothPassed(), ME, select('spades'))));
    await openBlot();
    await waitFor(() => expect(blotStatus()).toHaveTextContent('Խաղո՞ւմ եք կարտով, թե՞ առանց'));
    expect(screen.getByText('Բլոտ')).toBeInTheDocument();
    expect(screen.getByTestId('blot-proposed')).toHaveTextContent('Առաջարկված');
    expect(screen.getByTestId('blot-proposed')).toHaveTextContent('♠ Ղառ');
    expect(screen.getByRole('group', { name: 'Խաղա՞լ ♠ Ղառ բաց կարտով' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Կարտով' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Առանց' })).toBeEnabled();
    expect(handNames()).toContain('սրտի կառոլ');
    expect(screen.getByTestId('my-hand')).toHaveAccessibleName('Ձեր ձեռքում՝ 5 կարտ');
  });

  it('says «Անխոզ» among the choices, and a refused choice in Armenian', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    gameApi('hy', blotUpdate(bothPassed()), { 'POST /api/blot/trump-selection': { status: 500, body: {} } });
    const { user } = await openBlot();
    const choices = await screen.findByRole('group', { name: 'Ընտրեք կոզրը' });
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual(['♦Աղյուս', '♣Խաչ', '♠Ղառ', 'Անխոզ', 'Պաս']);
    await user.click(within(choices).getByRole('button', { name: 'Անխոզ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Չհաջողվեց ընտրել կոզրը');
  });

  it('shows the round result in Armenian: who won, the rows and the totals', async () => {
    // I deal: Bob is the elder, takes J♥ and plays Example A's winning side.
    gameApi('hy', blotUpdate(playExampleA(act(blotDeal({ dealer: ME }), OPPONENT, take(true)))));
    renderApp('/blot');
    const popup = await screen.findByRole('dialog', { name: 'Ռաունդ 1՝ արդյունք' }, { timeout: 5000 });
    expect(within(popup).getByTestId('round-winner')).toHaveTextContent('Ռաունդում հաղթեց Bob');
    expect(within(popup).getByTestId('round-row')).toHaveTextContent('№1 · ♥ · Bob');
    expect(within(popup).getByText('Ընդամենը')).toBeInTheDocument();
    expect(within(popup).getByText('Ռաունդ')).toBeInTheDocument();
    expect(popup).toHaveTextContent(/Դուք: կարտեր \d+/);
    expect(within(popup).getByTestId('total-opponent')).toHaveTextContent('14/101');
  });
});

describe('Backgammon in Russian and Armenian', () => {
  it('Russian: «Нарды», the status, the holes, the bar and the bear-off by their Russian names', async () => {
    gameApi('ru', backgammonUpdate(backgammonPastOpening({ myColor: 'white', starter: 'me' })));
    await openBackgammon();
    await waitFor(() => expect(screen.getByTestId('bg-status')).toHaveTextContent('Ваш ход: нажмите на шашку'));
    expect(screen.getByText('Нарды')).toBeInTheDocument();
    expect(screen.getByTestId('slot-6')).toHaveAccessibleName('Лунка 6');
    expect(screen.getByRole('button', { name: 'Бар' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбросить' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ваши кубики' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeDisabled();
    expect(screen.getByTestId('bg-player')).toHaveTextContent('Очки');
    expect(screen.getByTestId('bg-player')).toHaveTextContent('Выброс');
  });

  it('Armenian: «Նարդի», the dice, and «Հաստատել» once a move is complete', async () => {
    const state: BackgammonState = backgammonPastOpening({ myColor: 'white', starter: 'me' });
    const turn = turnOfState(state) as NonNullable<ReturnType<typeof turnOfState>>;
    gameApi('hy', backgammonUpdate(state), {
      'POST /api/move-backgammon-checker': ({ body }) => ({
        body: backgammonUpdate(backgammonRules.apply(state, ME, { moves: (body as BackgammonMoveBody).moves }, Date.now()), { v: 2 }),
      }),
    });
    const { user } = await openBackgammon();
    await waitFor(() => expect(screen.getByTestId('bg-status')).toHaveTextContent('Ձեր քայլն է՝ սեղմեք քարին'));
    expect(screen.getByText('Նարդի')).toBeInTheDocument();
    expect(screen.getByTestId('slot-6')).toHaveAccessibleName('Դաշտ 6');
    expect(screen.getByRole('group', { name: 'Ձեր զառերը' })).toBeInTheDocument();

    const pending: BackgammonStep[] = [];
    for (let options = stepOptions(turn, pending) as StepOptions; !options.complete; options = stepOptions(turn, pending) as StepOptions) {
      const next = options.next.at(-1) as BackgammonStep;
      await user.click(screen.getByTestId(`slot-${next.currentPoint}`));
      await user.click(screen.getByTestId(`slot-${next.targetPoint}`));
      // The screen plays the smallest die that reaches the target.
      const [step] = options.next.filter((s) => s.currentPoint === next.currentPoint && s.targetPoint === next.targetPoint).sort((a, b) => a.diceUsed - b.diceUsed);
      pending.push(step as BackgammonStep);
    }
    expect(screen.getByTestId('bg-status')).toHaveTextContent('Հաստատեք քայլը կամ չեղարկեք');
    expect(screen.getByRole('button', { name: 'Չեղարկել' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Հաստատել' }));
    await waitFor(() => expect(screen.getByTestId('bg-status')).toHaveTextContent('Խաղում է Bob'));
    expect(screen.getByRole('group', { name: 'Մրցակցի զառերը' })).toBeInTheDocument();
  });
});
