import 'i18next';
import type en from './locales/en.ts';

// Typed keys: t('profile.title') checks the key against English, the source locale (a missing key is a
// type error).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
