import type { GameProof } from '../../protocol/fairness.ts';
import { verifyProof } from '../../rules/verify.ts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { listening, startTestApp, type DatabaseKind, type TestApp } from './harness.ts';
import type { GameUpdate, GameViewBase } from '../../protocol/game.ts';

/** Every event a client received, in order, as [name, payload]. */
export type Received = [string, unknown][];

export interface Client {
  socket: Socket;
  events: Received;
}

/**
 * A player's real Socket.IO client over loopback, signed in by its session cookie, recording every event.
 * `open` collects the sockets so the suite can close them all.
 */
export async function connectClient(base: string, cookie: string, open: Socket[]): Promise<Client> {
  const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  open.push(socket);
  const events: Received = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

/** A call to the real API over HTTP with the player's cookie; anything but 2xx throws with the body. */
export async function apiCall<T>(base: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A finished game's proof, as a player fetches it, replayed by rules/verify.ts: it must hold. */
export async function expectProofHolds(base: string, cookie: string, gameId: string): Promise<GameProof> {
  const proof = await apiCall<GameProof>(base, cookie, 'GET', `/games/${gameId}/proof`);
  const verdict = verifyProof(proof);
  if (!verdict.ok) throw new Error(`the proof of ${gameId} does not hold: ${JSON.stringify(verdict)}`);
  return proof;
}

/** The game updates a client received (gameStarted and game-update), in order. */
export function gameUpdates<View extends GameViewBase>(events: Received): GameUpdate<View>[] {
  return events.filter(([name]) => name === 'game-update' || name === 'gameStarted').map(([, payload]) => payload as GameUpdate<View>);
}

/** The newest version of the game this client has seen. */
export function latestGame<View extends GameViewBase>(events: Received, gameId: string): View | undefined {
  let latest: View | undefined;
  for (const update of gameUpdates<View>(events)) {
    if (update.game._id === gameId && (!latest || update.game.v > latest.v)) latest = update.game;
  }
  return latest;
}

/** A suite's app, listening on loopback for real socket clients; set once its beforeAll has run. */
export interface ListeningApp {
  t: TestApp;
  base: string;
  /** Every socket the suite opened, closed after it. */
  open: Socket[];
}

/**
 * Starts the real app for a suite (on `kind`, with `env`) listening on a loopback port; after the suite
 * closes its sockets, checks the ledger still balances, and stops the app.
 */
export function listeningApp(kind: DatabaseKind, env: Record<string, string> = {}): ListeningApp {
  const live = { open: [] as Socket[] } as ListeningApp;
  beforeAll(async () => {
    live.t = await startTestApp(kind, env);
    live.base = await listening(live.t);
  });
  afterAll(async () => {
    for (const socket of live.open) socket.disconnect();
    expect(await checkLedger(live.t.database.db)).toEqual({ ok: true, problems: [] });
    await live.t.close();
  });
  return live;
}
