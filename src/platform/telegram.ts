/**
 * Every Telegram Mini App SDK call lives here (DESIGN.md §7). Outside Telegram each function is a
 * no-op (or a plain browser equivalent), and no SDK error ever escapes: a broken or old Telegram
 * client must degrade to a normal web page, never crash the app.
 */
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  settingsButton,
  shareURL as sdkShareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { completeTheme } from './themeColors.ts';

let insideTelegram: boolean | null = null;
let started = false;

function safely<T>(what: string, call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    console.warn(`[telegram] ${what} failed`, error);
    return undefined;
  }
}

/** True when the page was opened as a Mini App (Telegram's launch parameters are present). */
export function isTelegram(): boolean {
  insideTelegram ??= safely('environment check', () => isTMA()) ?? false;
  return insideTelegram;
}

/** Starts the SDK once: events, back button, theme colours as CSS variables, then tells Telegram we are ready. */
export function startTelegram(): void {
  if (started || !isTelegram()) return;
  started = true;
  safely('init', () => init());
  safely('back button', () => backButton.mount.ifAvailable());
  safely('closing behavior', () => closingBehavior.mount.ifAvailable());
  safely('theme', () => {
    themeParams.mountSync.ifAvailable();
    bindTheme();
  });
  safely('mini app', () => {
    miniApp.mountSync.ifAvailable();
    miniApp.bindCssVars.ifAvailable();
    miniApp.ready.ifAvailable();
  });
  void startViewport();
}

/** The --tg-theme-* variables written by bindTheme, so a colour Telegram stops sending is taken away. */
const themeVars = new Set<string>();

/**
 * Telegram's theme as CSS variables (--tg-theme-bg-color, --tg-theme-section-bg-color, …; theme.css and
 * telegram-ui read them), every one of them: what an older client did not send is derived from what it
 * did (themeColors.ts), so no fallback of the system's light or dark shows through. Written here rather
 * than by the SDK's themeParams.bindCssVars, one writer for every colour, and again on each theme change.
 * The page's color-scheme (scrollbars, form controls) follows Telegram's bg_color too.
 */
function bindTheme(): void {
  const apply = () =>
    safely('theme', () => {
      const { appearance, colors } = completeTheme(themeParams.state());
      const root = document.documentElement.style;
      const written = new Set(Object.keys(colors).map((key) => `--tg-theme-${key.replaceAll('_', '-')}`));
      for (const name of themeVars) if (!written.has(name)) root.removeProperty(name);
      themeVars.clear();
      for (const [key, value] of Object.entries(colors)) {
        const name = `--tg-theme-${key.replaceAll('_', '-')}`;
        root.setProperty(name, value);
        themeVars.add(name);
      }
      if (appearance) root.setProperty('color-scheme', appearance);
      else root.removeProperty('color-scheme');
    });
  apply();
  themeParams.state.sub(apply);
}

/**
 * Full height at once (a phone otherwise opens the app as a half-height sheet), then the viewport's
 * sizes and insets as CSS variables (--tg-viewport-stable-height, --tg-viewport-safe-area-inset-*,
 * --tg-viewport-content-safe-area-inset-*; src/ui/theme.css reads them), kept current by the SDK.
 */
async function startViewport(): Promise<void> {
  safely('viewport expand', () => viewport.expand.ifAvailable());
  try {
    const [mounting, mounted] = viewport.mount.ifAvailable();
    if (mounting) await mounted;
    viewport.bindCssVars.ifAvailable();
  } catch (error) {
    console.warn('[telegram] viewport failed', error);
  }
}

/** The Telegram client's platform from the launch parameters ('ios', 'android', 'weba', 'tdesktop', …), or null outside. */
export function telegramPlatform(): string | null {
  if (!isTelegram()) return null;
  return safely('launch params', () => retrieveLaunchParams().tgWebAppPlatform) ?? null;
}

/** Inside Telegram, the `language_code` of initData's user ('' when it has none); outside Telegram, null. */
export function telegramLanguageCode(): string | null {
  if (!isTelegram()) return null;
  const params = safely('launch params', () => retrieveLaunchParams());
  const code = (params?.tgWebAppData?.user as { language_code?: unknown } | undefined)?.language_code;
  return typeof code === 'string' ? code : '';
}

/**
 * Light or dark: what Telegram's bg_color says inside Telegram (the same decision as every derived
 * colour's, themeColors.ts); the system's outside, or when Telegram sent no background.
 */
export function telegramAppearance(): 'light' | 'dark' {
  const fromTelegram = isTelegram() ? safely('theme', () => completeTheme(themeParams.state()).appearance) : null;
  if (fromTelegram) return fromTelegram;
  const systemDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return systemDark ? 'dark' : 'light';
}

/** A light tick as a choice changes (a language, a bet); nothing outside Telegram. */
export function selectionHaptic(): void {
  if (started) safely('haptics', () => hapticFeedback.selectionChanged.ifAvailable());
}

/** Phones, where a game may take the whole screen; a desktop or web client keeps its window as it is. */
const isPhone = (platform: string | null) => platform === 'ios' || (platform?.startsWith('android') ?? false);

/**
 * A game screen takes the whole screen on a phone whose Telegram supports it (Mini Apps 8.0), and gives
 * it back when the player leaves; content keeps clear of the notch and Telegram's controls through the
 * content-safe-area insets. Returns the way back.
 */
