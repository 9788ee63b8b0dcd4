import { countries, countryName } from '../../protocol/countries.ts';
import type { Language } from '../../protocol/languages.ts';

// One Intl.DisplayNames per language, made once: the country list names ~200 regions at a time.
const displayNames = new Map<Language, Intl.DisplayNames | null>();

function namesIn(language: Language): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  return displayNames.get(language) ?? null;
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
