/**
 * The one door to the HTTP API. Every call goes to /api on the same origin with the session cookie;
 * every error answer is `{message}` (DESIGN.md §3), surfaced as an ApiError so a page can show the
 * server's words, or its own default text from the spec when there are none.
 */

/** The server answered, but not with 2xx. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, when the answer had one. */
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
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
  /** The operator token; admin calls send it besides the admin cookie. */
  bearer?: string | null;
  signal?: AbortSignal;
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

function messageIn(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

export async function request<Answer>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;

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
  if (!response.ok) throw new ApiError(response.status, messageIn(answer));
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
