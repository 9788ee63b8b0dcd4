import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fairnessText } from '../../protocol/fairness.ts';
import { clientSeedBody } from '../../protocol/fairnessProof.ts';
import { gameIdParams, gameText, type GameUpdate } from '../../protocol/game.ts';
import type { Services } from '../context.ts';
import { games } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { answeringMover, moverInput, requireMover, type Mover } from '../http/guards.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { drawFirst, drawFirstAlone, lockGame, updateOf, type Answering } from './engine.ts';
import { clientSeedsOf, isSeeding } from './firstDraw.ts';
import { gameTransaction } from './outbox.ts';
import { seenGames } from './seenGames.ts';
import { takeClientSeed } from './seedStatements.ts';
import { loadGame, type LoadedGame } from './store.ts';
import { gameUpdateFor, updateAnswer } from './views.ts';

/**
 * A player's client seed for their new game (issue 18): accepted once per seat, from the game's own
 * players, only while the game waits for its first draw. The second seed to arrive makes the draw at
 * once (firstDraw.ts); a seed that arrives after it, or after the wait is over, is refused, because the
 * game's draws are (or by then must be) fixed and a late seed would be a lie in its proof.
 *
 * Every game's two seeds come in the same second as its pairing, so this is on the launch's hot path
 * (issue 24): a seed that is taken is one statement (seedStatements.ts takeClientSeed, shared with the
 * other seeds the node takes at that moment; the second seed's draw a second one, written only at the
 * version it read), with no transaction and, for a known session, no read of it. Anything that
 * statement does not take (a stranger, a second seed from one seat, a late one, a session that ended)
 * is asked again under the row's lock, which answers each case as it always has.
 */
export async function acceptClientSeed(
  services: Services,
  input: { gameId: string; userId: string; clientSeed: string; session?: Mover['unverified'] | undefined; answeredSocket?: string | undefined },
): Promise<GameUpdate> {
  const kept = seenGames(services).get(input.gameId);
  if (kept && !isSeeding(kept.row)) return refuseDrawn(kept, input);
  const now = Date.now();
  const taken = await takeClientSeed(services, { gameId: input.gameId, userId: input.userId, clientSeed: input.clientSeed, now, sessionHash: input.session?.sessionHash });
  if (taken) return drawIfSeeded(services, taken, { userId: input.userId, socketId: input.answeredSocket }, now);
  await input.session?.verify();
  return acceptUnderLock(services, input);
}

/**
 * A seed for a game this node has seen drawn (issue 38: in the launch spike ~9,000 seeds came after
 * their game's wait, each a transaction that only found the draw made). A game is drawn once and for
 * all and its seats never change, so that copy answers it as the row's lock would, in the same order:
 * an ended session, a stranger, then late.
 */
async function refuseDrawn(kept: LoadedGame, input: { userId: string; session?: Mover['unverified'] | undefined }): Promise<never> {
  await input.session?.verify();
  if (!kept.seats.some((s) => s.userId === input.userId)) throw new HttpError(403, gameText.notInGame);
  throw new HttpError(409, fairnessText.clientSeedLate);
}

/** After a seed was taken: the first draw if both are in now, and this player's view of the game. */
async function drawIfSeeded(services: Services, taken: LoadedGame, seededBy: Answering, now: number): Promise<GameUpdate> {
  const { userId } = seededBy;
  if (clientSeedsOf(taken.row).some((seed) => seed === '')) return gameUpdateFor(taken.row, taken.seats, userId);
  let drawn: LoadedGame | null;
  try {
    drawn = await drawFirstAlone(services, taken, now, seededBy);
  } catch (error) {
    if (databaseUnavailable(error)) throw error;
    // The seed is in; the draw is the sweeper's at the end of the wait, which retries a game its rules
    // refuse every minute (and an operator can cancel it, both bets back).
    services.log.error({ err: error, gameId: taken.row.id }, 'first draw failed; left to the sweeper');
    return gameUpdateFor(taken.row, taken.seats, userId);
  }
  // Null: a sweeper, leave or cancel drew first, under the row's lock, so with this seed in.
  const game = drawn ?? (await loadGame(services.db, taken.row.id)) ?? taken;
  return updateOf(game.row, game.seats, userId);
}

/** The seed under the game row's lock: every refusal, and the draw the end of the wait owes. */
async function acceptUnderLock(services: Services, input: { gameId: string; userId: string; clientSeed: string }): Promise<GameUpdate> {
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
  app.addHook('preHandler', requireMover);
  app.post('/games/:gameId/client-seed', async (request, reply) => {
    const { gameId } = await moverInput(request, gameIdParams, request.params);
    const { clientSeed } = await moverInput(request, clientSeedBody, request.body);
    const { userId, unverified, answeredSocket } = await answeringMover(request);
    return updateAnswer(reply, await acceptClientSeed(services, { gameId, userId, clientSeed, session: unverified, answeredSocket }));
  });
}
