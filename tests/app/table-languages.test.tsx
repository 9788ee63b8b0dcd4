import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARROM_STEPS_PER_SECOND, type CarromGameView } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import type { Language } from '../../protocol/languages.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { carromRules } from '../../rules/carrom/index.ts';
import { stubApi } from './apiStub.ts';
import { carromStart, carromUpdate, carromWith, strikerFallShot } from './carromFixtures.ts';
import { fakeSockets } from './fakeSocket.ts';
import { finishedRps, GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the game table speaks the account's language. RPS and Carrom in Russian and Armenian, with
 * the chrome every game shares: the players' panels, the timer, the settings and chat menus, the end,
 * leave and canceled popups. What travels to the server (the chat's presets) stays the protocol's English.
 */

const socket = () => {
  const last = fakeSockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

function gameApi(language: Language, current: GameUpdate<RpsGameView> | GameUpdate<CarromGameView>) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 10, language }) } },
    'GET /api/current-game': { body: current },
  });
}

/** Money as the language writes it, whatever space Intl puts before the sign. */
const money = (text: string) => new RegExp(text.replace(/[$+]/g, '\\$&').replace(/ /g, '\\s'));

describe('RPS in Russian', () => {
  it('names the moves, the round, the players and the timer in Russian', async () => {
    gameApi('ru', rpsUpdate());
    renderApp('/rps');
    const moves = within(await screen.findByRole('group', { name: 'Ваш ход' }, { timeout: 5000 }));
    expect(moves.getAllByRole('button').map((button) => button.textContent)).toEqual(['Камень', 'Бумага', 'Ножницы']);
    expect(screen.getByText('Раунд 1')).toBeInTheDocument();
    expect(screen.getByText('Сделайте ход')).toBeInTheDocument();
    expect(screen.getByText('против')).toBeInTheDocument();
    const opponent = screen.getByRole('region', { name: 'Соперник' });
    expect(opponent).toHaveTextContent('Рейтинг 1042');
    expect(within(opponent).getByRole('img', { name: 'Армения' })).toBeInTheDocument();
    expect(within(opponent).getByRole('list', { name: 'Соперник: кубков 0 из 3' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Вы' })).toHaveTextContent('alice_1');
    expect(screen.getByRole('timer', { name: 'Осталось времени' })).toHaveTextContent('15');
    expect(screen.getByLabelText('Счёт матча')).toHaveTextContent('0 : 0');
  });

  it('settings: the sound switch, Fairness and leaving, then the leave popup', async () => {
    gameApi('ru', rpsUpdate());
    const { user } = renderApp('/rps');
    await user.click(await screen.findByRole('button', { name: 'Настройки' }, { timeout: 5000 }));
    const menu = within(screen.getByRole('list', { name: 'Настройки' }));
    const sound = menu.getByRole('switch', { name: /Звук/ });
    expect(sound).toBeChecked();
    expect(menu.getByText('Вкл.')).toBeInTheDocument();
    await user.click(sound);
    expect(sound).not.toBeChecked();
    expect(menu.getByText('Выкл.')).toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Честная игра' })).toBeInTheDocument();
    await user.click(menu.getByRole('button', { name: 'Покинуть игру' }));
    const popup = screen.getByRole('dialog', { name: 'Покинуть игру?' });
    expect(popup).toHaveTextContent('Если вы выйдете, вам засчитают поражение');
    expect(within(popup).getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
  });

  it('chat: the presets read in Russian and go to the server in the protocol’s English', async () => {
    gameApi('ru', rpsUpdate());
    const { user } = renderApp('/rps');
    await user.click(await screen.findByRole('button', { name: 'Чат' }, { timeout: 5000 }));
    const presets = within(screen.getByRole('list', { name: 'Быстрые сообщения' })).getAllByRole('button');
    expect(presets.map((button) => button.textContent)).toEqual([
      'Привет!',
      'Удачи!',
      'Красиво сыграно!',
      'Спасибо!',
      'Упс!',
      'Слишком легко!',
      'Давай быстрее!',
    ]);
    await user.click(screen.getByRole('button', { name: 'Удачи!' }));
    expect(socket().emitted).toContainEqual({ event: 'rps-message', args: [{ message: 'Good luck!', gameId: GAME_ID, userID: ME }] });
    expect(screen.getByTestId(`chat-${ME}`)).toHaveTextContent('Удачи!');
    await act(async () => socket().receive('rps-message', { message: 'Hurry up!', gameId: GAME_ID, userID: OPPONENT }));
    expect(screen.getByTestId(`chat-${OPPONENT}`)).toHaveTextContent('Давай быстрее!');
  });

  it('the end popup: the win, the payout and the balance in Russian money', async () => {
    gameApi('ru', rpsUpdate());
    renderApp('/rps');
    await screen.findByRole('group', { name: 'Ваш ход' }, { timeout: 5000 });
    await act(async () => socket().receive('game-update', finishedRps(true, { v: 2, winnerBalances: { [ME]: 10.8 } })));
    const popup = screen.getByRole('dialog', { name: 'Вы выиграли!' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent(money('+1,80 $'));
    expect(popup).toHaveTextContent(money('Баланс 10,80 $'));
    expect(within(popup).getByRole('button', { name: 'Сыграть ещё' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Проверить' })).toHaveAttribute('href', `/verify/${GAME_ID}`);
  });

  it('the loss', async () => {
    gameApi('ru', rpsUpdate());
    renderApp('/rps');
    await screen.findByRole('group', { name: 'Ваш ход' }, { timeout: 5000 });
    await act(async () => socket().receive('game-update', finishedRps(false, { v: 2 })));
    expect(within(screen.getByRole('dialog', { name: 'Вы проиграли...' })).getByTestId('stake-amount')).toHaveTextContent(money('-1,00 $'));
  });

  it('the canceled popup', async () => {
    gameApi('ru', rpsUpdate());
    renderApp('/rps');
    await screen.findByRole('group', { name: 'Ваш ход' }, { timeout: 5000 });
    await act(async () => socket().receive('game-update', rpsUpdate({ v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null })));
    const popup = screen.getByRole('dialog', { name: 'Игра отменена' });
    expect(popup).toHaveTextContent('Ставка вернулась на баланс.');
    expect(within(popup).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
  });
});

describe('RPS in Armenian', () => {
  it('names the moves, the round and the players in Armenian', async () => {
    gameApi('hy', rpsUpdate());
    renderApp('/rps');
    const moves = within(await screen.findByRole('group', { name: 'Ձեր քայլը' }, { timeout: 5000 }));
    expect(moves.getAllByRole('button').map((button) => button.textContent)).toEqual(['Քար', 'Թուղթ', 'Մկրատ']);
    expect(screen.getByText('Ռաունդ 1')).toBeInTheDocument();
    expect(screen.getByText('Ընտրեք ձեր քայլը')).toBeInTheDocument();
    const opponent = screen.getByRole('region', { name: 'Մրցակից' });
    expect(opponent).toHaveTextContent('Միավոր 1042');
    expect(within(opponent).getByRole('img', { name: 'Հայաստան' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Մնացած ժամանակը' })).toBeInTheDocument();
  });

  it('settings, chat and the leave popup', async () => {
    gameApi('hy', rpsUpdate());
    const { user } = renderApp('/rps');
    await user.click(await screen.findByRole('button', { name: 'Չատ' }, { timeout: 5000 }));
    const presets = within(screen.getByRole('list', { name: 'Արագ հաղորդագրություններ' })).getAllByRole('button');
    expect(presets.map((button) => button.textContent)).toContain('Հաջողություն!');
    await user.click(screen.getByRole('button', { name: 'Շուտ արա!' }));
    expect(socket().emitted).toContainEqual({ event: 'rps-message', args: [{ message: 'Hurry up!', gameId: GAME_ID, userID: ME }] });
    await user.click(screen.getByRole('button', { name: 'Կարգավորումներ' }));
    const menu = within(screen.getByRole('list', { name: 'Կարգավորումներ' }));
    expect(menu.getByRole('switch', { name: /Ձայն/ })).toBeChecked();
    expect(menu.getByRole('button', { name: 'Ազնիվ խաղ' })).toBeInTheDocument();
    await user.click(menu.getByRole('button', { name: 'Լքել խաղը' }));
    const popup = screen.getByRole('dialog', { name: 'Լքե՞լ խաղը' });
    expect(popup).toHaveTextContent('Եթե դուրս գաք, ձեզ կգրանցվի պարտություն');
    expect(within(popup).getByRole('button', { name: 'Լքել' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Չեղարկել' })).toBeInTheDocument();
  });

  it('the end popups: the opponent left, the loss', async () => {
    gameApi('hy', rpsUpdate());
    renderApp('/rps');
    await screen.findByRole('group', { name: 'Ձեր քայլը' }, { timeout: 5000 });
    await act(async () => socket().receive('game-update', finishedRps(true, { v: 2, endReason: 'opponent-left', winnerBalances: { [ME]: 10.8 } })));
    const popup = screen.getByRole('dialog', { name: 'Մրցակիցը լքեց խաղը։ Դուք հաղթեցիք!' });
    expect(within(popup).getByTestId('stake-amount')).toHaveTextContent(money('+1,80 $'));
    expect(popup).toHaveTextContent(money('Մնացորդ՝ 10,80 $'));
    expect(within(popup).getByRole('button', { name: 'Խաղալ կրկին' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Ելք' })).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Ստուգել' })).toBeInTheDocument();
  });

  it('the canceled popup', async () => {
    gameApi('hy', rpsUpdate());
    renderApp('/rps');
    await screen.findByRole('group', { name: 'Ձեր քայլը' }, { timeout: 5000 });
    await act(async () => socket().receive('game-update', rpsUpdate({ v: 2, status: 'canceled', phase: 'game-canceled', deadlineAt: null })));
    const popup = screen.getByRole('dialog', { name: 'Խաղը չեղարկվեց' });
    expect(within(popup).getByRole('button', { name: 'Փակել' })).toBeInTheDocument();
  });
});

describe('Carrom in Russian and Armenian', () => {
  beforeEach(() => {
    // jsdom has no canvas: the painter gets no context and draws nothing (as in carrom.test.tsx).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('Russian: the header, the status, the queen, the slider, the panels and the board in words', async () => {
    gameApi('ru', carromUpdate(carromStart()));
    renderApp('/carrom');
    expect(await screen.findByText('Ваш ход: оттяните биту назад', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Карром')).toBeInTheDocument();
    expect(screen.getByText(money('Ставка 1,00 $'))).toBeInTheDocument();
    expect(screen.getByTestId('queen-state')).toHaveTextContent('Королева на доске');
    expect(screen.getByRole('slider', { name: 'Положение биты' })).toHaveAttribute('aria-valuetext', 'Бита на отметке 150');
    expect(screen.getByTestId('carrom-player')).toHaveTextContent('Белые');
    expect(screen.getByTestId('carrom-opponent')).toHaveTextContent('Чёрные');
    expect(screen.getByTestId('carrom-opponent')).toHaveTextContent('Рейтинг 1042');
    expect(screen.getByLabelText('Забито фишек: 0 из 9', { selector: '[data-testid="player-pocketed"]' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Доска карром, ваша белая линия внизу/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('carrom-player')).getByRole('timer')).toHaveAccessibleName(/^Ваше время: \d+ с$/);
  });

  it('Russian: a foul told after the shot, with the penalty in the right plural', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = carromWith(carromStart({ myColor: 'black' }), { down: { [OPPONENT]: ['w1', 'w2'] } });
    gameApi('ru', carromUpdate(state, { v: 3 }));
    renderApp('/carrom');
    expect(await screen.findByText('Ходит Bob', {}, { timeout: 5000 })).toBeInTheDocument();
    const fell = carromRules.apply(state, OPPONENT, strikerFallShot(OPPONENT), Date.now());
    await act(async () => socket().receive('game-update', carromUpdate(fell, { v: 4 })));
    await act(() => vi.advanceTimersByTimeAsync(((fell.lastMove?.steps ?? 0) * 1000) / CARROM_STEPS_PER_SECOND + 200));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Фол!');
    expect(notice).toHaveTextContent('Бита игрока Bob упала в лузу');
    expect(notice).toHaveTextContent('1 забитая фишка возвращается в центр');
  });

  it('Armenian: the header, the status, the queen and the slider', async () => {
    gameApi('hy', carromUpdate(carromStart({ myColor: 'black' })));
    renderApp('/carrom');
    expect(await screen.findByText('Հերթը՝ Bob', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Կարոմ')).toBeInTheDocument();
    expect(screen.getByText(money('Խաղադրույք՝ 1,00 $'))).toBeInTheDocument();
    expect(screen.getByTestId('queen-state')).toHaveTextContent('Թագուհին տախտակին է');
    expect(screen.getByRole('slider', { name: 'Բիտայի դիրքը' })).toBeDisabled();
    expect(screen.getByTestId('carrom-player')).toHaveTextContent('Սև');
    expect(screen.getByRole('img', { name: /^Կարոմի տախտակ, ձեր սև գիծը ներքևում է/ })).toBeInTheDocument();
  });
});
