import { shouldPolyfill as dateTimeFormatLacks } from '@formatjs/intl-datetimeformat/should-polyfill.js';
import { shouldPolyfill as displayNamesLack } from '@formatjs/intl-displaynames/should-polyfill.js';
import { shouldPolyfill as canonicalLocalesLack } from '@formatjs/intl-getcanonicallocales/should-polyfill.js';
import { shouldPolyfill as localeLacks } from '@formatjs/intl-locale/should-polyfill.js';
import { shouldPolyfill as numberFormatLacks } from '@formatjs/intl-numberformat/should-polyfill.js';
import { shouldPolyfill as pluralRulesLack } from '@formatjs/intl-pluralrules/should-polyfill.js';
import { LANGUAGES, type Language } from '../../protocol/languages.ts';

/**
 * FormatJS's polyfills for the Intl a webview lacks (a lazy chunk of its own, loaded by intlSupport.ts
 * only when the language is missing). Each API is asked on its own (`shouldPolyfill(language)`): a
 * Chromium without Armenian has Armenian plural rules, so only what is missing is fetched. A polyfill
 * (its `polyfill-force` module) replaces the global constructor for every language; intlSupport.ts
 * keeps the webview's own first, and formats the languages the webview speaks with them.
 *
 * The imports name each file: a bundler can only split what it can see, and each of these is a chunk
 * fetched on its own (the Armenian dates' data alone is ~260 KB before gzip).
 */

type DataLoaders = Record<Language, () => Promise<unknown>>;

interface Polyfill {
  lacks: (language: Language) => unknown;
  install: () => Promise<unknown>;
  data: DataLoaders;
}

// Needed by the number polyfill (the plural category of an amount), and read by i18next for every
// language's plural forms: installed first, with all three languages' rules (~1.5 KB each).
const pluralRules: Polyfill = {
  lacks: pluralRulesLack,
  install: () => import('@formatjs/intl-pluralrules/polyfill-force.js'),
  data: {
    en: () => import('@formatjs/intl-pluralrules/locale-data/en.js'),
    ru: () => import('@formatjs/intl-pluralrules/locale-data/ru.js'),
    hy: () => import('@formatjs/intl-pluralrules/locale-data/hy.js'),
  },
};

const formatters: Polyfill[] = [
  {
    lacks: numberFormatLacks,
    install: () => import('@formatjs/intl-numberformat/polyfill-force.js'),
    data: {
      en: () => import('@formatjs/intl-numberformat/locale-data/en.js'),
      ru: () => import('@formatjs/intl-numberformat/locale-data/ru.js'),
      hy: () => import('@formatjs/intl-numberformat/locale-data/hy.js'),
    },
  },
  {
    lacks: dateTimeFormatLacks,
    install: () => import('@formatjs/intl-datetimeformat/polyfill-force.js'),
    data: {
      en: () => import('@formatjs/intl-datetimeformat/locale-data/en.js'),
      ru: () => import('@formatjs/intl-datetimeformat/locale-data/ru.js'),
      hy: () => import('@formatjs/intl-datetimeformat/locale-data/hy.js'),
    },
  },
  {
    lacks: displayNamesLack,
    install: () => import('@formatjs/intl-displaynames/polyfill-force.js'),
    data: {
      en: () => import('@formatjs/intl-displaynames/locale-data/en.js'),
      ru: () => import('@formatjs/intl-displaynames/locale-data/ru.js'),
      hy: () => import('@formatjs/intl-displaynames/locale-data/hy.js'),
    },
  },
];

/** The polyfill first (the data registers itself into the global constructor), then the languages' data. */
async function apply({ lacks, install, data }: Polyfill, language: Language, languages: readonly Language[] = [language]): Promise<void> {
  if (!lacks(language)) return;
  await install();
  await Promise.all(languages.map((each) => data[each]()));
}

/** Installs what Intl lacks for `language`, with that language's data. */
export async function polyfillIntl(language: Language): Promise<void> {
  // What every FormatJS polyfill builds on; present in any webview of the last years, so rarely fetched.
  if (canonicalLocalesLack()) await import('@formatjs/intl-getcanonicallocales/polyfill-force.js');
  if (localeLacks()) await import('@formatjs/intl-locale/polyfill-force.js');
  await apply(pluralRules, language, LANGUAGES);
  // Independent of each other: fetched side by side.
  await Promise.all(formatters.map((polyfill) => apply(polyfill, language)));
}
