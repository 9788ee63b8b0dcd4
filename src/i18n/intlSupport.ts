import type { Language } from '../../protocol/languages.ts';

/**
 * Country names, dates and money in the language shown, whatever the webview's ICU holds (issue 36).
 * Chromium-based webviews (Android's, Telegram Desktop's) ship ICU without Armenian: asked for 'hy',
 * their Intl answers in English. Where the language is missing, FormatJS's polyfills and their data for
 * it are fetched (intlPolyfill.ts, a lazy chunk); a webview that has the language fetches nothing.
 *
 * A polyfill replaces the global constructor for every language, and knows only the languages whose
 * data it was given (asked for another it throws, or answers in the one it has). So the formatters are
 * made through `intlFor`: the webview's own constructor for a language it speaks, the polyfill for one it
 * does not. Callers await `ensureIntl(language)` before the language is shown (i18n.ts).
 */

interface Formatters {
  NumberFormat: typeof Intl.NumberFormat;
  DateTimeFormat: typeof Intl.DateTimeFormat;
  DisplayNames: typeof Intl.DisplayNames;
}
type Kind = keyof Formatters;
const kinds: readonly Kind[] = ['NumberFormat', 'DateTimeFormat', 'DisplayNames'];

/** The webview's own constructors, kept before a polyfill replaces them. */
const webview: Partial<Formatters> = {};

/** Before any polyfill is installed: what it keeps must be the webview's. */
function keepWebviewIntl(): void {
  webview.NumberFormat ??= Intl.NumberFormat;
  webview.DateTimeFormat ??= Intl.DateTimeFormat;
  webview.DisplayNames ??= Intl.DisplayNames;
}

let version = 0;
/** Bumped whenever polyfills or their data came in: a formatter made before may now be made better. */
export const intlVersion = (): number => version;

/**
 * Whether `Constructor` formats in `language`. For numbers also the options format.ts relies on
 * (NumberFormat v3): without `roundingMode: 'trunc'` a balance would be shown rounded up.
 */
function speaks(kind: Kind, Constructor: Formatters[Kind] | undefined, language: Language): boolean {
  if (typeof Constructor !== 'function') return false;
  try {
    // The three constructors' own signatures differ only in their options.
    const { supportedLocalesOf } = Constructor as { supportedLocalesOf(locales: string[]): string[] };
    if (supportedLocalesOf.call(Constructor, [language]).length === 0) return false;
    if (kind !== 'NumberFormat') return true;
    const NumberFormat = Constructor as Formatters['NumberFormat'];
    return new NumberFormat(language, { maximumFractionDigits: 0, roundingMode: 'trunc', useGrouping: 'min2' }).format(1999.9) === '1999';
  } catch {
    return false;
  }
}

/**
 * The constructor to format `language` with: the webview's own where it speaks it, else the polyfill
 * once that has the language's data, else the webview's own all the same (English rather than a throw).
 */
export function intlFor<K extends Kind>(kind: K, language: Language): Formatters[K] {
  const own = (webview[kind] ?? Intl[kind]) as Formatters[K];
  if (speaks(kind, own, language)) return own;
  const current = Intl[kind] as Formatters[K];
  return current !== own && speaks(kind, current, language) ? current : own;
}

/**
 * Whether Intl lacks `language` for what the app shows. Cheap, and on the first load's path: FormatJS's
 * own finer checks (`shouldPolyfill`) come with the lazy chunk, only when this says so. i18next's plural
 * forms read the global Intl.PluralRules, whichever it is.
 */
export function intlLacks(language: Language): boolean {
  if (kinds.some((kind) => !speaks(kind, intlFor(kind, language), language))) return true;
  try {
    return Intl.PluralRules.supportedLocalesOf([language]).length === 0;
  } catch {
    return true;
  }
}

const loading = new Map<Language, Promise<void>>();

/**
 * Resolves once Intl speaks `language`: at once where it already does, else when the polyfills and their
 * data for it are in. A chunk that cannot be fetched (the network dropped) leaves the webview's Intl
 * in use (English names and formats rather than nothing) and is tried again on the next call.
 */
export function ensureIntl(language: Language): Promise<void> {
  if (!intlLacks(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./intlPolyfill.ts')
      .then(({ polyfillIntl }) => {
        keepWebviewIntl();
        return polyfillIntl(language);
      })
      .catch((error: unknown) => console.warn(`[i18n] could not load Intl data for ${language}`, error))
      // Even after a failure: a part may have come in (the numbers' polyfill, not the dates').
      .finally(() => {
        version += 1;
        loading.delete(language);
      });
    loading.set(language, pending);
  }
  return pending;
}
