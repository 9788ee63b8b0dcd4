import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
    .where(and(eq(games.status, 'in-progress')))
    .orderBy(asc(games.createdAt))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    gameMode: row.gameMode,
    betAmount: microToUsdt(row.betMicro),
    duration: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
  }));
}

export async function broadcastQueues(services: Services): Promise<void> {
  services.sockets.to(ADMIN_ROOM).emit('queueUpdate', await queueSnapshot(services.db));
}

export async function broadcastOngoingGames(services: Services): Promise<void> {
  services.sockets.to(ADMIN_ROOM).emit('ongoingGamesUpdate', await ongoingGames(services.db));
}
