import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the invitation on /friends in Russian and Armenian, outside Telegram (a browser): the copy
 * button puts the link on the clipboard as before, and Share opens Telegram's share page with the
 * invite text in the player's language, never asking the server for a card (only Telegram can send one).
 */
const INVITE_LINK = 'https://t.me/duel_bot/play?startapp=ani7';

function friendsApi(language: 'ru' | 'hy') {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ language }) } },
    'GET /api/invite-link': { body: { inviteLink: INVITE_LINK } },
    'GET /api/friends': { body: { friends: [], totalRewards: 0, qualifyRule: '' } },
  });
}

describe('the invitation in the account language, outside Telegram', () => {
  it('speaks Russian and shares the link with the Russian invite text', async () => {
    const api = friendsApi('ru');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderApp('/friends');
    const invite = await screen.findByRole('region', { name: 'Пригласить друзей' });
    expect(within(invite).getByTestId('invite-text')).toHaveTextContent('Приглашайте друзей и получайте 3,5% от их выигрышей.');
    await waitFor(() => expect(within(invite).getByTestId('invite-link')).toHaveTextContent(INVITE_LINK));
    expect(within(invite).getByRole('link', { name: 'Запросите до 10%' })).toHaveAttribute('href', '/affiliate-program');
    expect(within(invite).getByText('У вас большая аудитория?', { exact: false })).toBeInTheDocument();

    await user.click(within(invite).getByRole('button', { name: 'Поделиться' }));
    expect(open).toHaveBeenCalledTimes(1);
    const shared = new URL(String(open.mock.calls[0]?.[0]));
    expect(`${shared.origin}${shared.pathname}`).toBe('https://t.me/share/url');
    expect(shared.searchParams.get('url')).toBe(INVITE_LINK);
    expect(shared.searchParams.get('text')).toBe('Сыграем в Нарды или Блот? Один на один, на реальные ставки в USDT. Жду тебя в Duel Stakes!');
    expect(api.callsTo('POST /api/invite-message')).toEqual([]);
  });

  it('copies the link and says so in Russian', async () => {
    friendsApi('ru');
    const { user } = renderApp('/friends');
    const invite = await screen.findByRole('region', { name: 'Пригласить друзей' });
    await waitFor(() => expect(within(invite).getByTestId('invite-link')).toHaveTextContent(INVITE_LINK));
    await user.click(within(invite).getByRole('button', { name: 'Скопировать ссылку' }));
    const popup = await screen.findByRole('dialog', { name: 'Ссылка скопирована' });
    expect(popup).toHaveTextContent(INVITE_LINK);
    expect(within(popup).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(INVITE_LINK);
  });

  it('speaks Armenian, and says so in Armenian when the clipboard refuses', async () => {
    friendsApi('hy');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderApp('/friends');
    const invite = await screen.findByRole('region', { name: 'Հրավիրել ընկերներին' });
    expect(within(invite).getByTestId('invite-text')).toHaveTextContent('Հրավիրեք ընկերներին և ստացեք նրանց շահումների 3,5%-ը։');
    expect(within(invite).getByRole('link', { name: 'Դիմեք մինչև 10%-ի համար' })).toBeInTheDocument();

    await user.click(within(invite).getByRole('button', { name: 'Կիսվել' }));
    expect(new URL(String(open.mock.calls[0]?.[0])).searchParams.get('text')).toBe(
      'Արի Նարդի կամ Բլոտ խաղանք՝ մեկը մեկի դեմ, իսկական խաղադրույքով՝ USDT-ով։ Սպասում եմ քեզ Duel Stakes-ում։',
    );

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(invite).getByRole('button', { name: 'Պատճենել հղումը' }));
    expect(await within(invite).findByRole('alert')).toHaveTextContent('Չհաջողվեց պատճենել');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
