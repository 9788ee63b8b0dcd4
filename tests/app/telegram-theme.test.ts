import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTelegram, telegramAppearance } from '../../src/platform/telegram.ts';
import { CLASSIC } from './classicThemes.ts';

/** Telegram Android's night theme as a client before Bot API 7.0 sends it: the seven classic colours only. */
const CLASSIC_NIGHT = CLASSIC['Android night'];

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeAll(() => {
  // A light system: the fallbacks that used to show through would be the day ones.
  window.matchMedia = ((query: string) => ({ matches: query.includes('light'), media: query })) as unknown as typeof window.matchMedia;
  mockTelegramEnv({
    launchParams: new URLSearchParams({
      tgWebAppData: new URLSearchParams({ user: JSON.stringify({ id: 7, first_name: 'Alice' }), auth_date: '1700000000', hash: 'a'.repeat(64), signature: 's' }).toString(),
      tgWebAppVersion: '6.9',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify(CLASSIC_NIGHT),
    }),
    onEvent: () => undefined,
  });
  startTelegram();
});

describe("an older client's night theme inside Telegram, on a light system", () => {
  it('writes every theme colour as a CSS variable: the sent ones as sent, the missing ones derived for the night', () => {
    expect(cssVar('--tg-theme-bg-color')).toBe('#212d3b');
    expect(cssVar('--tg-theme-text-color')).toBe('#ffffff');
    // Sections (the turn timer's seconds badge among them) on the night background, not the light fallback's white.
    expect(cssVar('--tg-theme-section-bg-color')).toBe('#212d3b');
    expect(cssVar('--tg-theme-header-bg-color')).toBe('#212d3b');
    expect(cssVar('--tg-theme-accent-text-color')).toBe('#5eabe1');
    expect(cssVar('--tg-theme-subtitle-text-color')).toBe('#7d8b99');
    expect(cssVar('--tg-theme-destructive-text-color')).toBe('#ee686f');
    expect(cssVar('--tg-theme-section-separator-color')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("is dark by Telegram's background, not the system's light", () => {
    expect(telegramAppearance()).toBe('dark');
    expect(cssVar('color-scheme')).toBe('dark');
  });

  it('follows a theme change: a full day theme replaces the derived colours with the ones sent', async () => {
    const day: Record<string, `#${string}`> = { bg_color: '#ffffff', text_color: '#000000', hint_color: '#707579', link_color: '#3390ec', button_color: '#3390ec', button_text_color: '#ffffff', secondary_bg_color: '#f4f4f5', section_bg_color: '#fafafa', destructive_text_color: '#d32f2f' };
    emitEvent('theme_changed', { theme_params: day });
    await expect.poll(() => cssVar('--tg-theme-bg-color')).toBe('#ffffff');
    expect(cssVar('--tg-theme-section-bg-color')).toBe('#fafafa');
    expect(cssVar('--tg-theme-destructive-text-color')).toBe('#d32f2f');
    expect(cssVar('--tg-theme-header-bg-color')).toBe('#ffffff');
    expect(cssVar('color-scheme')).toBe('light');
    expect(telegramAppearance()).toBe('light');
  });
});
