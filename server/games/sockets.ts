import { and, eq } from 'drizzle-orm';
import type { GameMode } from '../../protocol/constants.ts';
import { chatMessage, chatMessageEvents } from '../../protocol/game.ts';
import type { Services } from '../context.ts';
import { gamePlayers, games } from '../db/schema.ts';
import { userRoom } from '../sockets/index.ts';
import { activeGame, seatsOf } from './store.ts';

/** A chat burst of this many messages, refilled one per interval, per socket. */
const CHAT_BURST = 3;
const CHAT_REFILL_MS = 1000;

/**
 * The game side of the sockets: `playerReconnected` when a player of a running game (re)connects, and
 * the quick-chat relay: only a preset, only from a player of that running game, only to the opponent,
 * and rate-limited. Anything else is dropped without a word (a socket event has no error channel).
 */
export function attachGameSockets(services: Services): void {
  const { sockets, db, log } = services;

  sockets.on('connection', (socket) => {
    const userId = socket.data.userId as string | null;
    if (!userId) return;

    void (async () => {
      const game = await activeGame(db, userId);
      if (!game) return;
      for (const seat of game.seats) sockets.to(userRoom(seat.userId)).emit('playerReconnected', { userId, gameMode: game.row.gameMode });
    })().catch((error: unknown) => log.error({ err: error }, 'playerReconnected failed'));

    let tokens = CHAT_BURST;
    let refilledAt = Date.now();
    const allow = () => {
      const now = Date.now();
      tokens = Math.min(CHAT_BURST, tokens + Math.floor((now - refilledAt) / CHAT_REFILL_MS));
      if (tokens < CHAT_BURST) refilledAt += Math.floor((now - refilledAt) / CHAT_REFILL_MS) * CHAT_REFILL_MS;
      else refilledAt = now;
      if (tokens <= 0) return false;
      tokens -= 1;
      return true;
    };

    for (const [mode, event] of Object.entries(chatMessageEvents) as [GameMode, (typeof chatMessageEvents)[GameMode]][]) {
      socket.on(event, (payload: unknown) => {
        const parsed = chatMessage.safeParse(payload);
        if (!parsed.success || !allow()) return;
        const { message, gameId } = parsed.data;
        void (async () => {
          const [seat] = await db
            .select({ mode: games.gameMode })
            .from(gamePlayers)
            .innerJoin(games, eq(games.id, gamePlayers.gameId))
            .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, userId), eq(gamePlayers.active, true)));
          if (!seat || seat.mode !== mode) return;
          const seats = await seatsOf(db, gameId);
          for (const other of seats) {
            if (other.userId !== userId) sockets.to(userRoom(other.userId)).emit(event, { message, gameId, userID: userId });
          }
        })().catch((error: unknown) => log.error({ err: error }, 'chat relay failed'));
      });
    }
  });
}
