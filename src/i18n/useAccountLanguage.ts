import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../app/session.ts';
import { showLanguage } from './i18n.ts';

/** Once signed in, the app speaks the account's language (chosen on another device, or kept from Telegram). */
export function useAccountLanguage(): void {
  const { user } = useSnapshot(session);
  const language = user?.language;
  useEffect(() => {
    if (language) void showLanguage(language);
  }, [language]);
}
