import { DEVICE_ID_HEADER } from '../../protocol/integrity.ts';
import { deviceId } from '../platform/deviceId.ts';
import { sessionToken } from './sessionToken.ts';

/**
 * The one door to the HTTP API. Every call goes to /api on the same origin with the player's session —
 * the cookie, or inside Telegram the in-memory token as `Authorization: Bearer` (./sessionToken.ts) — and
 * the device id (src/platform/deviceId.ts); every error answer is `{message}` (DESIGN.md §3), surfaced
 * as an ApiError so a page can show the server's words, or its own default text from the spec when
 * there are none.
 */

/** The server answered, but not with 2xx. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, when the answer had one. */
  readonly serverMessage: string | null;

  /** The server's Retry-After, in ms, when it sent one (a 503 does). */
  readonly retryAfterMs: number | null;

  constructor(status: number, serverMessage: string | null, retryAfterMs: number | null = null) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterMs = retryAfterMs;
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

function messageIn(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
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
  if (!response.ok) throw new ApiError(response.status, messageIn(answer), retryAfterMs(response));
  return answer as Answer;
}

export const get = <Answer>(path: string, options?: RequestOptions) => request<Answer>('GET', path, undefined, options);
export const post = <Answer>(path: string, body?: unknown, options?: RequestOptions) =>
  request<Answer>('POST', path, body ?? {}, options);

/**
 * What to show for a failed call (spec §7, §8): the server's message when present; otherwise `failed`
 * when the server answered, `error` when it could not be reached.
 */
export function messageOf(error: unknown, defaults: { failed: string; error: string }): string {
  if (error instanceof ApiError) return error.serverMessage ?? defaults.failed;
  return defaults.error;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
