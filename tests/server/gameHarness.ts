import type { FastifyInstance } from 'fastify';
import type { StartGameAnswer } from '../../protocol/game.ts';
import { usdtToMicro } from '../../protocol/money.ts';
import type { RpsChoice } from '../../protocol/rps.ts';
import { applyIncoming, depositAddressOf } from '../../server/wallet/deposits.ts';
import { signedUp, type TestApp } from './harness.ts';

export interface Player {
  id: string;
  username: string;
  cookie: string;
}

let deposits = 0;

/** A signed-in player with `usdt` on their balance, credited through the real deposit path. */
export async function fundedPlayer(t: TestApp, usdt: number): Promise<Player> {
  const player = await signedUp(t.app);
  if (usdt > 0) await credit(t, player.id, usdt);
  return player;
}

export async function credit(t: TestApp, userId: string, usdt: number): Promise<void> {
  deposits += 1;
  const address = await depositAddressOf(t.database.db, t.app.services.wallet.gateway, userId);
  await applyIncoming(
    t.app.services,
    [{ txId: `game-test-${userId}-${deposits}`, eventIndex: 0, to: address, currency: 'USDT', amountRaw: usdtToMicro(usdt), confirmations: 100, final: true }],
    t.app.services.wallet.rules,
  );
}

export async function balanceOf(app: FastifyInstance, player: Player): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/protected', headers: { cookie: player.cookie } });
  return res.json().user.balance;
}

export function startGame(app: FastifyInstance, player: Player, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/start-game', headers: { cookie: player.cookie }, payload: body });
}

export async function started(app: FastifyInstance, player: Player, gameMode: string, betAmount: number): Promise<StartGameAnswer> {
  const res = await startGame(app, player, { gameMode, betAmount, socketId: 'test' });
  if (res.statusCode !== 200) throw new Error(`start-game ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function currentGame(app: FastifyInstance, player: Player) {
  const res = await app.inject({ method: 'GET', url: '/api/current-game', headers: { cookie: player.cookie } });
  if (res.statusCode !== 200) throw new Error(`current-game ${res.statusCode} ${res.body}`);
  return res.json();
}

export function rpsMove(app: FastifyInstance, player: Player, gameId: string, choice: RpsChoice | string, v?: number, round?: number) {
  const payload = { gameId, choice, ...(v === undefined ? {} : { v }), ...(round === undefined ? {} : { round }) };
  return app.inject({ method: 'POST', url: '/api/rps-move', headers: { cookie: player.cookie }, payload });
}

/** Pairs two funded players in an RPS queue and returns the game id. */
export async function pairedRps(app: FastifyInstance, a: Player, b: Player, bet: number): Promise<string> {
  const first = await started(app, a, 'rps', bet);
  if (first.status !== 'searching') throw new Error(`expected searching, got ${first.status}`);
  const second = await started(app, b, 'rps', bet);
  if (second.status !== 'started') throw new Error(`expected started, got ${second.status}`);
  return (await currentGame(app, a)).game._id;
}

/** Plays rounds until the game ends: `a` always beats `b`. */
export async function playRpsToEnd(t: TestApp, a: Player, b: Player, gameId: string): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const ra = await rpsMove(t.app, a, gameId, 'rock');
    if (ra.statusCode !== 200) throw new Error(`move a ${ra.statusCode} ${ra.body}`);
    const rb = await rpsMove(t.app, b, gameId, 'scissors');
    if (rb.statusCode !== 200) throw new Error(`move b ${rb.statusCode} ${rb.body}`);
    if (rb.json().game.status !== 'in-progress') return;
    await nextRound(t);
  }
}

/** Ends the 2.4 s reveal at once, through the real sweeper with a clock moved forward. */
export async function nextRound(t: TestApp): Promise<void> {
  const { sweepGameTimeouts } = await import('../../server/games/timeouts.ts');
  await sweepGameTimeouts(t.app.services, Date.now() + 2500);
}

/** A small seeded generator, so a test's bots vary their choices but repeat them run to run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
