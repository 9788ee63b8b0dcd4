import { countries, countryName } from '../../protocol/countries.ts';
import type { Language } from '../../protocol/languages.ts';
import { intlFor, intlVersion } from './intlSupport.ts';

// One Intl.DisplayNames per language, made once: the country list names ~200 regions at a time. Made
// again once a polyfill came in (intlSupport.ts): a webview without the language names them in English.
const displayNames = new Map<Language, { version: number; names: Intl.DisplayNames | null }>();

function namesIn(language: Language): Intl.DisplayNames | null {
  const made = displayNames.get(language);
  if (made?.version === intlVersion()) return made.names;
  let names: Intl.DisplayNames | null = null;
  try {
    const DisplayNames = intlFor('DisplayNames', language);
    names = new DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  displayNames.set(language, { version: intlVersion(), names });
  return names;
}

/** A country's name in `language` (Intl knows every region's name in it); English from protocol/ else. */
export function regionName(code: string | null, language: Language): string {
  if (!code) return countryName(code);
  try {
    return namesIn(language)?.of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/** Every country of the protocol's list, named and sorted in `language`. */
export function regionsIn(language: Language): (readonly [string, string])[] {
  const collator = new Intl.Collator(language);
  return countries.map(([code]) => [code, regionName(code, language)] as const).sort(([, a], [, b]) => collator.compare(a, b));
}
