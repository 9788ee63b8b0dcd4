import { desc, eq } from 'drizzle-orm';
import { gameNames, type GameMode } from '../../protocol/constants.ts';
import type { EndReason, PlayedGameRecord, ScoreHistoryRecord } from '../../protocol/game.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';
import { playedGames, scoreHistory } from '../db/schema.ts';

/** Spec §3 Played game records, newest first. */
export async function playedGamesOf(db: Queryable, userId: string, limit = 100): Promise<PlayedGameRecord[]> {
  const rows = await db.select().from(playedGames).where(eq(playedGames.userId, userId)).orderBy(desc(playedGames.createdAt)).limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    gameId: row.gameId,
    gameName: gameNames[row.gameMode as GameMode] ?? row.gameMode,
    gameMode: row.gameMode as GameMode,
    bet: microToUsdt(row.betMicro),
    result: row.result,
    opponentUsername: row.opponentUsername,
    userScore: row.userScore,
    opponentScore: row.opponentScore,
    date: row.createdAt.toISOString(),
    endReason: (row.endReason as EndReason) ?? null,
  }));
}

/** Spec §3 Score history records, newest first. */
export async function scoreHistoryOf(db: Queryable, userId: string, limit = 100): Promise<ScoreHistoryRecord[]> {
  const rows = await db.select().from(scoreHistory).where(eq(scoreHistory.userId, userId)).orderBy(desc(scoreHistory.createdAt), desc(scoreHistory.id)).limit(limit);
  return rows.map((row) => ({ result: row.result, date: row.createdAt.toISOString(), score: row.score, change: row.change }));
}
