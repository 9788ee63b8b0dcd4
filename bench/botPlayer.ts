import { randomBytes } from 'node:crypto';
import type { GameMode } from '../protocol/constants.ts';
import { SEEDING_PHASE } from '../protocol/fairness.ts';
import type { CancelSearchAnswer, CurrentGameAnswer, GameUpdate, StartGameAnswer } from '../protocol/game.ts';
import type { User } from '../protocol/user.ts';
import { ANSWERED_SOCKET_HEADER } from '../protocol/socket.ts';
import { openPlayerSocket, type AppClient, type Answer, type PlayerLink, type PlayerSocket } from './appClient.ts';
import { delay } from './loadKit.ts';
import { actionOpensAt, chooseAction, leaveRoutes, mayAct, thinkMs, type Random } from './modeBots.ts';
import type { PlayStats, SeatRecord } from './playStats.ts';

/**
 * One player of the load benches, behaving as the player app does (src/app/useLiveSession.ts,
 * liveGame.ts, GameStartOverlay.tsx, useLiveGame.ts): one Socket.IO connection that authenticates on
 * every (re)connect; the session user re-read on a balance change and at a game's end; Play through
 * POST /api/start-game, then on gameStarted the device's client seed at once beside the screen's preload,
 * and the game screen's GET /api/current-game; updates taken by version, a gap or a reconnect answered by
 * GET /api/current-game; moves chosen by modeBots.ts from the newest view after a person's think time.
 * A player can leave a game (the leave endpoint), drop its connection mid-game and come back on a new
 * one, cancel a search, and search again after a search ran out.
 */

export interface BotContext {
  base: string;
  client: AppClient;
  stats: PlayStats;
  random: Random;
  /** Multiplies every think time (1: modeBots.ts's human-ish ranges). */
  thinkScale: number;
  /** The server's SEARCH_TIMEOUT_MS: a search with no word after it (and a margin) is lost. */
  searchTimeoutMs: number;
}

/** What a player will do in one game, decided before it starts. */
export interface GamePlan {
  mode: GameMode;
  betUsdt: number;
  /** Leave the game instead of this action (a player who gives up), if set. */
  leaveAtAction?: number | undefined;
  /** Drop the connection before this action and come back on a new one a few seconds later, if set. */
  dropAtAction?: number | undefined;
  /** Cancel the search if no opponent came by then (performance.now()), if set. */
  cancelSearchAt?: number | undefined;
  /** The player goes away at this time (performance.now()): a search is canceled, a game left. */
  leaveBy: number;
}

export type GameOutcome = 'played' | 'refused' | 'search-timeout' | 'canceled' | 'lost';

/** The app's pauses: a screen's preload before its first load, a reconnect's delay (spec §9: 0.5–1 s). */
const PRELOAD_MS: [number, number] = [50, 800];
const RECONNECT_MS: [number, number] = [500, 1000];
/** How long a phone stays in the tunnel when it drops its connection mid-game. */
const OFFLINE_MS: [number, number] = [1000, 6000];
/** After a deadline the sweeper's update gets this long before the game is asked for. */
const DEADLINE_GRACE_MS = 5000;
/** A leave that did not end the game is tried again after this long. */
const LEAVE_AGAIN_MS = 5000;
/** A game still running this long after the player meant to go is given up on (and counted): the bench ends. */
const GIVE_UP_MS = 60_000;

