import { randomBytes, randomUUID } from 'node:crypto';
import type { GameMode } from '../../protocol/constants.ts';
import { fairnessText } from '../../protocol/fairness.ts';
import { gameText, type GameUpdate } from '../../protocol/game.ts';
import { RuleError } from '../../rules/game.ts';
import { gameSeedOf, seedHashOf } from '../../rules/random.ts';
import type { Services } from '../context.ts';
import { databaseUnavailable } from '../db/errors.ts';
import type { GameRow } from '../db/schema.ts';
import { audit } from '../admin/audit.ts';
import { HttpError } from '../http/errors.ts';
import { userRoom } from '../sockets/index.ts';
import { feedOngoingGames } from './admin.ts';
import { gameTransaction, runCommitted, type GameTx } from './outbox.ts';
import { rulesOfMode as rulesOf, type AnyRules } from '../../rules/registry.ts';
import { firstDraw, isSeeding } from './firstDraw.ts';
import { refundGame, settleAlone, settleHeld } from './settle.ts';
import { insertGames, loadGame, writeTransitions, type LoadedGame, type TransitionWrite } from './store.ts';
import type { Mover } from '../http/guards.ts';
import { seenGames } from './seenGames.ts';
import { writeTransition } from './transitionWriter.ts';
import { deadlineTimers } from './deadlines.ts';
import { gameUpdateFor, type Seat } from './views.ts';
import { encodeOnce } from '../sockets/encoder.ts';
import type { MoveOutcome } from '../metrics/metrics.ts';

/**
 * The authority of every game (DESIGN.md §2): each change is one transaction; the rules compute, the
 * row, its log line and (at the end) the settlement commit together; the players hear about it only
 * after commit, each with their own view. A change that ends the game holds the row's lock; one that
 * moves no money is a single statement that writes only if the row is still at the version it was
 * read at (playMove; server/README.md "The hot paths").
 */

export const deadlineOf = (rules: AnyRules, state: unknown): Date | null => {
  const at = rules.deadline(state);
  return at === null ? null : new Date(at);
};

export interface NewGame {
  mode: GameMode;
  betMicro: bigint;
  payoutMicro: bigint;
  /** Seat order: the first one asked first. */
  players: [string, string];
  rematchOf?: string | null;
  now: number;
}

/**
 * A new game's row, before it is written. The server seed, committed to by its hash from the start and
 * revealed at the end; the game draws from the seed derived from it, the game's id and the players'
 * client seeds (issue 18). With a seed wait the game is created without a state and makes its first
 * draw when both client seeds are in or the wait is over (firstDraw.ts); without one it draws now, with
 * no client seeds.
 */
function newGameRow(services: Services, spec: NewGame): GameRow {
  const rules = rulesOf(spec.mode);
  const seed = randomBytes(32).toString('hex');
  const id = randomUUID();
  const clientSeeds: [string, string] = ['', ''];
  const seedWaitMs = services.config.games.seedWaitMs;
  const state = seedWaitMs > 0 ? null : rules.create(spec.players, gameSeedOf(seed, id, clientSeeds), spec.now);
  return {
    id,
    gameMode: spec.mode,
    betMicro: spec.betMicro,
    payoutMicro: spec.payoutMicro,
    status: 'in-progress',
    state,
    version: 1,
    deadlineAt: state === null ? new Date(spec.now + seedWaitMs) : deadlineOf(rules, state),
    seed,
    seedHash: seedHashOf(seed),
    clientSeeds,
    winnerId: null,
    loserId: null,
    endReason: null,
    rematchOf: spec.rematchOf ?? null,
    settlement: null,
    createdAt: new Date(spec.now),
    endedAt: null,
  };
}

/** Both players of a new game hear of it (after commit), each with their own view. */
function announceGame(services: Services, row: GameRow, seats: Seat[]): void {
  keep(services, row, seats);
  for (const seat of seats) {
    const update = gameUpdateFor(row, seats, seat.userId, { firstUpdate: true });
    services.sockets.to(userRoom(seat.userId)).emit('gameStarted', update);
    services.sockets.to(userRoom(seat.userId)).emit('game-update', update);
  }
}

/** Creates a game inside the pairing's transaction (which also takes the bets into escrow). */
export async function createGame(money: GameTx, services: Services, spec: NewGame): Promise<GameRow> {
  const [row] = await createGames(money, services, [spec]);
  return row as GameRow;
}