export function enterGameFullscreen(): () => void {
  if (!started || !isPhone(telegramPlatform())) return () => undefined;
  const [entered, entering] = safely('fullscreen', () => viewport.requestFullscreen.ifAvailable()) ?? [false];
  if (!entered) return () => undefined;
  entering.catch((error: unknown) => console.info('[telegram] fullscreen refused', error));
  return () => {
    const [leaving, left] = safely('fullscreen', () => viewport.exitFullscreen.ifAvailable()) ?? [false];
    if (leaving) left.catch((error: unknown) => console.info('[telegram] fullscreen exit failed', error));
  };
}

/**
 * Telegram's own Settings entry (its ⋯ menu) opens `onOpen` (our Profile, where the language lives);
 * hidden where leaving the page would be wrong (a game screen). Returns the unsubscribe, for the one
 * component that owns the button.
 */
export function bindSettingsButton(visible: boolean, onOpen: () => void): () => void {
  if (!started) return () => undefined;
  safely('settings button', () => {
    settingsButton.mount.ifAvailable();
    if (visible) settingsButton.show.ifAvailable();
    else settingsButton.hide.ifAvailable();
  });
  if (!visible) return () => undefined;
  const result = safely('settings button', () => settingsButton.onClick.ifAvailable(onOpen));
  const off = result?.[0] ? result[1] : undefined;
  return () => {
    if (off) safely('settings button', off);
  };
}

/** The raw initData string the server validates with the bot token, or null outside Telegram. */
export function telegramInitData(): string | null {
  if (!isTelegram()) return null;
  return safely('init data', () => retrieveRawInitData()) ?? null;
}

/** The `startapp` parameter of the link that opened the Mini App (our invite links carry the inviter there). */
export function telegramStartParam(): string | null {
  if (!isTelegram()) return null;
  const params = safely('launch params', () => retrieveLaunchParams());
  return params?.tgWebAppStartParam ?? params?.tgWebAppData?.start_param ?? null;
}

/**
 * Shows or hides Telegram's back button and routes its presses to `onBack`.
 * Returns the unsubscribe, so a component can own the button in one effect.
 */
export function bindBackButton(visible: boolean, onBack: () => void): () => void {
  if (!started) return () => undefined;
  safely('back button', () => (visible ? backButton.show.ifAvailable() : backButton.hide.ifAvailable()));
  if (!visible) return () => undefined;
  const result = safely('back button', () => backButton.onClick.ifAvailable(onBack));
  const off = result?.[0] ? result[1] : undefined;
  return () => {
    if (off) safely('back button', off);
  };
}

/**
 * A haptic buzz. Telegram's haptics have styles, not durations, so a long buzz (the 400 ms game-end
 * vibration) maps to a heavy impact; outside Telegram the browser's Vibration API takes the duration.
 */
export function vibrate(ms: number): void {
  if (started) {
    safely('haptics', () => hapticFeedback.impactOccurred.ifAvailable(ms >= 300 ? 'heavy' : 'light'));
    return;
  }
  safely('vibrate', () => {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(ms);
  });
}

/**
 * While a match runs, closing the Mini App asks first (DESIGN.md §7): the turn timer keeps running
 * without the player, and three timed-out turns forfeit the bet.
 */
export function confirmClosing(enabled: boolean): void {
  if (!started) return;
  safely('closing behavior', () =>
    enabled ? closingBehavior.enableConfirmation.ifAvailable() : closingBehavior.disableConfirmation.ifAvailable(),
  );
}

/**
 * While the player aims in Carrom, a vertical drag must move the aim, never pull the Mini App down or
 * close it (DESIGN.md §7). Mounting the swipe behaviour already turns vertical swipes off; the explicit
 * call keeps it off on a client that restored an earlier state. Outside Telegram, or on a client older
 * than Mini Apps 7.7, nothing happens.
 */
export function lockVerticalSwipes(): void {
  if (!started) return;
  safely('swipe behavior', () => {
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
  });
}

/** Gives Telegram's vertical swipes back once aiming is over. */
export function unlockVerticalSwipes(): void {
  if (!started) return;
  safely('swipe behavior', () => swipeBehavior.enableVertical.ifAvailable());
}

/** Telegram's own links (a support chat, a channel) open in Telegram itself, not in a browser. */
const telegramLink = /^https:\/\/t\.me\//i;

/**
 * Opens a link: inside Telegram a t.me link in Telegram (openTelegramLink), any other in the browser
 * without leaving the Mini App (openLink); elsewhere in a new tab.
 */
export function openLink(url: string): void {
  if (started) {
    const [called] =
      safely('open link', () => (telegramLink.test(url) ? sdkOpenTelegramLink.ifAvailable(url) : sdkOpenLink.ifAvailable(url))) ?? [false];
    if (called) return;
  }
  safely('open link', () => window.open(url, '_blank', 'noopener,noreferrer'));
}

/** Telegram's share sheet; elsewhere Telegram's share page in a new tab. */
export function shareUrl(url: string, text?: string): void {
  if (started) {
    const [called] = safely('share', () => sdkShareURL.ifAvailable(url, text)) ?? [false];
    if (called) return;
  }
  const query = new URLSearchParams({ url, ...(text ? { text } : {}) });
  safely('share', () => window.open(`https://t.me/share/url?${query.toString()}`, '_blank', 'noopener,noreferrer'));
}
