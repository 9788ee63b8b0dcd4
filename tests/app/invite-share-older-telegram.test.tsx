import { mockTelegramEnv } from '@telegram-apps/sdk-react';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { showLanguage } from '../../src/i18n/i18n.ts';
import { startTelegram } from '../../src/platform/telegram.ts';
import { stubApi } from './apiStub.ts';
import { INVITE_LINK, renderInviteCard, sharedThroughSheet } from './inviteCardRender.tsx';

/**
 * Issue 23 §3, inside a Telegram older than Mini Apps 8.0: it cannot send a prepared message, so Share
 * does not ask the server for a card and shares the link through Telegram's share sheet with the invite
 * text in the player's language.
 */
const sent: [string, unknown][] = [];

beforeAll(() => {
  mockTelegramEnv({
    launchParams: new URLSearchParams({
      tgWebAppData: new URLSearchParams({ user: JSON.stringify({ id: 11, first_name: 'Ivan', language_code: 'ru' }), auth_date: '1700000000', hash: 'd'.repeat(64), signature: 's' }).toString(),
      tgWebAppVersion: '7.10',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
    }),
    onEvent([method, params]) {
      sent.push([method, params]);
    },
  });
  startTelegram();
});

describe('sharing the invite in a Telegram older than 8.0', () => {
  it('shares the link with the Russian invite text, without asking for a card', async () => {
    await showLanguage('ru');
    const api = stubApi({ 'GET /api/invite-link': { body: { inviteLink: INVITE_LINK } } });
    const { user } = renderInviteCard();
    await waitFor(() => expect(api.callsTo('GET /api/invite-link')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }));
    await waitFor(() => expect(sharedThroughSheet(sent)).not.toBeNull());
    expect(sharedThroughSheet(sent)).toEqual({
      url: INVITE_LINK,
      text: 'Сыграем в Нарды или Блот? Один на один, на реальные ставки в USDT. Жду тебя в Duel Stakes!',
    });
    expect(api.callsTo('POST /api/invite-message')).toEqual([]);
    expect(sent.map(([method]) => method)).not.toContain('web_app_send_prepared_message');
  });
});
