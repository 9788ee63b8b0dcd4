import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fairnessText } from '../../protocol/fairness.ts';
import { clientSeedBody } from '../../protocol/fairnessProof.ts';
import { gameIdParams, gameText, type GameUpdate } from '../../protocol/game.ts';
import type { Services } from '../context.ts';
import { games } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireUser, sessionUser } from '../http/guards.ts';
import { drawFirst, lockGame } from './engine.ts';
import { clientSeedsOf, isSeeding } from './firstDraw.ts';
import { gameTransaction } from './outbox.ts';
import { gameUpdateFor } from './views.ts';

/**
 * A player's client seed for their new game (issue 18): accepted once per seat, from the game's own
 * players, only while the game waits for its first draw. The second seed to arrive makes the draw at
 * once, in the same transaction (firstDraw.ts); a seed that arrives after it, or after the wait is over,
 * is refused, because the game's draws are (or by then must be) fixed and a late seed would be a lie in
 * its proof.
 */
export async function acceptClientSeed(services: Services, input: { gameId: string; userId: string; clientSeed: string }): Promise<GameUpdate> {
  const answer = await gameTransaction(services, async (money) => {
    const loaded = await lockGame(money.tx, input.gameId);
    const seat = loaded.seats.find((s) => s.userId === input.userId);
    if (!seat) throw new HttpError(403, gameText.notInGame);
    if (!isSeeding(loaded.row)) throw new HttpError(409, fairnessText.clientSeedLate);
    const now = Date.now();
    if (loaded.row.deadlineAt && loaded.row.deadlineAt.getTime() <= now) {
      // The wait is over and the sweeper has not come yet: the draw goes ahead here, without this seed,
      // as the sweeper would have made it (the refusal is answered after the draw commits).
      await drawFirst(money, services, loaded, now);
      return 'late' as const;
    }
    const clientSeeds = clientSeedsOf(loaded.row);
    if (clientSeeds[seat.seat] !== '') throw new HttpError(409, fairnessText.clientSeedTwice);
    const row = { ...loaded.row, clientSeeds: clientSeeds.map((seed, at) => (at === seat.seat ? input.clientSeed : seed)) as [string, string] };

    if (row.clientSeeds.some((seed) => seed === '')) {
      // The other seed is still on its way: kept, the version unchanged (nothing anyone sees has moved).
      await money.tx.update(games).set({ clientSeeds: row.clientSeeds }).where(eq(games.id, row.id));
      return gameUpdateFor(row, loaded.seats, input.userId);
    }
    const { game } = await drawFirst(money, services, { row, seats: loaded.seats }, now);
    return gameUpdateFor(game.row, game.seats, input.userId);
  });
  if (answer === 'late') throw new HttpError(409, fairnessText.clientSeedLate);
  return answer;
}

/** POST /api/games/{gameId}/client-seed {clientSeed}. */
export async function clientSeedRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('preHandler', requireUser);
  app.post('/games/:gameId/client-seed', async (request) => {
    const { gameId } = parseInput(gameIdParams, request.params);
    const { clientSeed } = parseInput(clientSeedBody, request.body);
    return acceptClientSeed(services, { gameId, userId: sessionUser(request).id, clientSeed });
  });
}
