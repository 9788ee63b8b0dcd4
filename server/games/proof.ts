import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fairnessText, type GameProof } from '../../protocol/fairness.ts';
import { gameIdParams, gameText } from '../../protocol/game.ts';
import { mayDo } from '../../protocol/operators.ts';
import { rulesOfMode } from '../../rules/registry.ts';
import { proofResultOf } from '../../rules/verify.ts';
import { findPlayer, findSessionAdmin } from '../auth/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { gameLog, gamePlayers, games } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { adminToken, playerCredentials, requireAdmin } from '../http/guards.ts';


/**
 * A finished game's proof (issue 18): the revealed server seed, its committed hash, the client seeds,
 * the players by seat and every log line with the state it left; rules/verify.ts replays it.
 */
export async function proofOf(db: Queryable, gameId: string, forOperator = false): Promise<GameProof> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new HttpError(404, gameText.gameNotFound);
  if (game.status === 'in-progress') throw new HttpError(409, fairnessText.notOver);
  const lines = await db.select().from(gameLog).where(eq(gameLog.gameId, gameId)).orderBy(asc(gameLog.seq));
  if (!game.clientSeeds || lines.some((line) => line.stateHash === null)) throw new HttpError(404, fairnessText.noProof);
  // Canceled before its first draw could be made (engine.ts cancelGame): nothing was drawn to prove.
  if (lines[0]?.action !== 'create') throw new HttpError(404, fairnessText.neverDrawn);
  const seats = await db.select({ userId: gamePlayers.userId, seat: gamePlayers.seat }).from(gamePlayers).where(eq(gamePlayers.gameId, gameId)).orderBy(asc(gamePlayers.seat));
  const players = seats.map((seat) => seat.userId) as [string, string];
  const outcome = game.status === 'completed' ? rulesOfMode(game.gameMode).outcome(game.state) : null;
  return {
    gameId: game.id,
    gameMode: game.gameMode,
    serverSeed: game.seed,
    seedHash: game.seedHash,
    clientSeeds: game.clientSeeds,
    players,
    created: game.createdAt.toISOString(),
    inputs: lines.map((line) => ({
      at: line.at.toISOString(),
      // Players see that an operator canceled, not which one (the replay does not read a cancel's actor).
      actor: !forOperator && line.actor.startsWith('admin:') ? 'admin' : line.actor,
      action: line.action as GameProof['inputs'][number]['action'],
      ...(line.move === null || line.action === 'create' ? {} : { move: line.move }),
      stateHash: line.stateHash as string,
    })),
    result: proofResultOf(outcome),
  };
}

/** Who may read a proof: the game's two players and operators whose role reads games; anyone else is told nothing. */
async function mayRead(request: FastifyRequest, db: Queryable, gameId: string): Promise<void> {
  const user = await findPlayer(db, playerCredentials(request));
  if (user) {
    const [seat] = await db
      .select({ userId: gamePlayers.userId })
      .from(gamePlayers)
      .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, user.id)));
    if (seat) return;
  }
  const admin = await findSessionAdmin(db, adminToken(request));
  if (admin && mayDo(admin.role, 'games')) return;
  if (user) throw new HttpError(404, gameText.gameNotFound);
  throw new HttpError(401, 'Not signed in');
}

/** Operators (under /api/admin, beside the log): GET /api/admin/games/{gameId}/proof. */
export async function adminProofRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.addHook('onRequest', requireAdmin);
  app.get('/games/:gameId/proof', { config: { permission: 'games' } }, async (request) => proofOf(db, parseInput(gameIdParams, request.params).gameId, true));
}

/** GET /api/games/{gameId}/proof. */
export async function proofRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.get('/games/:gameId/proof', async (request) => {
    const { gameId } = parseInput(gameIdParams, request.params);
    await mayRead(request, db, gameId);
    return proofOf(db, gameId);
  });
}
