import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bindSettingsButton, enterGameFullscreen, selectionHaptic, startTelegram, telegramPlatform } from '../../src/platform/telegram.ts';

/**
 * Issue 23 §3: the Mini App platform as a Telegram user on a phone expects it — full height at once, the
 * viewport and its insets as CSS variables, a game in fullscreen, Telegram's Settings entry opening
 * Profile. A mocked iPhone client answers the SDK's requests the way Telegram does.
 */
const sent: [string, unknown][] = [];
const IPHONE = { safeArea: { top: 47, bottom: 34, left: 0, right: 0 }, contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 } };

beforeAll(() => {
  mockTelegramEnv({
    launchParams: new URLSearchParams({
      tgWebAppData: new URLSearchParams({ user: JSON.stringify({ id: 9, first_name: 'Ann' }), auth_date: '1700000000', hash: 'b'.repeat(64), signature: 's' }).toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
    }),
    onEvent([method, params]) {
      sent.push([method, params]);
      // Answered on the next tick, as a real client's answer arrives after the call.
      const answer = (...event: Parameters<typeof emitEvent>) => setTimeout(() => emitEvent(...event), 0);
      if (method === 'web_app_request_viewport') answer('viewport_changed', { height: 760, width: 390, is_expanded: true, is_state_stable: true });
      if (method === 'web_app_request_safe_area') answer('safe_area_changed', IPHONE.safeArea);
      if (method === 'web_app_request_content_safe_area') answer('content_safe_area_changed', IPHONE.contentSafeArea);
      if (method === 'web_app_request_fullscreen') answer('fullscreen_changed', { is_fullscreen: true });
      if (method === 'web_app_exit_fullscreen') answer('fullscreen_changed', { is_fullscreen: false });
    },
  });
  startTelegram();
});

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('the Mini App platform on a phone', () => {
  it('expands to full height at start and binds the stable height and both insets as CSS variables', async () => {
    expect(sent.map(([method]) => method)).toContain('web_app_expand');
    await vi.waitFor(() => expect(cssVar('--tg-viewport-stable-height')).toBe('760px'));
    await vi.waitFor(() => expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('47px'));
    expect(cssVar('--tg-viewport-safe-area-inset-bottom')).toBe('34px');
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('46px');
  });

  it('knows the platform from the launch parameters', () => {
    expect(telegramPlatform()).toBe('ios');
  });

  it('puts a game screen in fullscreen on a phone and gives the screen back when the player leaves', async () => {
    await vi.waitFor(() => expect(cssVar('--tg-viewport-stable-height')).toBe('760px'));
    sent.length = 0;
    const leave = enterGameFullscreen();
    expect(sent.map(([method]) => method)).toEqual(['web_app_request_fullscreen']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    leave();
    expect(sent.map(([method]) => method)).toEqual(['web_app_request_fullscreen', 'web_app_exit_fullscreen']);
  });

  it('ticks on a changed selection (a bet, a language) with the selection haptic', () => {
    sent.length = 0;
    selectionHaptic();
    expect(sent).toEqual([['web_app_trigger_haptic_feedback', { type: 'selection_change' }]]);
  });

  it("shows Telegram's Settings entry and opens the given page from it; hides it where asked", () => {
    sent.length = 0;
    const onOpen = vi.fn();
    const off = bindSettingsButton(true, onOpen);
    expect(sent).toContainEqual(['web_app_setup_settings_button', { is_visible: true }]);
    emitEvent('settings_button_pressed');
    expect(onOpen).toHaveBeenCalledTimes(1);
    off();
    emitEvent('settings_button_pressed');
    expect(onOpen).toHaveBeenCalledTimes(1);
    bindSettingsButton(false, onOpen);
    expect(sent.at(-1)).toEqual(['web_app_setup_settings_button', { is_visible: false }]);
  });
});
