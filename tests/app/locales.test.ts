import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../protocol/languages.ts';
import { chooseLanguage } from '../../src/i18n/chooseLanguage.ts';
import en from '../../src/i18n/locales/en.ts';
import hy from '../../src/i18n/locales/hy.ts';
import ru from '../../src/i18n/locales/ru.ts';

/** Every key of a locale, as dotted paths, with its text. */
function entries(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? entries(value as object, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const locales = { en, ru, hy };

/**
 * A text may read the same in every language only when nothing in it is a word to translate: its
 * interpolations, digits, punctuation and the names every wallet and chat writes in Latin letters.
 */
const SAME_EVERYWHERE = /^(?:\{\{[^}]+\}\}|\$|USDT|TRC20|TRON|TronLink|Telegram|ID|\d|[\s.,:;·%+\-–—/()×#@!?…])*$/u;

describe('the locale files', () => {
  it('exist for every language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(['ru', 'hy'] as const)('%s has every English key and no key English lacks', (language) => {
    const keys = entries(locales[language]).map(([key]) => key).sort();
    expect(keys).toEqual(entries(en).map(([key]) => key).sort());
  });

  it.each(LANGUAGES)('%s has a real text for every key: no empty one, none left in English', (language) => {
    for (const [key, text] of entries(locales[language])) {
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
      if (language !== 'en' && !SAME_EVERYWHERE.test(text as string)) expect(text, `${language} ${key} is still the English text`).not.toBe(entries(en).find(([k]) => k === key)?.[1]);
    }
  });
});

describe('chooseLanguage', () => {
  it.each([
    [{ saved: 'hy', telegramCode: 'ru', browser: ['en'] }, 'hy'],
    [{ saved: null, telegramCode: 'ru', browser: ['hy'] }, 'ru'],
    [{ saved: undefined, telegramCode: 'hy', browser: [] }, 'hy'],
    // Inside Telegram an unsupported language_code means English, not the browser's language.
    [{ saved: null, telegramCode: 'de', browser: ['ru-RU'] }, 'en'],
    [{ saved: null, telegramCode: '', browser: ['ru-RU'] }, 'en'],
    // Outside Telegram, the first of the browser's languages that we speak.
    [{ saved: null, telegramCode: null, browser: ['de-DE', 'hy-AM', 'ru'] }, 'hy'],
    [{ saved: null, telegramCode: null, browser: ['ru-RU'] }, 'ru'],
    [{ saved: null, telegramCode: null, browser: ['fr'] }, 'en'],
    [{ saved: null, telegramCode: null, browser: [] }, 'en'],
  ] as const)('%j → %s', (hints, language) => {
    expect(chooseLanguage(hints)).toBe(language);
  });
});
