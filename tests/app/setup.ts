import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetLiveGame } from '../../src/app/liveGame.ts';
import { resetLobby } from '../../src/app/lobby.ts';
import { prefetchPages } from '../../src/app/routes.tsx';
import { resetSession } from '../../src/app/session.ts';
import { showLanguage, startI18n } from '../../src/i18n/i18n.ts';
import { reloadSoundSetting } from '../../src/app/soundSetting.ts';
import { fakeSockets } from './fakeSocket.ts';

// CI runs the app and server suites side by side on two cores: a lazily loaded game screen can take
// more than the default second to transform and mount there. Waits end as soon as the condition holds.
configure({ asyncUtilTimeout: 5000 });

// No real Socket.IO in component tests: a recording fake stands in (tests/app/fakeSocket.ts).
vi.mock('socket.io-client', async () => (await import('./fakeSocket.ts')).fakeSocketIoModule);

// jsdom has no pointer capture; every browser does, and telegram-ui's Modal (vaul) captures the pointer
// when a finger lands on the sheet.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

// Pages speak English unless a test asks for another language (tests/app/languages.test.tsx).
beforeAll(() => startI18n('en'));
// The lazy pages' chunks, in at once as after the app's idle prefetch: a test sees a page render at once.
beforeAll(() => prefetchPages());

afterEach(async () => {
  await showLanguage('en');
  cleanup();
  resetSession();
  resetLobby();
  resetLiveGame();
  window.localStorage.clear();
  reloadSoundSetting();
  fakeSockets.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// telegram-ui's ripple (a tap on the base look) starts a 70 ms timer, then a 225 ms one, and clears
// neither on unmount; one left from a file's last tap would fire after jsdom is gone and fail the run
// (an unhandled error). The file waits both out.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));
