import { describe, expect, it } from 'vitest';
import { CLASSIC } from './classicThemes.ts';
import { completeTheme, contrastRatio, isDarkColor, MIN_TEXT_CONTRAST, THEME_KEYS, type ThemeKey } from '../../src/platform/themeColors.ts';


const DARK = new Set(['Android night', 'iOS night', 'Desktop night']);
const MISSING = THEME_KEYS.filter((key) => !(key in CLASSIC['Web day']));

/** Text-like colours and what each is drawn on (a section's or the page's background). */
const READ_ON: [ThemeKey, ThemeKey[]][] = [
  ['text_color', ['bg_color', 'section_bg_color']],
  ['hint_color', ['bg_color', 'section_bg_color']],
  ['link_color', ['bg_color', 'section_bg_color']],
  ['accent_text_color', ['bg_color', 'section_bg_color']],
  ['subtitle_text_color', ['bg_color', 'section_bg_color']],
  ['section_header_text_color', ['bg_color', 'section_bg_color']],
  ['destructive_text_color', ['bg_color', 'section_bg_color']],
  ['button_text_color', ['button_color']],
];

describe('a classic (pre-7.0) theme, completed', () => {
  it.each(Object.entries(CLASSIC))('%s: every missing colour derived, the seven sent ones kept', (name, sent) => {
    const { appearance, colors } = completeTheme(sent);
    expect(appearance).toBe(DARK.has(name) ? 'dark' : 'light');
    for (const key of MISSING) expect(colors[key], key).toMatch(/^#[0-9a-f]{6}$/);
    for (const [key, value] of Object.entries(sent)) expect(colors[key]).toBe(value);
    expect(Object.keys(colors).sort()).toEqual([...THEME_KEYS].sort());
  });

  it.each(Object.entries(CLASSIC))('%s: nothing derived is drawn dark on dark or light on light', (_name, sent) => {
    const { colors } = completeTheme(sent);
    for (const [text, grounds] of READ_ON) {
      for (const ground of grounds) {
        // Two colours Telegram sent are its own pairing (Desktop's button is 2.6:1), not ours to change.
        if (text in sent && ground in sent) continue;
        expect(contrastRatio(colors[text]!, colors[ground]!), `${text} on ${ground}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
    // The turn timer's seconds: the text colour on a section's background, as body text reads.
    expect(contrastRatio(colors.text_color!, colors.section_bg_color!)).toBeGreaterThanOrEqual(4.5);
  });

  it('a night theme gets night colours: header and sections on its own background, accent its link, a red of its own', () => {
    const { colors } = completeTheme(CLASSIC['Android night']);
    expect(colors).toMatchObject({
      header_bg_color: '#212d3b',
      section_bg_color: '#212d3b',
      accent_text_color: '#5eabe1',
      subtitle_text_color: '#7d8b99',
      section_header_text_color: '#7d8b99',
      bottom_bar_bg_color: '#151e27',
      destructive_text_color: '#ee686f',
    });
    // The hairline between cells lies between the section and the hint: never white on a night theme.
    expect(isDarkColor(colors.section_separator_color!)).toBe(true);
    expect(contrastRatio(colors.section_separator_color!, '#212d3b')).toBeGreaterThan(1.1);
  });

  it('a day theme keeps its sections white and its red Telegram’s', () => {
    const { colors } = completeTheme(CLASSIC['Web day']);
    expect(colors).toMatchObject({ section_bg_color: '#ffffff', header_bg_color: '#ffffff', destructive_text_color: '#e53935', accent_text_color: '#3390ec' });
    expect(isDarkColor(colors.section_separator_color!)).toBe(false);
  });
});

describe('themes that need no help, or give nothing to go by', () => {
  const FULL = {
    ...CLASSIC['Android night'],
    header_bg_color: '#242d39',
    bottom_bar_bg_color: '#151e27',
    accent_text_color: '#64b5ef',
    section_bg_color: '#17212b',
    section_header_text_color: '#64b5ef',
    section_separator_color: '#0b1218',
    subtitle_text_color: '#7d8b99',
    destructive_text_color: '#ee686f',
  };

  it('a full (7.0+) theme comes back untouched', () => {
    expect(completeTheme(FULL)).toEqual({ appearance: 'dark', colors: FULL });
  });

  it('keys this module does not know pass through', () => {
    expect(completeTheme({ ...FULL, future_color: '#123456' }).colors.future_color).toBe('#123456');
  });

  it('even fewer colours than the classic seven: the rest of them derived as well, readable', () => {
    const { appearance, colors } = completeTheme({ bg_color: '#17212b' });
    expect(appearance).toBe('dark');
    expect(colors.text_color).toBe('#ffffff');
    for (const [text, grounds] of READ_ON) {
      for (const ground of grounds) expect(contrastRatio(colors[text]!, colors[ground]!), `${text} on ${ground}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('#rgb shorthand is read as Telegram means it', () => {
    expect(completeTheme({ bg_color: '#fff' }).appearance).toBe('light');
    expect(completeTheme({ bg_color: '#000' }).appearance).toBe('dark');
  });

  it.each([[{}], [{ text_color: '#ffffff' }], [{ bg_color: 'not a colour', text_color: '#ffffff' }]])(
    'no readable bg_color (%j): nothing derived, the system decides',
    (sent) => {
      const { appearance, colors } = completeTheme(sent);
      expect(appearance).toBeNull();
      expect(colors).toEqual(sent);
    },
  );
});

describe('the colour arithmetic', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#000000', '#000000', 1],
    ['#777777', '#ffffff', 4.48],
  ])('contrast of %s and %s is %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });

  it.each([
    ['#ffffff', false],
    ['#f4f4f5', false],
    ['#8a8a8a', false],
    ['#6d6d6d', true],
    ['#212d3b', true],
    ['#000000', true],
    ['rgb(0, 0, 0)', null],
  ])('%s is dark: %s', (color, dark) => {
    expect(isDarkColor(color)).toBe(dark);
  });
});
