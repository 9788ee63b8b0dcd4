import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GameMode } from '../../protocol/constants.ts';
import { gameRef, startGameBody, type CurrentGameAnswer } from '../../protocol/game.ts';
import { backgammonMoveBody } from '../../protocol/backgammon.ts';
import { blotFinalTrumpDecisionBody, blotMakeMoveBody, blotTrumpDecisionBody, blotTrumpSelectionBody } from '../../protocol/blot.ts';
import { carromMoveBody } from '../../protocol/carrom.ts';
import { rpsMoveBody } from '../../protocol/rps.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { answeringMover, moverInput, requireMover, requirePlayer, sessionPlayerId } from '../http/guards.ts';
import { cancelSearch, startSearch } from '../matchmaking/queue.ts';
import { leaveGame, playMove, updateOf } from './engine.ts';
import { playedGamesOf, scoreHistoryOf } from './history.ts';
import { activeGame, recentGame } from './store.ts';
import { gameUpdateFor, updateAnswer } from './views.ts';

/** After a game ends, GET /current-game still shows it this long, so a reconnect sees the result. */
const RECENT_GAME_MS = 60_000;

const ownUserParams = z.object({ userId: z.string().max(64) });

const leaveRoutes: [string, GameMode][] = [
  ['/leave-rps-game', 'rps'],
  ['/leave-belote-game', 'blot'],
  ['/leave-carrom-game', 'carrom'],
  ['/leave-backgammon-game', 'backgammon'],
];

export async function gameRoutes(app: FastifyInstance): Promise<void> {
  await app.register(playerGameRoutes);
  await app.register(moveRoutes);
}

/** Searching, the running game, leaving and the histories: guarded by the player's session. */
async function playerGameRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { db } = services;
  // Each of these needs only the player's id: a session this node trusts is not read again (issue 38).
  app.addHook('preHandler', requirePlayer);

  app.post('/start-game', async (request) => {
    const body = parseInput(startGameBody, request.body);
    const userId = sessionPlayerId(request);
    const answer = await startSearch(services, userId, {
      mode: body.gameMode,
      betUsdt: body.betAmount,
      socketId: body.socketId,
      isRematch: body.isRematch,
    });
    request.log.info({ userId, mode: body.gameMode, bet: body.betAmount, status: answer.status }, 'start-game');
    return answer;
  });

  app.post('/cancel-search', async (request) => cancelSearch(services, sessionPlayerId(request)));

  app.get('/current-game', async (request): Promise<CurrentGameAnswer> => {
    const userId = sessionPlayerId(request);
    const game = (await activeGame(db, userId)) ?? (await recentGame(db, userId, new Date(Date.now() - RECENT_GAME_MS)));
    if (!game) return { game: null, opponents: [] };
    return gameUpdateFor(game.row, game.seats, userId);
  });

  for (const [path, mode] of leaveRoutes) {
    app.post(path, async (request) => {
      const { gameId } = parseInput(gameRef, request.body);
      await leaveGame(services, { gameId, userId: sessionPlayerId(request), mode });
      return { ok: true };
    });
  }

  app.get('/played-games-history/:userId', async (request) => {
    const { userId } = parseInput(ownUserParams, request.params);
    if (userId !== sessionPlayerId(request)) throw new HttpError(403, 'You can only see your own games');
    return { games: await playedGamesOf(db, userId) };
  });

  app.get('/score-history', async (request) => ({ records: await scoreHistoryOf(db, sessionPlayerId(request)) }));
}

/**
 * The moves of every mode. Their guard (requireMover) takes a player this node has seen sign in from
 * memory and leaves the session's check to the move's own write, so a move is one round trip.
 */
async function moveRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('preHandler', requireMover);

  app.post('/rps-move', async (request, reply) => {
    const body = await moverInput(request, rpsMoveBody, request.body);
    const { userId, unverified, answeredSocket } = await answeringMover(request);
    const { row, seats } = await playMove(services, { gameId: body.gameId, userId, session: unverified, answeredSocket, mode: 'rps', move: { choice: body.choice, round: body.round }, v: body.v });
    return updateAnswer(reply, updateOf(row, seats, userId));
  });

  app.post('/move-backgammon-checker', async (request, reply) => {
    const body = await moverInput(request, backgammonMoveBody, request.body);
    const { userId, unverified, answeredSocket } = await answeringMover(request);
    const { row, seats } = await playMove(services, { gameId: body.gameId, userId, session: unverified, answeredSocket, mode: 'backgammon', move: { moves: body.moves }, v: body.v });
    return updateAnswer(reply, updateOf(row, seats, userId));
  });

  app.post('/make-carrom-move', async (request, reply) => {
    const body = await moverInput(request, carromMoveBody, request.body);
    const { userId, unverified, answeredSocket } = await answeringMover(request);
    const { row, seats } = await playMove(services, { gameId: body.gameId, userId, session: unverified, answeredSocket, mode: 'carrom', move: body.move, v: body.v });
    return updateAnswer(reply, updateOf(row, seats, userId));
  });

  // Belote: four routes, one move each; the rules take the body's fields with the route as the type.
  const blotRoutes = [
    ['make-move', blotMakeMoveBody],
    ['trump-decision', blotTrumpDecisionBody],
    ['trump-selection', blotTrumpSelectionBody],
    ['final-trump-decision', blotFinalTrumpDecisionBody],
  ] as const;
  for (const [type, schema] of blotRoutes) {
    app.post(`/blot/${type}`, async (request, reply) => {
      const { gameId, v, ...fields } = await moverInput<(typeof blotRoutes)[number][1]>(request, schema, request.body);
      const { userId, unverified, answeredSocket } = await answeringMover(request);
      const { row, seats } = await playMove(services, { gameId, userId, session: unverified, answeredSocket, mode: 'blot', move: { type, ...fields }, v });
      return updateAnswer(reply, updateOf(row, seats, userId));
    });
  }
}
