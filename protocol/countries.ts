/** The product's country list (spec §3): about 90 entries, ISO 3166-1 alpha-2 codes. 'Not set' is null. */
export const countries = [
  ['AE', 'United Arab Emirates'], ['AM', 'Armenia'], ['AR', 'Argentina'], ['AT', 'Austria'],
  ['AU', 'Australia'], ['AZ', 'Azerbaijan'], ['BD', 'Bangladesh'], ['BE', 'Belgium'],
  ['BG', 'Bulgaria'], ['BR', 'Brazil'], ['BY', 'Belarus'], ['CA', 'Canada'],
  ['CH', 'Switzerland'], ['CL', 'Chile'], ['CN', 'China'], ['CO', 'Colombia'],
  ['CY', 'Cyprus'], ['CZ', 'Czechia'], ['DE', 'Germany'], ['DK', 'Denmark'],
  ['DZ', 'Algeria'], ['EE', 'Estonia'], ['EG', 'Egypt'], ['ES', 'Spain'],
  ['ET', 'Ethiopia'], ['FI', 'Finland'], ['FR', 'France'], ['GB', 'United Kingdom'],
  ['GE', 'Georgia'], ['GH', 'Ghana'], ['GR', 'Greece'], ['HK', 'Hong Kong'],
  ['HR', 'Croatia'], ['HU', 'Hungary'], ['ID', 'Indonesia'], ['IE', 'Ireland'],
  ['IL', 'Israel'], ['IN', 'India'], ['IQ', 'Iraq'], ['IR', 'Iran'],
  ['IS', 'Iceland'], ['IT', 'Italy'], ['JO', 'Jordan'], ['JP', 'Japan'],
  ['KE', 'Kenya'], ['KG', 'Kyrgyzstan'], ['KR', 'South Korea'], ['KW', 'Kuwait'],
  ['KZ', 'Kazakhstan'], ['LB', 'Lebanon'], ['LT', 'Lithuania'], ['LV', 'Latvia'],
  ['MA', 'Morocco'], ['MD', 'Moldova'], ['MX', 'Mexico'], ['MY', 'Malaysia'],
  ['NG', 'Nigeria'], ['NL', 'Netherlands'], ['NO', 'Norway'], ['NZ', 'New Zealand'],
  ['PE', 'Peru'], ['PH', 'Philippines'], ['PK', 'Pakistan'], ['PL', 'Poland'],
  ['PT', 'Portugal'], ['QA', 'Qatar'], ['RO', 'Romania'], ['RS', 'Serbia'],
  ['RU', 'Russia'], ['SA', 'Saudi Arabia'], ['SE', 'Sweden'], ['SG', 'Singapore'],
  ['SI', 'Slovenia'], ['SK', 'Slovakia'], ['TH', 'Thailand'], ['TJ', 'Tajikistan'],
  ['TM', 'Turkmenistan'], ['TN', 'Tunisia'], ['TR', 'Turkey'], ['TW', 'Taiwan'],
  ['UA', 'Ukraine'], ['US', 'United States'], ['UY', 'Uruguay'], ['UZ', 'Uzbekistan'],
  ['VE', 'Venezuela'], ['VN', 'Vietnam'], ['ZA', 'South Africa'], ['ZW', 'Zimbabwe'],
] as const satisfies readonly (readonly [string, string])[];

export type CountryCode = (typeof countries)[number][0];

export const countryCodes: readonly CountryCode[] = countries.map(([code]) => code);

export const NOT_SET_LABEL = 'Not set';

export function countryName(code: string | null | undefined): string {
  return countries.find(([c]) => c === code)?.[1] ?? NOT_SET_LABEL;
}

/** The flag emoji of a two-letter code: regional indicator symbols, so no image assets are needed. */
export function countryFlag(code: string | null | undefined): string {
  if (!code || !/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
