import { sign } from '@telegram-apps/init-data-node';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { useBrowser } from './browser.ts';

/**
 * A local stand-in for Telegram Web (issue 22), one HTTPS server on a loopback port that Chromium reaches
 * under two real names (--host-resolver-rules): https://web.telegram.org serves a page that shows the
 * Mini App in an iframe and answers its postMessage calls the way Telegram Web does, and
 * https://app.duel.test is our app, proxied (HTTP and WebSocket) to the server globalSetup started. The
 * app is thus a cross-site frame of the real web.telegram.org origin: the browser applies our CSP's
 * frame-ancestors, blocks the frame's cookies and storage, and the SDK's postMessage target origin
 * (https://web.telegram.org) is the parent's own. The certificate is a throwaway made for these tests.
 */
export const TELEGRAM_WEB = 'https://web.telegram.org';
export const APP_ORIGIN = 'https://app.duel.test';
/** Must match the e2e server's BOT_TOKEN (globalSetup.ts): initData is signed with it, as Telegram does. */
export const E2E_BOT_TOKEN = '7000009:e2e-bot-token_for-signing';

const certificates = path.join(import.meta.dirname, 'telegram-web');

// Telegram's day theme, as Telegram Web sends it.
const THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
  header_bg_color: '#ffffff',
  accent_text_color: '#3390ec',
  section_bg_color: '#ffffff',
  destructive_text_color: '#e53935',
};

/**
 * Telegram Web's side of the Mini App bridge: the frame posts `{eventType, eventData}` as JSON to its
 * parent; requests for the theme, the viewport and the safe areas are answered with their events,
 * every call is recorded in `window.miniAppCalls` for the test to read, and `window.telegramEvent`
 * sends the frame an event of Telegram's own (the Settings entry of its menu pressed).
 */
const standInPage = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Telegram Web</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><script>
const appUrl = new URLSearchParams(location.search).get('app');
const frame = document.createElement('iframe');
frame.title = 'Mini App';
frame.src = appUrl;
frame.allow = 'clipboard-write; web-share';
document.body.append(frame);
window.miniAppCalls = [];
// What Telegram Web sends on its own, e.g. when the player picks Settings in its menu.
window.telegramEvent = (eventType, eventData) =>
  frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), new URL(appUrl).origin);
