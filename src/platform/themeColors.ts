/**
 * Telegram's theme made complete. Clients before Bot API 7.0 send only the seven classic colours
 * (bg, text, hint, link, button, button text, secondary bg); the app's and telegram-ui's CSS fall back
 * for the rest by the system's light or dark, not Telegram's, and a night theme on a light system then
 * draws white text on a white section (issue 36). Every missing colour is derived here from the ones
 * Telegram sent, its bg_color saying light or dark. Pure: src/platform/telegram.ts writes the result.
 */

/** Every colour of Telegram's theme (Bot API 7.10), snake_case as Telegram sends them. */
export const THEME_KEYS = [
  'bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
  'secondary_bg_color',
  'header_bg_color',
  'bottom_bar_bg_color',
  'accent_text_color',
  'section_bg_color',
  'section_header_text_color',
  'section_separator_color',
  'subtitle_text_color',
  'destructive_text_color',
] as const;

export type ThemeKey = (typeof THEME_KEYS)[number];

export interface CompleteTheme {
  /** What Telegram's bg_color says; null when it sent none (nothing to go by: the system decides). */
  appearance: 'light' | 'dark' | null;
  /** Every colour Telegram sent (unknown keys too, untouched), plus every known one it did not, derived. */
  colors: Record<string, string>;
}

type Rgb = readonly [number, number, number];

/** A colour made channel by channel. */
const rgbOf = (channel: (index: 0 | 1 | 2) => number): Rgb => [channel(0), channel(1), channel(2)];

/** The least contrast a derived text colour keeps against its background: WCAG's for large or bold text. */
export const MIN_TEXT_CONTRAST = 3;

/** '#rgb' or '#rrggbb' (what Telegram and the SDK give); null for anything else. */
function parse(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return rgbOf((index) => parseInt(full.slice(index * 2, index * 2 + 2), 16));
}

const format = (rgb: Rgb) => `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

/** `from` moved `amount` (0..1) of the way to `to`, as a solid colour: Telegram's colours are all #rrggbb. */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return rgbOf((index) => from[index] + (to[index] - from[index]) * amount);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgbOf((index) => {
    const c = rgb[index] / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratio = (a: Rgb, b: Rgb) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** WCAG contrast ratio of two colours (1 to 21); 1 when either is not a colour this module reads. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  return x && y ? ratio(x, y) : 1;
}

/**
 * Dark when white text would stand out more on it than black: below luminance 0.179, where the two
 * contrasts are equal. Agrees with the SDK's own isDark on every greyish background.
 */
const isDark = (rgb: Rgb) => luminance(rgb) < 0.179;

/** True for a dark colour, false for a light one, null for what is not a colour. */
export function isDarkColor(color: string): boolean | null {
  const rgb = parse(color);
  return rgb ? isDark(rgb) : null;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** `color`, or the nearest step of it toward white (on a dark background) or black (on a light one) that reads on every one of `backgrounds`. */
function readable(color: Rgb, backgrounds: Rgb[], min = MIN_TEXT_CONTRAST): Rgb {
  const away = isDark(backgrounds[0]!) ? WHITE : BLACK;
  for (let step = 0; step <= 10; step += 1) {
    const candidate = mix(color, away, step / 10);
    if (backgrounds.every((background) => ratio(candidate, background) >= min)) return candidate;
  }
  return away;
}

/** Telegram's own day and night values for the colours that have no other colour to come from. */
const PALETTE = {
  light: { link: '#3390ec', button: '#3390ec', destructive: '#e53935' },
  dark: { link: '#5eabe1', button: '#5288c1', destructive: '#ee686f' },
} as const;

/**
 * The theme Telegram sent, completed. Sent colours are kept as they are; without a readable bg_color
 * nothing is derived (there is nothing to tell light from dark by).
 */
export function completeTheme(sent: Readonly<Record<string, unknown>>): CompleteTheme {
  const colors: Record<string, string> = {};
  const given = new Map<ThemeKey, Rgb>();
  for (const [key, value] of Object.entries(sent)) {
    if (typeof value !== 'string' || value === '') continue;
    colors[key] = value;
    const rgb = parse(value);
    if (rgb && (THEME_KEYS as readonly string[]).includes(key)) given.set(key as ThemeKey, rgb);
  }
  const bg = given.get('bg_color');
  if (!bg) return { appearance: null, colors };

  const dark = isDark(bg);
  const palette = PALETTE[dark ? 'dark' : 'light'];
  const derived = new Map<ThemeKey, Rgb>();
  const color = (key: ThemeKey, derive: () => Rgb): Rgb => {
    const known = given.get(key) ?? derived.get(key);
    if (known) return known;
    const value = derive();
    derived.set(key, value);
    return value;
  };

  // The classic seven first: a client may send even fewer, and the rest are made of them.
  const text = color('text_color', () => (dark ? WHITE : BLACK));
  // Telegram's secondary background is a shade darker than bg in both themes (#f4f4f5 under white, #151e27 under #212d3b).
  const secondary = color('secondary_bg_color', () => mix(bg, BLACK, dark ? 0.35 : 0.04));
  // Sections sit on bg's own tone, where Telegram guarantees its text reads (pre-7.0 clients drew them so).
  const section = color('section_bg_color', () => bg);
  const grounds = [bg, section];
  const hint = color('hint_color', () => readable(mix(bg, text, 0.5), grounds));
  const link = color('link_color', () => readable(parse(palette.link)!, grounds));
  const button = color('button_color', () => parse(palette.button)!);
  color('button_text_color', () => (ratio(WHITE, button) >= ratio(BLACK, button) ? WHITE : BLACK));
  color('header_bg_color', () => bg);
  // As the SDK's own bottom bar colour falls back.
  color('bottom_bar_bg_color', () => secondary);
  color('accent_text_color', () => readable(link, grounds));
  color('section_header_text_color', () => readable(hint, grounds));
  color('subtitle_text_color', () => readable(hint, grounds));
  // A hairline between cells: a quarter of the way from the section to the hint, solid as Telegram's colours are.
  color('section_separator_color', () => mix(section, hint, 0.25));
  color('destructive_text_color', () => readable(parse(palette.destructive)!, grounds));

  for (const [key, value] of derived) colors[key] = format(value);
  return { appearance: dark ? 'dark' : 'light', colors };
}
