/**
 * The languages a player can read the product in (issue 23). Pure: the app, the server and the bot
 * share the list and the rule that maps a language tag to one of them.
 */
export const LANGUAGES = ['en', 'ru', 'hy'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself: a player looks for their own language's name, whatever is shown. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ru: 'Русский', hy: 'Հայերեն' };

/**
 * One of ours for a language tag — Telegram's `language_code` ('ru', 'hy'), a browser's ('ru-RU',
 * 'hy-AM', 'en-GB') — or null when the tag names none of them.
 */
export function supportedLanguage(tag: unknown): Language | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}
