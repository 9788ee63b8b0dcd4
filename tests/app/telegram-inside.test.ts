import { mockTelegramEnv } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isTelegram, openLink, shareUrl, startTelegram } from '../../src/platform/telegram.ts';

/** What the Mini App asked the (mocked) Telegram client to do: [method, params]. */
const sent: [string, unknown][] = [];

beforeAll(() => {
  // Telegram's launch parameters in the URL hash, as the client passes them; the SDK then posts its
  // calls to the parent window, which mockTelegramEnv intercepts.
  const initData = new URLSearchParams({
    user: JSON.stringify({ id: 7, first_name: 'Alice' }),
    auth_date: '1700000000',
    hash: 'a'.repeat(64),
    signature: 'sig',
  });
  mockTelegramEnv({
    launchParams: new URLSearchParams({
      tgWebAppData: initData.toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b' }),
    }),
    onEvent(event) {
      sent.push([event[0], event[1]]);
    },
  });
  startTelegram();
});

describe('the Telegram adapter inside Telegram', () => {
  it('knows it runs inside Telegram', () => {
    expect(isTelegram()).toBe(true);
  });

  it("shares through Telegram's share sheet, not a browser window", () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    sent.length = 0;
    shareUrl('https://t.me/duel_bot/play?startapp=alice7', 'Play with me');
    expect(open).not.toHaveBeenCalled();
    const [method, params] = sent.find(([name]) => name.startsWith('web_app_open_tg_link')) ?? [];
    expect(method).toBe('web_app_open_tg_link');
    const path = new URL(`https://t.me${(params as { path_full: string }).path_full}`);
    expect(path.pathname).toBe('/share/url');
    expect(path.searchParams.get('url')).toBe('https://t.me/duel_bot/play?startapp=alice7');
    expect(path.searchParams.get('text')).toBe('Play with me');
  });

  it('opens a t.me link (the support chat) in Telegram, and any other link in the browser', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    sent.length = 0;
    openLink('https://t.me/duel_support');
    openLink('https://example.com/rules');
    expect(open).not.toHaveBeenCalled();
    expect(sent.filter(([name]) => name === 'web_app_open_tg_link' || name === 'web_app_open_link')).toEqual([
      ['web_app_open_tg_link', { path_full: '/duel_support' }],
      ['web_app_open_link', expect.objectContaining({ url: 'https://example.com/rules' })],
    ]);
  });
});