/**
 * Creates the games of one pairing turn (server/matchmaking/turns.ts) inside its transaction, in one
 * statement; each game's players hear of it after commit.
 */
export async function createGames(money: GameTx, services: Services, specs: NewGame[]): Promise<GameRow[]> {
  if (specs.length === 0) return [];
  const created = specs.map((spec) => ({ game: newGameRow(services, spec), players: spec.players }));
  const seatsById = await insertGames(money.tx, created);
  money.later(() => {
    for (const { game } of created) announceGame(services, game, seatsById.get(game.id) ?? []);
    feedOngoingGames(services);
  });
  for (const { game, players } of created) {
    services.log.info({ gameId: game.id, mode: game.gameMode, bet: game.betMicro.toString(), players }, 'game started');
  }
  return created.map(({ game }) => game);
}

export async function lockGame(tx: GameTx['tx'], gameId: string): Promise<LoadedGame> {
  const loaded = await loadGame(tx, gameId, 'update');
  if (!loaded) throw new HttpError(404, gameText.gameNotFound);
  return loaded;
}

export interface Transition {
  actor: string;
  action: 'create' | 'move' | 'timeout' | 'leave';
  move?: unknown;
  now: number;
  /** The mover's socket that sent the move (protocol/socket.ts ANSWERED_SOCKET_HEADER): it has the update as the answer. */
  answeredSocket?: string | undefined;
}

/** The player whose request made a change, answered with their update; their socket that sent it, if named, is not sent it again. */
export interface Answering {
  userId: string;
  socketId?: string | undefined;
}

/** A move's mover, answered by its request; nobody for the rest (a timeout, a leave, a first draw). */
const answeringOf = (transition: Transition): Answering | undefined =>
  transition.action === 'move' ? { userId: transition.actor, socketId: transition.answeredSocket } : undefined;

/** The row a transition leaves, and the game's outcome when it ends it. */
export function nextRow(row: GameRow, state: unknown, now: number) {
  const rules = rulesOf(row.gameMode);
  const outcome = rules.outcome(state);
  const next: GameRow = outcome
    ? {
        ...row,
        state,
        version: row.version + 1,
        deadlineAt: null,
        status: 'completed',
        winnerId: outcome.winnerId,
        loserId: outcome.loserId,
        endReason: outcome.endReason,
        endedAt: new Date(now),
      }
    : { ...row, state, version: row.version + 1, deadlineAt: deadlineOf(rules, state) };
  return { next, outcome };
}

export function logTransition(services: Services, next: GameRow, transition: Transition): void {
  // At debug: every transition is in the game's own log (game_log), durable, with its move; an info line
  // per move cost a busy node more than the move's rules (issue 38). Starts and ends stay at info.
  if (services.log.isLevelEnabled('debug')) services.log.debug({ gameId: next.id, actor: transition.actor, action: transition.action, version: next.version }, 'game transition');
  if (next.status === 'completed') {
    services.log.info({ gameId: next.id, winner: next.winnerId, endReason: next.endReason }, 'game completed');
    feedOngoingGames(services);
  }
}

export const logLine = (transition: Transition) => ({ at: transition.now, actor: transition.actor, action: transition.action, move: transition.move });

/**
 * Writes a new state of a game this transaction holds locked, settling it when it ends the game; both
 * players hear about it after commit.
 */
export async function commitState(money: GameTx, services: Services, { row, seats }: LoadedGame, state: unknown, transition: Transition): Promise<GameRow> {
  const { next, outcome } = nextRow(row, state, transition.now);
  const write = { next, readVersion: row.version, log: logLine(transition) };
  if (outcome) next.settlement = await settleHeld(money, write, outcome);
  else await writeTransitions(money.tx, [write]);
  money.later(() => publish(services, next, seats, { timeoutTriggered: transition.action === 'timeout' }, answeringOf(transition)));
  // After commit, like the publish: an ended game's dashboard feed read before the commit would still
  // show it running, and no later change would correct it.
  money.later(() => logTransition(services, next, transition));
  return next;
}

/** The game as just committed, kept by this node for its next move, with a timer at its deadline. */
function keep(services: Services, row: GameRow, seats: Seat[]): void {
  seenGames(services).saw(row, seats);
  deadlineTimers(services).watch(row);
}

