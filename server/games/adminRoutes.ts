import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gameLog, games } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireAdmin, sessionAdminId } from '../http/guards.ts';
import { ongoingGames, queueSnapshot } from './admin.ts';
import { cancelGame } from './engine.ts';

const gameParams = z.object({ id: z.uuid({ error: 'Game not found' }) });

/** Operator views and actions on games (registered under /api/admin, operator session required). */
export async function adminGameRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('onRequest', requireAdmin);

  app.get('/ongoing-games', { config: { permission: 'read' } }, async () => ongoingGames(services.db));
  app.get('/queues', { config: { permission: 'read' } }, async () => queueSnapshot(services.db));

  app.post('/games/:id/cancel', { config: { permission: 'games' } }, async (request) => {
    const { id } = parseInput(gameParams, request.params);
    const row = await cancelGame(services, id, sessionAdminId(request));
    return { gameId: row.id, status: row.status };
  });

  /** Spec §7: an array of log lines. The game's proof (GET …/proof, rules/verify.ts) is what replays it. */
  app.get('/games/:id/log', { config: { permission: 'games' } }, async (request) => {
    const { id } = parseInput(gameParams, request.params);
    const [game] = await services.db.select({ id: games.id, seed: games.seed, status: games.status }).from(games).where(eq(games.id, id));
    if (!game) throw new HttpError(404, 'Game not found');
    const lines = await services.db.select().from(gameLog).where(eq(gameLog.gameId, id)).orderBy(asc(gameLog.seq));
    return lines.map((line) =>
      JSON.stringify({
        seq: line.seq,
        at: line.at.toISOString(),
        actor: line.actor,
        action: line.action,
        move: line.move,
        version: line.version,
        // The seed is written into the log only once the game is over, as the players' views show it.
        ...(line.action === 'create' && game.status !== 'in-progress' ? { seed: game.seed } : {}),
      }),
    );
  });
}
