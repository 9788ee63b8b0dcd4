import { countries, countryName } from '../../protocol/countries.ts';
import type { Language } from '../../protocol/languages.ts';

/** A country's name in `language` (Intl knows every region's name in it); English from protocol/ else. */
export function regionName(code: string | null, language: Language): string {
  if (!code) return countryName(code);
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/** Every country of the protocol's list, named and sorted in `language`. */
export function regionsIn(language: Language): (readonly [string, string])[] {
  const collator = new Intl.Collator(language);
  return countries.map(([code]) => [code, regionName(code, language)] as const).sort(([, a], [, b]) => collator.compare(a, b));
}