/**
 * The update published to the player whose request made a change (a move, the second client seed), by
 * the row it published, until that request answers with it (updateOf). Only that one is held: the
 * row stays in memory as this node's kept copy, and so would anything held by it.
 */
const answers = new WeakMap<GameRow, { userId: string; update: GameUpdate }>();

/**
 * Tells both players of a committed change, each with their own update, encoded once (the socket event
 * and, for `answering`, the answer to their request send the same JSON). The socket that sent the
 * request, when it named itself, gets the update as that request's answer only: a Belote or backgammon
 * update is 5-35 KB, and it was every move's second frame.
 */
export function publish(services: Services, row: GameRow, seats: Seat[], flags: { timeoutTriggered?: boolean } = {}, answering?: Answering): void {
  keep(services, row, seats);
  // Every committed change is published once, after commit: counted here, a rolled-back one never is.
  if (flags.timeoutTriggered) services.metrics.timeout(row.gameMode);
  if (row.status !== 'in-progress') services.metrics.gameEnded(row.gameMode, row.endReason ?? row.status);
  for (const seat of seats) {
    const update = gameUpdateFor(row, seats, seat.userId, flags);
    encodeOnce(update);
    const room = services.sockets.to(userRoom(seat.userId));
    if (seat.userId !== answering?.userId) {
      room.emit('game-update', update);
      continue;
    }
    answers.set(row, { userId: seat.userId, update });
    (answering.socketId ? room.except(answering.socketId) : room).emit('game-update', update);
  }
}

/**
 * A player's update of the game as `row` left it: the very one their socket was sent, when `row` was
 * published answering them, else made now.
 */
export function updateOf(row: GameRow, seats: Seat[], userId: string): GameUpdate {
  const answer = answers.get(row);
  if (answer?.userId !== userId) return gameUpdateFor(row, seats, userId);
  answers.delete(row);
  return answer.update;
}

function checkPlayable(row: GameRow, seats: Seat[], userId: string, mode: GameMode, v: number | undefined): void {
  if (row.gameMode !== mode) throw new HttpError(404, gameText.gameNotFound);
  if (!seats.some((s) => s.userId === userId)) throw new HttpError(403, gameText.notInGame);
  if (row.status !== 'in-progress') throw new HttpError(409, gameText.gameOver);
  if (v !== undefined && v !== row.version) throw new HttpError(409, gameText.staleVersion);
}

function ruleToHttp(error: unknown): never {
  if (error instanceof RuleError) throw new HttpError(error.kind === 'conflict' ? 409 : 422, error.message);
  throw error;
}

function applyRule<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    ruleToHttp(error);
  }
}

/** How often a move computed on a row that changed meanwhile is computed again on the new one. */
const MOVE_ATTEMPTS = 5;

type MoveInput = {
  gameId: string;
  userId: string;
  mode: GameMode;
  move: unknown;
  v?: number | undefined;
  session?: Mover['unverified'] | undefined;
  /** The mover's socket that sent it, if the request named one (http/guards.ts answeringMover). */
  answeredSocket?: string | undefined;
};

/** The player's move on the game as read: refused (409, 422) unless it is theirs to make. */
function applyMove({ row, seats }: LoadedGame, input: MoveInput) {
  checkPlayable(row, seats, input.userId, input.mode, input.v);
  if (isSeeding(row)) throw new HttpError(409, fairnessText.gameStarting);
  const now = Date.now();
  const state = applyRule(() => rulesOf(row.gameMode).apply(row.state, input.userId, input.move, now));
  return { state, transition: { actor: input.userId, action: 'move', move: input.move, now, answeredSocket: input.answeredSocket } satisfies Transition };
}

