import { DEFAULT_LANGUAGE, supportedLanguage, type Language } from '../../protocol/languages.ts';

export interface LanguageHints {
  /** The account's saved choice (or the language Telegram gave at sign-in), once signed in. */
  saved: Language | null | undefined;
  /** Inside Telegram: the `language_code` of initData's user ('' when it has none). Outside: null. */
  telegramCode: string | null;
  /** The browser's languages, in the order the player set them (navigator.languages). */
  browser: readonly string[];
}

/**
 * Which language the app speaks (issue 23): the account's saved choice; else Telegram's language_code;
 * else, outside Telegram, the browser's languages; else English.
 */
export function chooseLanguage({ saved, telegramCode, browser }: LanguageHints): Language {
  if (saved) return saved;
  if (telegramCode !== null) return supportedLanguage(telegramCode) ?? DEFAULT_LANGUAGE;
  for (const tag of browser) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
