import { asc, isNull, sql } from 'drizzle-orm';
import { gameModes } from '../../protocol/constants.ts';
import { betLevels, type OngoingGame, type QueueEntry } from '../../protocol/game.ts';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { games, searches } from '../db/schema.ts';
import { ADMIN_ROOM } from '../sockets/index.ts';

/** Players waiting in each public queue: every mode and bet level, zeros included (spec §2 dashboard). */
export async function queueSnapshot(db: Queryable): Promise<QueueEntry[]> {
  const counts = await db
    .select({ mode: searches.gameMode, bet: searches.betMicro, count: sql<number>`count(*)::int` })
    .from(searches)
    .where(isNull(searches.rematchOf))
    .groupBy(searches.gameMode, searches.betMicro);
  return gameModes.flatMap((gameMode) =>
    betLevels[gameMode].map(({ bet }) => ({
      gameMode,
      betAmount: bet,
      count: counts.find((c) => c.mode === gameMode && c.bet === usdtToMicro(bet))?.count ?? 0,
    })),
  );
}

export async function ongoingGames(db: Queryable, now = Date.now()): Promise<OngoingGame[]> {
  const rows = await db
    .select({ id: games.id, gameMode: games.gameMode, createdAt: games.createdAt, betMicro: games.betMicro })
    .from(games)
    // The status written out, not a parameter: only then can the prepared plan use the partial index
    // of running games (games_running, migration 0007).
    .where(sql`${games.status} = 'in-progress'`)
    .orderBy(asc(games.createdAt))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    gameMode: row.gameMode,
    betAmount: microToUsdt(row.betMicro),
    duration: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
  }));
}

/** At most one dashboard event of each kind per node in this time, whatever the rush (one query each). */
export const ADMIN_FEED_INTERVAL_MS = 250;

interface Feed {
  timer: NodeJS.Timeout | null;
  lastAt: number;
}

const feeds = new WeakMap<Services['sockets'], Map<string, Feed>>();

/**
 * The feeds are read only while an operator watches (issue 24): with no dashboard open, the running-games
 * read (up to 500 rows, ~2 ms of PostgreSQL) four times a second under load served nobody. An operator
 * watches from this node (a socket in its admin room) or, in a cluster, from another: a node with
 * operators says so to every node (a Socket.IO server-side event, through Redis) when one connects and
 * every WATCH_SAY_MS while one stays, and a node feeds for WATCH_HEARD_MS after it last heard it.
 */
const WATCH_SAY_MS = 5_000;
const WATCH_HEARD_MS = 15_000;
const OPERATORS_WATCHING = 'operatorsWatching';

interface Watch {
  heardUntil: number;
  saying: NodeJS.Timeout | null;
}

const watches = new WeakMap<Services['sockets'], Watch>();

function watchOf(services: Services): Watch {
  let watch = watches.get(services.sockets);
  if (!watch) watches.set(services.sockets, (watch = { heardUntil: 0, saying: null }));
  return watch;
}

const operatorsHere = (services: Services): number => services.sockets.of('/').adapter.rooms.get(ADMIN_ROOM)?.size ?? 0;

function operatorsWatching(services: Services): boolean {
  return operatorsHere(services) > 0 || Date.now() < watchOf(services).heardUntil;
}

/**
 * Keeps the feeds going while an operator watches (called once, app.ts): a dashboard that connects gets
 * both feeds as they are then (whatever was skipped before it came), and in a cluster (`clustered`: the
 * Redis adapter) every node hears that it watches.
 */
export function watchForOperators(services: Services, clustered: boolean): void {
  const { sockets } = services;
  const watch = watchOf(services);
  if (clustered) sockets.on(OPERATORS_WATCHING, () => void (watch.heardUntil = Date.now() + WATCH_HEARD_MS));
  const say = () => {
    if (operatorsHere(services) === 0) {
      if (watch.saying) clearInterval(watch.saying);
      watch.saying = null;
      return;
    }
    try {
      sockets.serverSideEmit(OPERATORS_WATCHING);
    } catch (error) {
      // Redis is away for a moment: the other nodes hear it next time (and feed while it last held).
      services.log.warn({ err: error }, 'could not tell the other nodes an operator watches');
    }
    if (!watch.saying) {
      watch.saying = setInterval(say, WATCH_SAY_MS);
      watch.saying.unref();
    }
  };
  // After sockets/index.ts's own 'connection' listener, which put the operator in the admin room.
  sockets.on('connection', (socket) => {
    if (!socket.data.adminId) return;
    feedQueues(services);
    feedOngoingGames(services);
    if (clustered) say();
  });
}

/**
 * Tells the operators' dashboards that something changed: the first change is sent at once, and every
 * later one within ADMIN_FEED_INTERVAL_MS is folded into one send at its end, which reads the state as
 * it is then. A thousand games ending in a second cost the node four reads, not a thousand.
 */
function feed(services: Services, name: string, send: () => Promise<void>): void {
  if (!operatorsWatching(services)) return;
  let byName = feeds.get(services.sockets);
  if (!byName) feeds.set(services.sockets, (byName = new Map()));
  let state = byName.get(name);
  if (!state) byName.set(name, (state = { timer: null, lastAt: 0 }));
  if (state.timer) return;
  const current = state;
  current.timer = setTimeout(() => {
    // Cleared before the read, so a change committed while it runs schedules the next send.
    current.timer = null;
    current.lastAt = Date.now();
    send().catch((error: unknown) => services.log.warn({ err: error, feed: name }, 'dashboard update failed'));
  }, Math.max(0, current.lastAt + ADMIN_FEED_INTERVAL_MS - Date.now()));
  current.timer.unref();
}

/** `queueUpdate` to the admin room, soon. */
export function feedQueues(services: Services): void {
  feed(services, 'queues', async () => {
    services.sockets.to(ADMIN_ROOM).emit('queueUpdate', await queueSnapshot(services.db));
  });
}

/** `ongoingGamesUpdate` to the admin room, soon. */
export function feedOngoingGames(services: Services): void {
  feed(services, 'games', async () => {
    services.sockets.to(ADMIN_ROOM).emit('ongoingGamesUpdate', await ongoingGames(services.db));
  });
}

/** Drops the sends not yet made (the node is stopping). */
export function stopAdminFeeds(services: Services): void {
  const watch = watches.get(services.sockets);
  if (watch?.saying) clearInterval(watch.saying);
  if (watch) watch.saying = null;
  for (const state of feeds.get(services.sockets)?.values() ?? []) {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  }
}