const theme = ${JSON.stringify(THEME)};
addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  let call;
  try { call = JSON.parse(event.data); } catch { return; }
  window.miniAppCalls.push(call.eventType);
  const answer = (eventType, eventData) =>
    frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), new URL(appUrl).origin);
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  switch (call.eventType) {
    case 'web_app_request_theme': answer('theme_changed', { theme_params: theme }); break;
    case 'web_app_request_viewport':
      answer('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      break;
    case 'web_app_request_safe_area': answer('safe_area_changed', insets); break;
    case 'web_app_request_content_safe_area': answer('content_safe_area_changed', insets); break;
  }
});
</script></body></html>`;

export interface TelegramWebStandIn {
  /** Chromium flags that send both names to the stand-in and accept its throwaway certificate. */
  chromiumFlags: string[];
  close(): Promise<void>;
}

/** Starts the stand-in in front of the app at `appBase` (http://127.0.0.1:port). */
export async function startTelegramWeb(appBase: string): Promise<TelegramWebStandIn> {
  const target = new URL(appBase);
  const server = https.createServer({
    key: fs.readFileSync(path.join(certificates, 'throwaway-key.pem')),
    cert: fs.readFileSync(path.join(certificates, 'throwaway-cert.pem')),
  });
  server.on('request', (request, response) => {
    if (request.headers.host?.split(':')[0] === new URL(TELEGRAM_WEB).hostname) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(standInPage);
      return;
    }
    // Our app, over TLS as in production; the browser's own headers (x-forwarded-for among them) go on.
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  // Socket.IO's WebSocket: the upgrade request is replayed to the app and the two sockets joined.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    client.on('close', end);
  });
  // Every TCP connection, for close(): a WebSocket's tunnel, and one the browser opened ahead (still in
  // its TLS handshake, or idle before its first request), which closeAllConnections() does not know of
  // (it kept server.close() waiting past the hook's 120 s once in CI).
  const connections = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const names = [TELEGRAM_WEB, APP_ORIGIN].map((origin) => `MAP ${new URL(origin).hostname}:443 127.0.0.1:${port}`);
  return {
    chromiumFlags: [`--host-resolver-rules=${names.join(', ')}`, '--ignore-certificate-errors', '--test-third-party-cookie-phaseout'],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of connections) connection.destroy();
      }),
  };
}

let telegramIds = 6_100_000_000 + (process.pid % 1000) * 1000;

/** Telegram's night theme, as its Android app sends it. */
const DARK_THEME = {
  bg_color: '#212d3b',
  text_color: '#ffffff',
  hint_color: '#7d8b99',
  link_color: '#5eabe1',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#151e27',
  header_bg_color: '#242d39',
  accent_text_color: '#64b5ef',
  section_bg_color: '#17212b',
  destructive_text_color: '#ee686f',
};

/** The seven colours a Telegram client before Bot API 7.0 sends, and nothing else (issue 36). */
const CLASSIC_KEYS = ['bg_color', 'text_color', 'hint_color', 'link_color', 'button_color', 'button_text_color', 'secondary_bg_color'] as const;

const classicOnly = (theme: Record<string, string>) => Object.fromEntries(CLASSIC_KEYS.map((key) => [key, theme[key]]));

interface MiniAppUser {
  firstName: string;
  /** Telegram's language_code of the user (initData), when the test gives one. */
  languageCode?: string;
  /** Telegram's theme: its day (light) one unless a test asks for the night one. */
  theme?: 'light' | 'dark';
  /** An older client (Mini Apps 6.9, before Bot API 7.0): the theme's seven classic colours only. */
  classicTheme?: boolean;
  /** The link's `startapp` (an invite code, or a challenge's ch_<code>), as Telegram passes it on. */
  startParam?: string;
}

/**
 * The Mini App's URL as a Telegram client opens it: the launch parameters in the hash, initData signed
 * with the bot's token (the server validates it for real).
 */
export function miniAppUrl(user: MiniAppUser, platform: 'weba' | 'ios' | 'android'): { url: string; telegramId: number } {
  telegramIds += 1;
  const initData = sign(
    {
      user: {
        id: telegramIds,
        first_name: user.firstName,
        username: `${user.firstName.toLowerCase()}_${telegramIds}`,
        ...(user.languageCode ? { language_code: user.languageCode } : {}),
      },
      ...(user.startParam ? { start_param: user.startParam } : {}),
    } as never,
    E2E_BOT_TOKEN,
    new Date(),
  );
  const theme = user.theme === 'dark' ? DARK_THEME : THEME;
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: user.classicTheme ? '6.9' : '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(user.classicTheme ? classicOnly(theme) : theme),
    ...(user.startParam ? { tgWebAppStartParam: user.startParam } : {}),
  });
  return { url: `${APP_ORIGIN}/#${launch.toString()}`, telegramId: telegramIds };
}

/**
 * What Telegram's phone and desktop apps give their webview (run with page.addInitScript): the
 * `TelegramWebviewProxy.postEvent(eventType, eventData)` the SDK calls, answered as an iPhone's Telegram
 * answers, through `Telegram.WebView.receiveEvent`; every call recorded in `window.miniAppCalls`.
 */
export function telegramWebviewStandIn(): void {
  const calls: string[] = [];
  const answer = (eventType: string, eventData?: unknown) =>
    setTimeout(() => (window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } } }).Telegram.WebView.receiveEvent(eventType, eventData), 0);
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  const postEvent = (eventType: string) => {
    calls.push(eventType);
    if (eventType === 'web_app_request_viewport') answer('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
    if (eventType === 'web_app_request_safe_area') answer('safe_area_changed', { ...insets, top: 47, bottom: 34 });
    if (eventType === 'web_app_request_content_safe_area') answer('content_safe_area_changed', insets);
    if (eventType === 'web_app_request_fullscreen') answer('fullscreen_changed', { is_fullscreen: true });
    if (eventType === 'web_app_exit_fullscreen') answer('fullscreen_changed', { is_fullscreen: false });
  };
  Object.assign(window, { miniAppCalls: calls, TelegramWebviewProxy: { postEvent } });
}

/** Telegram Web's page with the Mini App at `appUrl` in its iframe. */
export const telegramWebPage = (appUrl: string) => `${TELEGRAM_WEB}/a/?app=${encodeURIComponent(appUrl)}`;

/**
 * A test file's browser that reaches the stand-in's two hosts: the stand-in starts with the file (once
 * the e2e server is up) and stops after it.
 */
export function useTelegramBrowser(): ReturnType<typeof useBrowser> {
  let standIn: TelegramWebStandIn | undefined;
  const browser = useBrowser(async () => {
    standIn = await startTelegramWeb(inject('baseUrl'));
    return standIn.chromiumFlags;
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return browser;
}
