import i18next from 'i18next';
import { DEVICE_ID_HEADER } from '../../protocol/device.ts';
import { deviceId } from '../platform/deviceId.ts';
import { sessionToken } from './sessionToken.ts';

/**
 * The one door to the HTTP API. Every call goes to /api on the same origin with the player's session —
 * the cookie, or inside Telegram the in-memory token as `Authorization: Bearer` (./sessionToken.ts) — and
 * the device id (src/platform/deviceId.ts); every error answer is `{message, code}` (DESIGN.md §3),
 * surfaced as an ApiError so a page can show the code's translation, the server's words when the app
 * has none, or its own default text from the spec when there are neither.
 */

/** The server answered, but not with 2xx. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, when the answer had one. */
  readonly serverMessage: string | null;
  /** The answer's stable error code (protocol/errorCodes.ts), when it had one. */
  readonly code: string | null;

  /** The server's Retry-After, in ms, when it sent one (a 503 does). */
  readonly retryAfterMs: number | null;

  constructor(status: number, serverMessage: string | null, retryAfterMs: number | null = null, code: string | null = null) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterMs = retryAfterMs;
    this.code = code;
  }
}

/** The server could not be reached, or answered something that is not JSON. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  /** The operator token; admin calls send it besides the admin cookie (in place of any player token). */
  bearer?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (the login's ask for its session token in the body). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && response.headers.has('retry-after') ? seconds * 1000 : null;
}

function textIn(body: unknown, field: 'message' | 'code'): string | null {
  if (body && typeof body === 'object' && field in body) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** A GET answered 503 (the database restarting, a node shutting down) is asked again this many times. */
const UNAVAILABLE_RETRIES = 3;
/** The longest wait honoured from Retry-After, so a screen never hangs on a long hint. */
const MAX_RETRY_WAIT_MS = 3000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One call. A GET that meets a 503 is retried after the server's Retry-After (reads change nothing, so
 * asking again is safe); a POST never is, since it may move money: its caller shows the error instead.
 */
export async function request<Answer>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await requestOnce<Answer>(method, path, body, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503 || method !== 'GET' || attempt >= UNAVAILABLE_RETRIES) throw error;
      await wait(Math.min(MAX_RETRY_WAIT_MS, error.retryAfterMs ?? 1000));
    }
  }
}

async function requestOnce<Answer>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', [DEVICE_ID_HEADER]: deviceId(), ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const bearer = options.bearer ?? sessionToken();
  if (bearer) headers.authorization = `Bearer ${bearer}`;

  let response: Response;
  try {
    // Looked up at call time, so tests can stub the global fetch.
    response = await globalThis.fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  const answer = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, textIn(answer, 'message'), retryAfterMs(response), textIn(answer, 'code'));
  return answer as Answer;
}

export const get = <Answer>(path: string, options?: RequestOptions) => request<Answer>('GET', path, undefined, options);
export const post = <Answer>(path: string, body?: unknown, options?: RequestOptions) =>
  request<Answer>('POST', path, body ?? {}, options);

/**
 * The translation of a server error code in the language shown, if the locale has one. A code that only
 * names the status ("http.notAllowed") says less than the server's English words (a rule's own reason),
 * so an English player reads those; a Russian or Armenian one reads the status's translation.
 */
function translatedCode(code: string | null, serverMessage: string | null): string | null {
  if (!code || !/^[a-z]+\.[A-Za-z]+$/.test(code)) return null;
  const key = `errors.${code}`;
  if (!i18next.exists(key)) return null;
  if (code.startsWith('http.') && serverMessage && (i18next.resolvedLanguage ?? 'en') === 'en') return null;
  return i18next.t(key as never);
}

/**
 * What to show for a failed call (spec §7, §8): the translation of the server's error code; else the
 * server's message; otherwise `failed` when the server answered, `error` when it could not be reached
 * (both already translated by the caller).
 */
export function messageOf(error: unknown, defaults: { failed: string; error: string }): string {
  if (error instanceof ApiError) return translatedCode(error.code, error.serverMessage) ?? error.serverMessage ?? defaults.failed;
  return defaults.error;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
