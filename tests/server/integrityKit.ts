import { sql } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { credit } from './gameHarness.ts';
import { register, type TestApp } from './harness.ts';

/**
 * Seeds for the integrity tests: finished games as settlement records them (a games row, its two
 * seats, a played-games record each), for counts too large to play through the app in a test. The
 * paths a user takes are played for real in tests/server/integrity-*.test.ts.
 */

export async function inviteCodeOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.code;
}

interface FinishedGame {
  winnerId: string;
  loserId: string;
  betMicro: bigint;
  endReason: 'opponent-left' | 'timeout' | null;
  /** How long ago it ended, in ms (default: just now). */
  agoMs?: number;
}

/** One finished game between two accounts, as settlement leaves it (no money moves here). */
export async function seedFinishedGame(t: TestApp, game: FinishedGame): Promise<string> {
  const ago = `${game.agoMs ?? 0} milliseconds`;
  const payout = (game.betMicro * 18n) / 10n;
  const rows = (await t.database.db.execute(sql`
    WITH g AS (
      INSERT INTO games (game_mode, bet_micro, payout_micro, status, state, seed, seed_hash, winner_id, loser_id, end_reason, created_at, ended_at)
      VALUES ('rps', ${game.betMicro.toString()}::bigint, ${payout.toString()}::bigint, 'completed', '{}', 'seed', 'hash',
              ${game.winnerId}::uuid, ${game.loserId}::uuid, ${game.endReason}, now() - ${ago}::interval - interval '1 minute', now() - ${ago}::interval)
      RETURNING id, ended_at
    ), seats AS (
      INSERT INTO game_players (game_id, user_id, seat, active, score_before)
      SELECT g.id, x.user_id, x.seat, false, 900 FROM g, (VALUES (${game.winnerId}::uuid, 0), (${game.loserId}::uuid, 1)) AS x(user_id, seat)
    ), records AS (
      INSERT INTO played_games (user_id, game_id, game_mode, bet_micro, result, opponent_username, user_score, opponent_score, end_reason, created_at)
      SELECT x.user_id, g.id, 'rps', ${game.betMicro.toString()}::bigint, x.result, 'opponent', x.points, 3 - x.points, ${game.endReason}, g.ended_at
        FROM g, (VALUES (${game.winnerId}::uuid, 'win', 3), (${game.loserId}::uuid, 'lose', 0)) AS x(user_id, result, points)
    )
    SELECT id::text AS id FROM g`)) as unknown as { rows: { id: string }[] };
  const id = rows.rows[0]?.id;
  if (!id) throw new Error('seeded game returned no id');
  return id;
}

/** `count` wins for the player, each against a fresh opponent. */
export async function seedWins(t: TestApp, userId: string, count: number, how: { betMicro: bigint; endReason: FinishedGame['endReason'] }): Promise<void> {
  const opponent = await register(t.app);
  for (let i = 0; i < count; i += 1) await seedFinishedGame(t, { winnerId: userId, loserId: opponent.id, ...how });
}

/** `count` friends invited by the player, each credited 10 USDT and with a paid game against a stranger. */
export async function seedQualifiedFriends(t: TestApp, inviterId: string, count: number): Promise<string[]> {
  const code = await inviteCodeOf(t, inviterId);
  const stranger = await register(t.app);
  const friends: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const friend = await register(t.app, { invitedBy: code });
    await credit(t, friend.id, 10);
    await seedFinishedGame(t, { winnerId: stranger.id, loserId: friend.id, betMicro: 1_000_000n, endReason: null });
    friends.push(friend.id);
  }
  return friends;
}
