import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the app speaks the account's language. These pages are in the locale files so far: the
 * lobby (with its bet and search popups), the footer and Profile (with its language switch); the others
 * follow in the next slices.
 */
function profileApi(language: 'en' | 'ru' | 'hy' | null) {
  const player = makeUser({ nickname: 'Ani', country: 'AM', language });
  const api = stubApi({
    'GET /api/protected': { body: { user: player } },
    'GET /api/statistics': { body: { wins: 7, losses: 3, totalGames: 10 } },
    'POST /api/update-language': ({ body }) => ({ body: { user: { ...player, ...(body as object) } } }),
  });
  return api;
}

describe('the app in the account language', () => {
  it('shows Profile and the footer in Russian for a Russian account, countries named in Russian', async () => {
    profileApi('ru');
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByLabelText('Никнейм')).toHaveValue('Ani');
    const country = screen.getByLabelText('Страна') as HTMLSelectElement;
    expect(country.selectedOptions[0]).toHaveTextContent('Армения');
    expect(country.options[0]).toHaveTextContent('Не указана');
    expect(screen.getByText('Статистика')).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(footer).getByRole('link', { name: 'ИГРЫ' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'ДРУЗЬЯ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
  });

  it('shows Profile and the footer in Armenian for an Armenian account', async () => {
    profileApi('hy');
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Պրոֆիլ' })).toBeInTheDocument();
    expect(screen.getByLabelText('Մականուն')).toHaveValue('Ani');
    expect((screen.getByLabelText('Երկիր') as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Հայաստան');
    expect(screen.getByRole('button', { name: 'Պահպանել' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Գլխավոր մենյու' })).getByRole('link', { name: 'ԽԱՂԵՐ' })).toBeInTheDocument();
  });

  it('switches the language from Profile at once and saves it on the account', async () => {
    const api = profileApi(null);
    const { user } = renderApp('/profile');
    const switcher = await screen.findByRole('region', { name: 'Language' });
    expect(within(switcher).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(switcher).getByRole('radio', { name: 'Հայերեն' }));
    expect(await screen.findByRole('heading', { name: 'Պրոֆիլ' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Լեզու' })).getByRole('radio', { name: 'Հայերեն' })).toBeChecked();
    await waitFor(() => expect(api.callsTo('POST /api/update-language').map((call) => call.body)).toEqual([{ language: 'hy' }]));
    expect(document.documentElement.lang).toBe('hy');
  });

  it('says so when the choice could not be saved, and keeps showing the chosen language', async () => {
    stubApi({
      'GET /api/protected': { body: { user: makeUser({ language: 'en' }) } },
      'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } },
      'POST /api/update-language': { status: 500, body: { message: 'Internal error' } },
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('radio', { name: 'Русский' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось сохранить язык. Попробуйте ещё раз.');
  });
});

describe('the lobby in the account language', () => {
  function lobbyApi(language: 'ru' | 'hy') {
    return stubApi({
      'GET /api/protected': { body: { user: makeUser({ language, balance: 0.5, country: 'AM' }) } },
      'GET /api/current-game': { body: { game: null, opponents: [] } },
    });
  }

  it('Russian: balance, the four games by their Russian names, the bet popup and its refusal', async () => {
    lobbyApi('ru');
    const { user } = renderApp('/game');
    expect(await screen.findByText('Общий баланс (USDT)')).toBeInTheDocument();
    for (const link of ['Пополнить', 'Вывести', 'История']) expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Армения' })).toBeInTheDocument();
    for (const game of ['Камень, ножницы, бумага', 'Блот', 'Карром', 'Нарды']) expect(screen.getByRole('button', { name: new RegExp(game) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Нарды/ }));
    const popup = screen.getByRole('dialog', { name: 'Нарды' });
    expect(within(popup).getByText('Выберите ставку')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Играть' }));
    expect(within(popup).getByText('Выберите игру и ставку')).toBeInTheDocument();
    await user.click(within(popup).getByRole('radio', { name: '1\u00a0$, выигрыш 1,80\u00a0$' }));
    await user.click(within(popup).getByRole('button', { name: 'Играть' }));
    expect(within(popup).getByText('Недостаточно средств на балансе')).toBeInTheDocument();
    expect(within(popup).getByRole('radio', { name: 'Бесплатно, игра на жетоны' })).toBeInTheDocument();
  });

  it('Armenian: the games by their Armenian names, nardi and blot among them', async () => {
    lobbyApi('hy');
    renderApp('/game');
    expect(await screen.findByText('Ընդհանուր մնացորդ (USDT)')).toBeInTheDocument();
    for (const game of ['Քար, թուղթ, մկրատ', 'Բլոտ', 'Կարոմ', 'Նարդի']) expect(screen.getByRole('button', { name: new RegExp(game) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Խաղեր' })).toBeInTheDocument();
  });
});
