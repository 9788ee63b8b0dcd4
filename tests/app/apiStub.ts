import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

export type StubReply = { status?: number; body?: unknown } | 'network-error';
export type StubRoute = StubReply | ((call: StubCall) => StubReply | Promise<StubReply>);

/**
 * A tiny fake of the HTTP API on the global fetch: routes keyed 'METHOD /api/path'. Unknown routes
 * answer 404 {message}, so a test notices a call it did not expect. Every call is recorded.
 * GET /api/config (no bot, no support link, the real chain) and GET /api/protected have signed-out defaults.
 */
export function stubApi(routes: Record<string, StubRoute> = {}) {
  const table: Record<string, StubRoute> = {
    'GET /api/config': { body: { botUsername: null, supportUrl: null, chain: 'tron' } },
    'GET /api/protected': { status: 401, body: { message: 'Not signed in' } },
    ...routes,
  };
  const calls: StubCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: StubCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      credentials: init.credentials,
    };
    calls.push(call);
    const route = table[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const { status = 200, body = {} } = reply ?? { status: 404, body: { message: `No stub for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    /** The calls to one route, e.g. callsTo('POST /api/login'). */
    callsTo(route: string): StubCall[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path.split('?')[0] === path);
    },
  };
}

/**
 * The server around a leave (spec §7): GET /api/current-game answers the running game until the
 * leave is posted, then the game the leave ended, as the server does for a minute after. Without
 * this the lobby would find the game still running and rightly take the player back to it.
 */
export function leaveAnswers(leaveRoute: string, running: unknown, ended: unknown): Record<string, StubRoute> {
  let left = false;
  return {
    'GET /api/current-game': () => ({ body: left ? ended : running }),
    [leaveRoute]: () => {
      left = true;
      return { body: { ok: true } };
    },
  };
}
