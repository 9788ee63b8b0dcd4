import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../src/i18n/i18n.ts';
import { startTelegram } from '../../src/platform/telegram.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { INVITE_LINK, renderInviteCard, sharedThroughSheet } from './inviteCardRender.tsx';

/**
 * Issue 23 §3, inside a Telegram that sends prepared messages (Mini Apps 8.0): Share asks the server
 * for the bot's invite card and hands its id to Telegram's share dialog, so the invite arrives as a
 * card with an "Open" button; when there is no card (no bot on the server, Telegram refusing it), the
 * link goes through Telegram's share sheet with the invite text in the player's language.
 */
const sent: [string, unknown][] = [];
/** How the mocked client ends the share dialog: the player sent it, or Telegram's reason it did not. */
let dialogEnds: { sent: true } | { error: string } = { sent: true };

beforeAll(() => {
  mockTelegramEnv({
    launchParams: new URLSearchParams({
      tgWebAppData: new URLSearchParams({ user: JSON.stringify({ id: 9, first_name: 'Ani', language_code: 'ru' }), auth_date: '1700000000', hash: 'c'.repeat(64), signature: 's' }).toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
    }),
    onEvent([method, params]) {
      sent.push([method, params]);
      if (method !== 'web_app_send_prepared_message') return;
      // Answered later, as a real client answers once the player has picked a chat.
      const ending = dialogEnds;
      setTimeout(() => ('sent' in ending ? emitEvent('prepared_message_sent') : emitEvent('prepared_message_failed', { error: ending.error })), 0);
    },
  });
  startTelegram();
});

beforeEach(() => {
  sent.length = 0;
  dialogEnds = { sent: true };
});

function inviteApi(card: StubRoute = { body: { id: 'card-42', expirationDate: 1_900_000_000 } }) {
  return stubApi({ 'GET /api/invite-link': { body: { inviteLink: INVITE_LINK } }, 'POST /api/invite-message': card });
}

const methods = () => sent.map(([method]) => method);

describe('sharing the invite inside Telegram 8.0', () => {
  it('sends the bot’s prepared card through Telegram’s share dialog, and no plain link', async () => {
    const api = inviteApi();
    const { user } = renderInviteCard();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(sent).toContainEqual(['web_app_send_prepared_message', { id: 'card-42' }]));
    expect(api.callsTo('POST /api/invite-message')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sharedThroughSheet(sent)).toBeNull();
  });

  it('shares the link with the Russian invite text when the server has no bot (503)', async () => {
    await showLanguage('ru');
    const api = inviteApi({ status: 503, body: { message: 'Invite cards are not available on this server', code: 'http.unavailable' } });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { user } = renderInviteCard();
    await user.click(await screen.findByRole('button', { name: 'Поделиться' }));
    await waitFor(() => expect(sharedThroughSheet(sent)).not.toBeNull());
    expect(sharedThroughSheet(sent)).toEqual({
      url: INVITE_LINK,
      text: 'Сыграем в Нарды или Блот? Один на один, на реальные ставки в USDT. Жду тебя в Duel Stakes!',
    });
    expect(api.callsTo('POST /api/invite-message')).toHaveLength(1);
    expect(methods()).not.toContain('web_app_send_prepared_message');
  });

  it('falls back to the share sheet when Telegram cannot send the card (it expired)', async () => {
    inviteApi();
    dialogEnds = { error: 'MESSAGE_EXPIRED' };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderInviteCard();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(sharedThroughSheet(sent)).not.toBeNull());
    expect(methods().indexOf('web_app_send_prepared_message')).toBeLessThan(methods().indexOf('web_app_open_tg_link'));
    expect(sharedThroughSheet(sent)?.text).toMatch(/USDT/);
  });

  it('does nothing more when the player closes the dialog without sending', async () => {
    inviteApi();
    dialogEnds = { error: 'USER_DECLINED' };
    const { user } = renderInviteCard();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(methods()).toContain('web_app_send_prepared_message'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sharedThroughSheet(sent)).toBeNull();
  });
});
