import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@telegram-apps/telegram-ui/dist/styles.css';
import { App } from './app/App.tsx';
import { rememberReferrer } from './app/referrer.ts';
import { prefetchPages } from './app/routes.tsx';
import { loginWithTelegram } from './app/telegramLogin.ts';
import { chooseLanguage } from './i18n/chooseLanguage.ts';
import { startI18n } from './i18n/i18n.ts';
import { keepSessionStorageInMemory } from './platform/pageStorage.ts';
import { startTelegram, telegramLanguageCode } from './platform/telegram.ts';
import './ui/theme.css';

async function start(): Promise<void> {
  // Before anything reads Telegram's launch parameters: Telegram Web's frame may have no storage.
  keepSessionStorageInMemory();
  // `DEV_TELEGRAM=1 npm run dev` runs the app as if inside Telegram; never part of a build.
  if (import.meta.env.DEV && import.meta.env.VITE_DEV_INIT_DATA) {
    const { mockTelegram } = await import('./platform/mockTelegram.ts');
    mockTelegram(import.meta.env.VITE_DEV_INIT_DATA as string);
  }
  rememberReferrer(window.location.search);
  startTelegram();
  // Started before the first render, so the session guard waits for it instead of racing it.
  void loginWithTelegram();
  // The first screen already speaks the player's language (the account's, once known, follows it).
  await startI18n(chooseLanguage({ saved: null, telegramCode: telegramLanguageCode(), browser: navigator.languages ?? [] }));

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The pages kept out of the first load (routes.tsx), fetched once the lobby is up and the browser idle.
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetchPages, { timeout: 3000 });
  else setTimeout(prefetchPages, 1500);
}

void start();
