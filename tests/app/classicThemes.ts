/** Telegram themes as clients before Bot API 7.0 sent them (issue 36): the theme tests' fixtures. */

/** The seven colours a client before Bot API 7.0 sends, as Telegram's apps sent them. */
export const CLASSIC = {
  'Android night': {
    bg_color: '#212d3b',
    text_color: '#ffffff',
    hint_color: '#7d8b99',
    link_color: '#5eabe1',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#151e27',
  },
  'iOS night': {
    bg_color: '#000000',
    text_color: '#ffffff',
    hint_color: '#98989e',
    link_color: '#3e88f7',
    button_color: '#3e88f7',
    button_text_color: '#ffffff',
    secondary_bg_color: '#1c1c1d',
  },
  'Desktop night': {
    bg_color: '#282e33',
    text_color: '#f5f5f5',
    hint_color: '#82868a',
    link_color: '#6ab3f3',
    button_color: '#2ea6ff',
    button_text_color: '#ffffff',
    secondary_bg_color: '#313b43',
  },
  'Web day': {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
  },
  'iOS day': {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#8e8e93',
    link_color: '#007aff',
    button_color: '#007aff',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
  },
} as const;
