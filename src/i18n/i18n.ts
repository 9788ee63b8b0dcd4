import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, supportedLanguage, type Language } from '../../protocol/languages.ts';
import { ensureIntl } from './intlSupport.ts';
import type { Messages } from './messages.ts';

/**
 * Every text a player reads comes from src/i18n/locales through i18next (issue 23). Each locale is a
 * chunk of its own, loaded when its language is chosen: only the active language is ever fetched.
 */
const locales: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./locales/en.ts'),
  ru: () => import('./locales/ru.ts'),
  hy: () => import('./locales/hy.ts'),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    const load = locales[supportedLanguage(language) ?? DEFAULT_LANGUAGE];
    load().then(
      (locale) => done(null, locale.default),
      (error: unknown) => done(error as Error, false),
    );
  },
};

/** The language shown now. */
export function currentLanguage(): Language {
  return supportedLanguage(i18next.resolvedLanguage ?? i18next.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Starts i18next in `language`, its locale loaded before the first render (no flash of keys), and with
 * it the Intl data the webview may lack for it (country names, dates, money: intlSupport.ts).
 */
export async function startI18n(language: Language): Promise<void> {
  if (i18next.isInitialized) return showLanguage(language);
  await Promise.all([
    i18next
      .use(localeChunks)
      .use(initReactI18next)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        // Every locale has every key (types and tests): no second locale is fetched as a fallback.
        fallbackLng: false,
        load: 'languageOnly',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      }),
    ensureIntl(language),
  ]);
  document.documentElement.lang = language;
  // The chosen locale's chunk did not come (a dropped connection): English rather than bare keys.
  if (!i18next.hasResourceBundle(language, 'translation') && language !== DEFAULT_LANGUAGE) await showLanguage(DEFAULT_LANGUAGE);
}

/**
 * Shows the app in `language`, loading its chunk once, and the Intl data the webview may lack for it
 * before anything renders in it. A chunk that cannot be fetched (the network dropped) leaves the
 * language shown as it was, so the player never sees bare keys.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (currentLanguage() === language && i18next.hasResourceBundle(language, 'translation')) return;
  try {
    await Promise.all([i18next.loadLanguages(language), ensureIntl(language)]);
    if (!i18next.hasResourceBundle(language, 'translation')) throw new Error(`the ${language} locale did not load`);
    await i18next.changeLanguage(language);
    document.documentElement.lang = language;
  } catch (error) {
    console.warn(`[i18n] could not switch to ${language}`, error);
  }
}
