/**
 * Dev only (`DEV_TELEGRAM=1 npm run dev`): pretends the page runs inside Telegram, with initData that
 * scripts/dev.mjs signed with the dev bot token, so the real server validates it as it would
 * Telegram's. Imported dynamically under `import.meta.env.DEV`, so it never ships in a build.
 */
import { mockTelegramEnv } from '@telegram-apps/sdk-react';

// A dark palette close to Telegram's night theme, so the mocked app looks like the real one.
const themeParams = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
} as const;

export function mockTelegram(rawInitData: string): void {
  const startParam = new URLSearchParams(rawInitData).get('start_param');
  const launchParams = new URLSearchParams({
    tgWebAppData: rawInitData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(themeParams),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  mockTelegramEnv({
    launchParams,
    // No Telegram client answers here: acknowledge the calls that wait for an answer, drop the rest.
    onEvent([method]) {
      if (method === 'web_app_request_theme') {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ eventType: 'theme_changed', eventData: { theme_params: themeParams } }),
          }),
        );
      }
    },
  });
  console.info('[telegram] environment mocked with dev initData');
}
