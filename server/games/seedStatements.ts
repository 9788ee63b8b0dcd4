import { sql, type Placeholder } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { arrayLiteral } from '../db/arrays.ts';
import { GroupCommit } from '../db/groupCommit.ts';
import { namedStatement } from '../db/named.ts';
import { nodeLocal } from '../nodeLocal.ts';
import { loadedColumns, readLoaded, type LoadedGame } from './store.ts';

/**
 * The client seeds' SQL (clientSeeds.ts): a seed for a game still waiting for its first draw, taken only
 * from one of the game's players, once per seat, before the wait is over (by the node's clock, as the
 * sweeper's), and, for a player from this node's known sessions, only while that session is open. What
 * is taken comes back as the game now is (both seeds in when it was the second); a seed that any of
 * that refuses comes back as nothing, and the caller asks again under the row's lock, where each refusal
 * has its answer. The version does not move: nothing anyone sees has changed until the draw.
 *
 * Every game's two seeds come in the same second as its pairing, and a pairing turn makes many games at
 * once: the seeds a node receives together go as one statement (db/groupCommit.ts), both seeds of one
 * game in two, one after the other.
 */

export interface SeedInput {
  gameId: string;
  userId: string;
  clientSeed: string;
  now: number;
  sessionHash?: string | undefined;
}

// The conditions of a seed taken, with `s` the seed (game_id, user_id, client_seed, at, session_hash)
// and `p` its player's seat. The status is a parameter (always 'in-progress'): written out, it let the
// plan cached for the connection, made while a fresh database held a few games, find the game through
// the running games' index (games_running) and filter every running game for its id: ~1,000 rows read
// per seed at 1,000 games (issue 38, auto_explain). As a parameter no partial index applies: the key's does.
const takenWhen = (running: Placeholder) => sql`games.status = ${running}::text AND games.state = 'null'::jsonb
        AND games.deadline_at > s.at
        AND coalesce(games.client_seeds ->> p.seat::integer, '') = ''
        -- The session by its key: a scalar subquery, never a hash of every open session.
        AND (s.session_hash IS NULL OR s.user_id = (
          SELECT x.user_id FROM sessions x WHERE x.token_hash = s.session_hash AND x.expires_at > now()))`;

const seatSeed = sql`client_seeds = jsonb_set(coalesce(games.client_seeds, '["", ""]'::jsonb), ARRAY[p.seat::text], to_jsonb(s.client_seed))`;

const takeOne = namedStatement<keyof SeedRecord | 'running'>(
  'take_client_seed',
  (v) => sql`UPDATE games SET ${seatSeed}
      FROM (SELECT ${v('game_id')}::uuid AS game_id, ${v('user_id')}::uuid AS user_id, ${v('client_seed')}::text AS client_seed,
                   ${v('at')}::timestamptz AS at, ${v('session_hash')}::text AS session_hash) s
      JOIN game_players p ON p.game_id = s.game_id AND p.user_id = s.user_id
      WHERE games.id = ${v('game_id')}::uuid AND games.id = s.game_id AND ${takenWhen(v('running'))}
      RETURNING ${loadedColumns}`,
);

const takeMany = namedStatement<'records' | 'ids' | 'running'>(
  'take_client_seeds',
  (v) => sql`
    WITH s AS (
      SELECT * FROM json_to_recordset(${v('records')}::json) AS s(game_id uuid, user_id uuid, client_seed text, at timestamptz, session_hash text)
    ), free AS (
      -- Only the games no transaction holds (a leave or the sweeper's draw): the others are sent alone.
      SELECT games.id FROM games WHERE games.id = ANY(${v('ids')}::uuid[]) FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE games SET ${seatSeed}
      FROM s JOIN game_players p ON p.game_id = s.game_id AND p.user_id = s.user_id
      -- The games named by key (one array parameter, so the statement's text never changes).
      WHERE games.id = ANY(${v('ids')}::uuid[]) AND games.id IN (SELECT free.id FROM free) AND games.id = s.game_id
        AND ${takenWhen(v('running'))}
      RETURNING ${loadedColumns}
    )
    SELECT f.id::text AS free_id, t.* FROM free f LEFT JOIN taken t ON t.id = f.id`,
);

/** A seed's fields as both statements take them (one as parameters, many as a JSON record set). */
type SeedRecord = ReturnType<typeof recordOf>;

const recordOf = (input: SeedInput) => ({
  game_id: input.gameId,
  user_id: input.userId,
  client_seed: input.clientSeed,
  at: new Date(input.now).toISOString(),
  session_hash: input.sessionHash ?? null,
});

/** The node's group commit of client seeds. */
export const seedWriter = nodeLocal(
  (services) =>
    new GroupCommit<SeedInput, LoadedGame | null>({
      keyOf: (input) => input.gameId,
      one: async (input) => {
        const [raw] = await takeOne<Record<string, unknown>>(services.db, { ...recordOf(input), running: 'in-progress' });
        return raw ? readLoaded(raw) : null;
      },
      many: async (inputs) => {
        const rows = await takeMany<Record<string, unknown> & { free_id: string }>(services.db, {
          records: JSON.stringify(inputs.map(recordOf)),
          ids: arrayLiteral(inputs.map((input) => input.gameId)),
          running: 'in-progress',
        });
        const free = new Set(rows.map((row) => row.free_id));
        const results = new Map<string, LoadedGame>();
        for (const row of rows) if (row.id !== null && row.id !== undefined) results.set(row.free_id, readLoaded(row));
        return { results, busy: new Set(inputs.map((input) => input.gameId).filter((id) => !free.has(id))) };
      },
      refused: null,
    }),
);

/** A client seed taken with whatever other seeds this node is taking now: the game as it now is, or null when refused. */
export function takeClientSeed(services: Services, input: SeedInput): Promise<LoadedGame | null> {
  return seedWriter(services).write(input);
}