export class Bot {
  socket: PlayerSocket | null = null;
  balance = 0;
  score = 0;
  /** The newest view of the player's current (or last) game. */
  private current: GameUpdate | null = null;
  private seat: SeatRecord | null = null;
  private searching: GameMode | null = null;
  private searchRanOut = false;
  private lostTrack = false;
  private wakers = new Set<() => void>();
  private closing = false;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly ctx: BotContext,
    readonly link: PlayerLink,
    readonly userId: string,
  ) {}

  private call<T>(method: 'GET' | 'POST', route: string, body?: unknown, endpoint?: string): Promise<Answer<T>> {
    return this.ctx.client.call<T>(this.link, method, route, body, endpoint);
  }

  /** A move or a client seed, as the app sends them: naming its socket, which then has the update as the answer only. */
  private answered<T>(route: string, body: unknown, endpoint?: string): Promise<Answer<T>> {
    const id = this.socket?.id;
    return this.ctx.client.call<T>(this.link, 'POST', route, body, endpoint, id ? { [ANSWERED_SOCKET_HEADER]: id } : {});
  }

  private between([low, high]: [number, number]): number {
    return low + this.ctx.random() * (high - low);
  }

  private wake(): void {
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }

  /** Resolves true when something arrived (an update, an event), false after `timeoutMs`. */
  private changed(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakers.delete(wake);
        resolve(false);
      }, Math.max(0, timeoutMs));
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.wakers.add(wake);
    });
  }

  // ---- The connection ----

  /** Opens the socket (three tries, as a flaky network needs), authenticates, and resyncs a running game. */
  async connect(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const start = performance.now();
      try {
        const socket = await openPlayerSocket(this.ctx.base, this.link);
        this.ctx.stats.socketConnects.push(performance.now() - start);
        this.attach(socket);
        socket.emit('authenticate', { userId: this.userId });
        if (this.current?.game.status === 'in-progress') void this.reload();
        return;
      } catch (error) {
        this.ctx.stats.counts.socketFailures += 1;
        if (attempt >= 3) throw error;
        await delay(1000);
      }
    }
  }

  private attach(socket: PlayerSocket): void {
    this.socket = socket;
    socket.on('gameStarted', (update) => {
      if (this.searching !== update.game.gameMode || this.current?.game._id === update.game._id) return;
      this.searching = null;
      this.current = update;
      this.wake();
    });
    socket.on('game-update', (update) => this.receive(update, true));
    socket.on('search-timeout', ({ balance }) => {
      this.balance = balance;
      if (this.searching) this.searchRanOut = true;
      this.wake();
    });
    socket.on('balanceUpdated', (balance) => {
      this.balance = balance;
      void this.refreshUser();
      this.wake();
    });
    socket.on('playerReconnected', () => {
      if (this.current?.game.status === 'in-progress') void this.reload();
    });
    socket.on('disconnect', () => {
      if (this.closing || socket !== this.socket) return;
      this.ctx.stats.counts.unexpectedDisconnects += 1;
      this.socket = null;
      void delay(this.between(RECONNECT_MS))
        .then(() => this.connect())
        .catch(() => undefined);
    });
  }

  /** Closes the connection for good (the player went away). */
  close(): void {
    this.closing = true;
    this.socket?.disconnect();
    this.socket = null;
    this.wake();
  }

  /** A phone in a tunnel: the connection is gone for a few seconds, then a new one comes. */
  private async dropAndReturn(): Promise<void> {
    this.ctx.stats.counts.drops += 1;
    this.closing = true;
    this.socket?.disconnect();
    this.socket = null;
    this.closing = false;
    await delay(this.between(OFFLINE_MS));
    await this.connect();
  }

  // ---- What the app keeps fresh ----

  /** The session user (balance, score), as the app's session query re-reads it. */
  refreshUser(): Promise<void> {
    this.refreshing ??= this.call<{ user: User }>('GET', '/api/protected')
      .then((answer) => {
        if (answer.status !== 200 || !answer.body?.user) return;
        this.balance = answer.body.user.balance;
        this.score = answer.body.user.score;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** A newer view of the current game, from the socket (a skipped version is reloaded, not patched) or an answer. */
  private receive(update: GameUpdate, fromSocket: boolean): void {
    const current = this.current;
    if (!current || update.game._id !== current.game._id || update.game.v <= current.game.v) return;
    if (fromSocket && update.game.v > current.game.v + 1) {
      this.ctx.stats.counts.resyncsAfterGap += 1;
      void this.reload();
      return;
    }
    this.adopt(update);
  }

  private adopt(update: GameUpdate): void {
    this.current = update;
    const seat = this.seat;
    if (seat && seat.drawnAt === null && update.game._id === seat.gameId && update.game.phase !== SEEDING_PHASE) {
      seat.drawnAt = performance.now();
      seat.actsFirst = update.game.status === 'in-progress' && mayAct(update.game, this.userId);
    }
    this.wake();
  }

  /** GET /api/current-game; calls made while one is on its way share it plus one more (liveGame.ts). */
  private reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    const run = async () => {
      do {
        this.reloadAgain = false;
        const answer = await this.call<CurrentGameAnswer>('GET', '/api/current-game');
        const current = this.current;
        if (answer.status !== 200 || !current) continue;
        const game = answer.body.game;
        if (game && game._id === current.game._id) {
          if (game.v > current.game.v) this.adopt(answer.body as GameUpdate);
        } else if (!game && current.game.status === 'in-progress') {
          // The server has no running game for this player any more, and never told: lost.
          this.lostTrack = true;
          this.wake();
        }
      } while (this.reloadAgain);
    };
    this.reloading = run().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  // ---- Money ----

  /** Asks for the deposit address, sends `usdt` to it on the dev chain, and waits for the credit. */
  async deposit(usdt: number, timeoutMs = 90_000): Promise<boolean> {
    const { stats } = this.ctx;
    const address = await this.call<{ walletAddress: string }>('GET', '/api/wallet/wallet-address');
    if (address.status !== 200) return false;
    const before = this.balance;
    const sent = await this.call('POST', '/api/dev/deposit', { address: address.body.walletAddress, amount: usdt, currency: 'USDT' });
    if (sent.status !== 200) return false;
    stats.counts.depositsSent += 1;
    stats.counts.depositedMicro += BigInt(Math.round(usdt * 1_000_000));
    const start = performance.now();
    // Balances are USDT numbers with six decimals: compare in micro-USDT.
    while (Math.round(this.balance * 1e6) < Math.round((before + usdt) * 1e6)) {
      const left = timeoutMs - (performance.now() - start);
      if (left <= 0) {
        stats.counts.depositsNotCredited += 1;
        return false;
      }
      await this.changed(Math.min(left, 5000));
    }
    stats.depositCredited.push(performance.now() - start);
    return true;
  }

  // ---- A game ----

  /** Play: the search, the start, the game to its end (or until the player leaves it). */
  async playGame(plan: GamePlan): Promise<GameOutcome> {
    const play = performance.now();
    this.searching = plan.mode;
    this.searchRanOut = false;
    const started = await this.call<StartGameAnswer>('POST', '/api/start-game', { betAmount: plan.betUsdt, gameMode: plan.mode, socketId: this.socket?.id ?? 'none' });
    if (started.status !== 200) {
      this.searching = null;
      return 'refused';
    }
    if (this.searching) this.balance = started.body.balance;
    const outcome = await this.awaitOpponent(plan, play);
    if (outcome) return outcome;
    return this.playToTheEnd(plan, play);
  }

  /** Waits for gameStarted; null once it came, else how the search ended. */
  private async awaitOpponent(plan: GamePlan, play: number): Promise<GameOutcome | null> {
    const { stats } = this.ctx;
    let cancelAt = Math.min(plan.cancelSearchAt ?? Infinity, plan.leaveBy);
    while (this.searching) {
      if (this.searchRanOut) {
        this.searching = null;
        stats.counts.searchesTimedOut += 1;
        return 'search-timeout';
      }
      const now = performance.now();
      if (now >= cancelAt) {
        cancelAt = Infinity;
        const canceled = await this.call<CancelSearchAnswer>('POST', '/api/cancel-search');
        if (canceled.status === 200) {
          this.searching = null;
          this.balance = canceled.body.balance;
          stats.counts.searchesCanceled += 1;
          return 'canceled';
        }
        // 409: paired meanwhile; its gameStarted is on its way.
      }
      if (now - play > this.ctx.searchTimeoutMs + 30_000) {
        this.searching = null;
        stats.counts.searchesLost += 1;
        return 'lost';
      }
      await this.changed(Math.min(5000, cancelAt - now));
    }
    return null;
  }

  private async playToTheEnd(plan: GamePlan, play: number): Promise<GameOutcome> {
    const { stats, random } = this.ctx;
    const first = this.current as GameUpdate;
    const gameId = first.game._id;
    const mode = first.game.gameMode;
    this.lostTrack = false;
    this.seat = { gameId, userId: this.userId, mode, play, pairedAt: performance.now(), drawnAt: null, actsFirst: false };
    stats.joined(this.seat);
    this.adopt(first);
    // The start overlay: the device's client seed beside the preload; then the game screen loads the game.
    const alongside: Promise<unknown>[] = [];
    if (first.game.phase === SEEDING_PHASE) alongside.push(this.sendClientSeed(gameId));
    alongside.push(delay(this.between(PRELOAD_MS)).then(() => this.reload()));

    let actions = 0;
    let dropped = false;
    let leftAt: number | null = null;
    for (;;) {
      const game = (this.current as GameUpdate).game;
      if (game._id !== gameId || game.status !== 'in-progress' || this.lostTrack) break;
      const now = performance.now();
      if (now >= plan.leaveBy + GIVE_UP_MS) {
        stats.counts.gamesStuck += 1;
        break;
      }
      const mine = mayAct(game, this.userId);
      const leaving = now >= plan.leaveBy || (mine && plan.leaveAtAction === actions);
      if (leaving && (leftAt === null || now - leftAt >= LEAVE_AGAIN_MS)) {
        if (leftAt === null) stats.counts.leaves += 1;
        leftAt = now;
        const answer = await this.call('POST', leaveRoutes[mode], { gameId });
        if (answer.status !== 200) await this.reload();
        continue;
      }
      if (!mine || leftAt !== null) {
        // A wait cut short by the player's own time to go is no missing update.
        if (!(await this.changed(this.patience(game, plan))) && (performance.now() < plan.leaveBy - 50 || leftAt !== null)) {
          stats.counts.resyncsAfterWait += 1;
          await this.reload();
        }
        continue;
      }
      if (!dropped && plan.dropAtAction === actions) {
        dropped = true;
        await this.dropAndReturn().catch(() => undefined);
        continue;
      }
      await delay(Math.max(0, actionOpensAt(game) - Date.now()) + thinkMs(mode, random, this.ctx.thinkScale));
      const latest = (this.current as GameUpdate).game;
      if (latest._id !== gameId || !mayAct(latest, this.userId) || performance.now() >= plan.leaveBy) continue;
      const action = chooseAction(latest, this.userId, random);
      const answer = await this.answered<GameUpdate>(action.route, action.body);
      stats.move(mode, { ms: answer.ms, at: performance.now(), status: answer.status });
      actions += 1;
      if (answer.status === 200) this.receive(answer.body, false);
      else if (answer.status === 409) {
        stats.counts.resyncsAfter409 += 1;
        await this.reload();
      } else await this.changed(2000);
    }
    await Promise.all(alongside);
    this.seat = null;
    stats.ended();
    if (this.lostTrack) stats.counts.gamesLost += 1;
    // The app re-reads the session user when a game finishes (score, balance).
    await this.refreshUser();
    return 'played';
  }

  /** How long to wait for the next update before asking for the game: past its deadline and a grace. */
  private patience(game: GameUpdate['game'], plan: GamePlan): number {
    const untilLeave = plan.leaveBy - performance.now();
    const deadline = game.deadlineAt === null ? 30_000 : game.deadlineAt - Date.now() + (game.phase === SEEDING_PHASE ? 1000 : DEADLINE_GRACE_MS);
    // Once gone (or going), the game's end is waited for a leave's retry at a time.
    return untilLeave <= 0 ? LEAVE_AGAIN_MS : Math.max(200, Math.min(untilLeave, Math.max(1000, deadline)));
  }

  /** POST /api/games/{id}/client-seed, resent twice after a network failure (src/api/clientSeed.ts). */
  private async sendClientSeed(gameId: string): Promise<void> {
    const clientSeed = randomBytes(16).toString('hex');
    for (const pause of [500, 1000, null]) {
      const answer = await this.answered<GameUpdate>(`/api/games/${gameId}/client-seed`, { clientSeed }, 'POST /api/games/:id/client-seed');
      if (answer.status === 200) this.receive(answer.body, false);
      if (answer.status !== 0 || pause === null) return;
      await delay(pause);
    }
  }
}