/** The move on a kept copy of the game; null when the copy refuses it (the copy may be stale: a fresh read decides). */
function tryMove(seen: LoadedGame, input: MoveInput): ReturnType<typeof applyMove> | null {
  try {
    return applyMove(seen, input);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/**
 * Writes a change computed on a game as read or kept (a move, a kept game's timeout, a leave) in one
 * statement, if the game is still at the version it was computed on (and the unread session, if any, is
 * open): one that ends the game settled in that statement (settle.ts settleAlone), any other through the
 * node's writer of transitions. Tells both players. Null when nothing was written.
 */
export async function writeChange(services: Services, loaded: LoadedGame, state: unknown, transition: Transition, session?: TransitionWrite['session']): Promise<GameRow | null> {
  const { next, outcome } = nextRow(loaded.row, state, transition.now);
  const write: TransitionWrite = { next, readVersion: loaded.row.version, log: logLine(transition), ...(session ? { session } : {}) };
  if (outcome) {
    const settlement = await settleAlone(services, write, outcome);
    if (!settlement) return null;
    next.settlement = settlement;
  } else if (!(await writeTransition(services, write))) return null;
  // Committed (one statement): the players are told as after any transaction.
  logTransition(services, next, transition);
  const flags = { timeoutTriggered: transition.action === 'timeout' };
  await runCommitted(services, [() => publish(services, next, loaded.seats, flags, answeringOf(transition))]);
  return next;
}

/** A move's writeChange, with the game it leaves. */
async function writeMove(services: Services, loaded: LoadedGame, { state, transition }: ReturnType<typeof applyMove>, session?: TransitionWrite['session']) {
  const next = await writeChange(services, loaded, state, transition, session);
  return next && { row: next, seats: loaded.seats };
}

/**
 * A player's move. Refused moves (409 stale or too late, 422 illegal) change nothing.
 *
 * A move needs no transaction of the node's: the game is read (or kept from its last change), the rules
 * compute, and one statement writes the new state and its log line only if the game is still at the
 * version it was read at (optimistic concurrency; the opponent's move or a timeout that came first
 * makes it read again). A move that ends the game is settled in that statement, under the locks of the
 * game and its players. No lock is held across the node's work. A move whose game keeps changing under
 * it is made under the row's lock, in a transaction.
 */
export async function playMove(services: Services, input: MoveInput): Promise<{ row: GameRow; seats: Seat[] }> {
  // Counted and timed here, on the hot path: a clock read and two in-memory increments, no query.
  const started = performance.now();
  try {
    const played = await makeMove(services, input);
    services.metrics.move(input.mode, 'accepted', (performance.now() - started) / 1000);
    return played;
  } catch (error) {
    services.metrics.move(input.mode, moveOutcomeOf(error));
    throw error;
  }
}

/** A refused move's outcome for the metrics: the rules' refusal (422), too late or on an old version (409). */
function moveOutcomeOf(error: unknown): MoveOutcome {
  if (!(error instanceof HttpError)) return 'error';
  if (error.statusCode === 422) return 'illegal';
  if (error.statusCode === 409) return 'stale';
  return error.statusCode < 500 ? 'refused' : 'error';
}

/** playMove's work, before it is counted. */
async function makeMove(services: Services, input: MoveInput): Promise<{ row: GameRow; seats: Seat[] }> {
  // The game as this node last saw it committed, if it did (seenGames.ts): no read. Whatever it refuses,
  // or ends, is decided on a fresh read below; what it computes is written only at its version.
  // With a player from this node's known sessions, that one statement checks the session too: one round
  // trip for the whole move. Anything else first guards the request as every route is guarded.
  const seen = seenGames(services).get(input.gameId);
  const fromSeen = seen ? tryMove(seen, input) : null;
  if (seen && fromSeen) {
    const played = await writeMove(services, seen, fromSeen, input.session && { hash: input.session.sessionHash, userId: input.userId });
    if (played) return played;
    seenGames(services).forget(input.gameId);
  }
  await input.session?.verify();
  for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
    const loaded = await loadGame(services.db, input.gameId);
    if (!loaded) throw new HttpError(404, gameText.gameNotFound);
    const played = await writeMove(services, loaded, applyMove(loaded, input));
    if (played) return played;
  }
  // The row kept changing under it: under the lock, in one transaction.
  return gameTransaction(services, async (money) => {
    const locked = await lockGame(money.tx, input.gameId);
    const { state, transition } = applyMove(locked, input);
    return { row: await commitState(money, services, locked, state, transition), seats: locked.seats };
  });
}

/**
 * The game's first draw (firstDraw.ts), written in this transaction and told to both players after
 * commit: the second client seed's, the sweeper's at the end of the wait, or the one a leave or cancel
 * makes first, so what follows acts on a created game and the proof starts with its creation. Returns
 * the game as it now is, and the time the draw is dated (never before the pairing), for what follows.
 */
export async function drawFirst(money: GameTx, services: Services, loaded: LoadedGame, now: number): Promise<{ game: LoadedGame; at: number }> {
  const write = firstDraw(loaded.row, loaded.seats, now);
  await writeTransitions(money.tx, [write]);
  money.later(() => publish(services, write.next, loaded.seats));
  logTransition(services, write.next, { actor: 'server', action: 'create', now: write.log.at });
  return { game: { row: write.next, seats: loaded.seats }, at: write.log.at };
}

/**
 * The first draw the second client seed makes (clientSeeds.ts), in one statement of its own: it moves no
 * money, and it is written only while the game is still at the version it was read at, so a sweeper,
 * leave or cancel that drew first keeps its draw and this one writes nothing (null). Told to both
 * players after it is written, like every transition; `seededBy`, whose seed made the draw, is answered
 * with the update their other sockets were sent (updateOf).
 */
export async function drawFirstAlone(services: Services, loaded: LoadedGame, now: number, seededBy: Answering): Promise<LoadedGame | null> {
  const write = firstDraw(loaded.row, loaded.seats, now);
  if (!(await writeTransition(services, write))) return null;
  logTransition(services, write.next, { actor: 'server', action: 'create', now: write.log.at });
  await runCommitted(services, [() => publish(services, write.next, loaded.seats, {}, seededBy)]);
  return { row: write.next, seats: loaded.seats };
}

/**
 * Leaving forfeits: the other player wins with 'opponent-left'. Settled in one statement on the game as
 * this node kept it, when it is still at that version; otherwise (and while the game waits for its
 * first draw) under the row's lock.
 */
export async function leaveGame(services: Services, input: { gameId: string; userId: string; mode: GameMode }): Promise<void> {
  const kept = seenGames(services).get(input.gameId);
  if (kept && !isSeeding(kept.row)) {
    const now = Date.now();
    const state = resignOnCopy(kept, input, now);
    if (state !== null && (await writeChange(services, kept, state, { actor: input.userId, action: 'leave', now }))) return;
    seenGames(services).forget(input.gameId);
  }
  await gameTransaction(services, async (money) => {
    const locked = await lockGame(money.tx, input.gameId);
    checkPlayable(locked.row, locked.seats, input.userId, input.mode, undefined);
    const { game, at: now } = isSeeding(locked.row) ? await drawFirst(money, services, locked, Date.now()) : { game: locked, at: Date.now() };
    const state = applyRule(() => rulesOf(game.row.gameMode).resign(game.row.state, input.userId, now));
    return commitState(money, services, game, state, { actor: input.userId, action: 'leave', now });
  });
}

/** The player's resignation on a kept copy of the game; null when the copy refuses it (a fresh read decides). */
function resignOnCopy({ row, seats }: LoadedGame, input: { userId: string; mode: GameMode }, now: number): unknown {
  try {
    checkPlayable(row, seats, input.userId, input.mode, undefined);
    return applyRule(() => rulesOf(row.gameMode).resign(row.state, input.userId, now));
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** Operator cancel: the game ends as canceled, both bets go back, no rating or record changes. */
export async function cancelGame(services: Services, gameId: string, adminId: string): Promise<GameRow> {
  return gameTransaction(services, async (money) => {
    const locked = await lockGame(money.tx, gameId);
    if (locked.row.status !== 'in-progress') throw new HttpError(409, gameText.gameOver);
    let drawn = { game: locked, at: Date.now() };
    if (isSeeding(locked.row)) {
      // A game whose first draw cannot be made (its rules refuse; the sweeper retries it every minute)
      // is still canceled and its bets go back: without a creation, so without a proof.
      drawn = await drawFirst(money, services, locked, drawn.at).catch((error: unknown) => {
        if (databaseUnavailable(error)) throw error;
        services.log.error({ err: error, gameId }, 'first draw failed; the game is canceled without one');
        return drawn;
      });
    }
    const { game: { row, seats }, at: now } = drawn;
    const next: GameRow = { ...row, status: 'canceled', endReason: 'canceled', version: row.version + 1, deadlineAt: null, endedAt: new Date(now) };
    next.settlement = await refundGame(money, next, seats);
    await writeTransitions(money.tx, [{ next, readVersion: row.version, log: { at: now, actor: `admin:${adminId}`, action: 'cancel' } }]);
    money.later(() => publish(services, next, seats));
    money.later(() => feedOngoingGames(services));
    await audit(money.tx, { adminId, action: 'cancel-game', target: gameId, details: { players: seats.map((s) => s.userId), betMicro: row.betMicro.toString() } });
    services.log.warn({ gameId, adminId }, 'game canceled by an operator');
    return next;
  });
}
