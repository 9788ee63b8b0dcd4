import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { DEVICE_ID_HEADER } from '../protocol/device.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../protocol/socket.ts';
import { CLIENT_IDLE_MS, percentile } from './loadKit.ts';

/**
 * The load benches' player, as the app talks to the server (launch.bench.ts, mixed-room.bench.ts): a
 * keep-alive JSON client shared by every bot (a pool of connections, like a carrier's NAT or a browser's
 * per-origin pool), each call carrying its player's credentials (the Mini App's `Authorization: Bearer`
 * token, or the browser's `sid` cookie), its client address (`X-Forwarded-For`, taken by a node that trusts
 * the loopback proxy) and its device id, as src/api/http.ts sends them; and the player's Socket.IO
 * connection as src/api/socket.ts opens it. Every answer is tallied by endpoint and status.
 */

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How a player proves who they are: the Mini App's token, or a browser's session cookie. */
export type Credentials = { kind: 'bearer'; token: string } | { kind: 'cookie'; token: string };

export interface PlayerLink {
  /** None before the player has signed in. */
  credentials: Credentials | null;
  /** The client's public address (a carrier's CGNAT address is shared by thousands), or none. */
  address: string | null;
  deviceId: string;
}

export interface Answer<T> {
  /** 0: no answer (connection refused or reset, or no answer in time). */
  status: number;
  body: T;
  /** From the request's write to the parsed answer. */
  ms: number;
  /** The server's error message, for a non-2xx answer. */
  message: string;
}

export const newDeviceId = (): string => randomBytes(16).toString('hex');

/**
 * Answers the game gives to an action that came a moment too late — the game moved on meanwhile (the
 * opponent's move, a deadline, the other seed): 409 on these endpoints is the rules' correct answer, as
 * the app expects it, not a fault. Any other non-2xx is counted as bad.
 */
const LATE_IS_CORRECT = /^POST \/api\/(rps-move|move-backgammon-checker|make-carrom-move|blot\/.+|leave-.+|games\/:id\/client-seed|cancel-search)$/;

interface EndpointTally {
  latencies: number[];
  statuses: Map<number, number>;
  /** Non-2xx answers by "status message". */
  refusals: Map<string, number>;
}

/** Every call's endpoint, status and time. */
export class CallTally {
  private readonly endpoints = new Map<string, EndpointTally>();

  record(endpoint: string, status: number, ms: number, message: string): void {
    let tally = this.endpoints.get(endpoint);
    if (!tally) {
      tally = { latencies: [], statuses: new Map(), refusals: new Map() };
      this.endpoints.set(endpoint, tally);
    }
    tally.latencies.push(ms);
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status < 200 || status >= 300) {
      const key = `${status} ${message}`.trim();
      tally.refusals.set(key, (tally.refusals.get(key) ?? 0) + 1);
    }
  }

  latencies(...endpoints: string[]): number[] {
    return endpoints.flatMap((endpoint) => this.endpoints.get(endpoint)?.latencies ?? []);
  }

  count(predicate: (status: number, endpoint: string) => boolean): number {
    let n = 0;
    for (const [endpoint, tally] of this.endpoints) for (const [status, count] of tally.statuses) if (predicate(status, endpoint)) n += count;
    return n;
  }

  /** Every non-2xx answer: endpoint, status and message, how often, and whether it is the game's correct answer to a late action. */
  refusals(): { endpoint: string; answer: string; status: number; count: number; late: boolean }[] {
    const rows: { endpoint: string; answer: string; status: number; count: number; late: boolean }[] = [];
    for (const [endpoint, tally] of this.endpoints) {
      for (const [answer, count] of tally.refusals) {
        const status = Number(answer.split(' ')[0]);
        rows.push({ endpoint, answer, status, count, late: status === 409 && LATE_IS_CORRECT.test(endpoint) });
      }
    }
    return rows.sort((a, b) => b.count - a.count);
  }

  calls(): number {
    return this.count(() => true);
  }
}

/** The p-th percentile of unsorted values (the tallies keep them as they came). */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile([...values].sort((a, b) => a - b), p);
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The JSON client every bot shares: `maxSockets` keep-alive connections to `base` (the node, or the
 * cluster's HAProxy). A call never throws: a refused or reset connection or no answer in 30 s is
 * status 0, tallied like any answer.
 */
export function appClient(base: string, tally: CallTally, maxSockets = 512) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: CLIENT_IDLE_MS });
  const target = new URL(base);

  function call<T>(link: PlayerLink | null, method: 'GET' | 'POST', route: string, body?: unknown, endpoint = `${method} ${route}`, extra: Record<string, string> = {}): Promise<Answer<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { ...extra };
    if (link) {
      if (link.credentials?.kind === 'bearer') headers.authorization = `Bearer ${link.credentials.token}`;
      else if (link.credentials?.kind === 'cookie') headers.cookie = `sid=${link.credentials.token}`;
      if (link.address) headers['x-forwarded-for'] = link.address;
      headers[DEVICE_ID_HEADER] = link.deviceId;
    }
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve) => {
      const start = performance.now();
      const done = (status: number, text: string, failure = '') => {
        const ms = performance.now() - start;
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        const message =
          failure || (status >= 200 && status < 300 ? '' : parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : text.slice(0, 80));
        tally.record(endpoint, status, ms, message);
        resolve({ status, body: parsed as T, ms, message });
      };
      const req = http.request({ agent, host: target.hostname, port: target.port, method, path: route, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (error) => done(0, '', `no answer: ${error.message}`));
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', (error: NodeJS.ErrnoException) => done(0, '', `no answer: ${error.code ?? error.message}`));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  return { call, close: () => agent.destroy() };
}

export type AppClient = ReturnType<typeof appClient>;

/**
 * The player's Socket.IO connection as the app opens it: websocket, the token in `auth.token` beside the
 * device id (or the session cookie), and, behind the carrier, the client's address in X-Forwarded-For.
 * No automatic reconnection: a bot reconnects itself, so a dropped connection is counted.
 */
export function openPlayerSocket(base: string, link: PlayerLink, timeoutMs = 10_000): Promise<PlayerSocket> {
  const extraHeaders: Record<string, string> = {};
  if (link.address) extraHeaders['x-forwarded-for'] = link.address;
  if (link.credentials?.kind === 'cookie') extraHeaders.cookie = `sid=${link.credentials.token}`;
  const auth = link.credentials?.kind === 'bearer' ? { token: link.credentials.token, deviceId: link.deviceId } : { deviceId: link.deviceId };
  const socket: PlayerSocket = connect(base, { path: '/socket.io', transports: ['websocket'], auth, extraHeaders, reconnection: false, timeout: timeoutMs });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
