import { mockTelegramEnv } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { lockVerticalSwipes, startTelegram, unlockVerticalSwipes } from '../../src/platform/telegram.ts';

/** What the Mini App asked the (mocked) Telegram client to do: [method, params]. */
const sent: [string, unknown][] = [];

beforeAll(() => {
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
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b' }),
    }),
    onEvent(event) {
      sent.push([event[0], event[1]]);
    },
  });
  startTelegram();
});

describe("Carrom's vertical-swipe lock inside Telegram", () => {
  it('turns vertical swipes off while aiming and back on after', () => {
    sent.length = 0;
    lockVerticalSwipes();
    const swipes = () => sent.filter(([method]) => method === 'web_app_setup_swipe_behavior').map(([, params]) => params);
    expect(swipes().at(-1)).toEqual({ allow_vertical_swipe: false });
    unlockVerticalSwipes();
    expect(swipes().at(-1)).toEqual({ allow_vertical_swipe: true });
    // Locking again works the same (the component stays mounted).
    lockVerticalSwipes();
    expect(swipes().at(-1)).toEqual({ allow_vertical_swipe: false });
  });
});
