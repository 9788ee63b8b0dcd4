import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../db/arrays.ts';
import { rowReader } from '../db/rows.ts';
import type { Queryable, Tx } from '../db/client.ts';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../rules/canonicalJson.ts';
import { namedStatement } from '../db/named.ts';
import { games, type GameRow } from '../db/schema.ts';
import type { Seat } from './views.ts';

/**
 * The game rows' SQL on the hot paths. Each function is one statement: on a busy node the cost of a
 * move is its round trips to PostgreSQL (the node's CPU per statement, and the time a row's lock is
 * held while the node sends the next one), not the work PostgreSQL does for it.
 */

export interface LoadedGame {
  row: GameRow;
  seats: Seat[];
}

/** The seats of the game in the outer query, as views.ts's Seat, seat order. */
const seatsJson: SQL = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'userId', gp.user_id, 'seat', gp.seat, 'nickname', u.nickname, 'country', u.country,
           'score', u.score, 'photoUrl', u.photo_url) ORDER BY gp.seat), '[]'::json)
  FROM game_players gp
  -- OFFSET 0 keeps this a lookup of each seat's player by key: joined, the plan cached for the session
  -- could be a hash join over every user, chosen while the table was small (a launch day's fresh
  -- database) and kept as it grew.
  CROSS JOIN LATERAL (SELECT nickname, country, score, photo_url FROM users WHERE users.id = gp.user_id OFFSET 0) u
  WHERE gp.game_id = games.id)`;

const gameRow = rowReader(games);

const gameSeats = namedStatement<'gameId'>('game_seats', (v) => sql`SELECT ${seatsJson} AS seats FROM games WHERE games.id = ${v('gameId')}::uuid`);

/** A game's seats, seat order (for a game read some other way). */
export async function seatsOf(db: Queryable, gameId: string): Promise<Seat[]> {
  const [raw] = await gameSeats<{ seats: Seat[] }>(db, { gameId });
  return raw?.seats ?? [];
}

/** A game's whole row and its seats, as readLoaded reads them: the select list of every statement that loads a game. */
export const loadedColumns: SQL = sql`${gameRow.columns}, ${seatsJson} AS seats`;

export const readLoaded = (raw: Record<string, unknown>): LoadedGame => ({ row: gameRow.read(raw), seats: raw.seats as Seat[] });

const loadGameRow = namedStatement<'gameId'>('load_game', (v) => sql`SELECT ${loadedColumns} FROM games WHERE games.id = ${v('gameId')}::uuid`);
const loadGameLocked = namedStatement<'gameId'>(
  'load_game_locked',
  (v) => sql`SELECT ${loadedColumns} FROM games WHERE games.id = ${v('gameId')}::uuid FOR UPDATE OF games`,
);

/** A game and its seats in one statement; `lock` holds the game row until the transaction ends. */
export async function loadGame(db: Queryable, gameId: string, lock: 'none' | 'update' = 'none'): Promise<LoadedGame | null> {
  const [raw] = await (lock === 'update' ? loadGameLocked : loadGameRow)<Record<string, unknown>>(db, { gameId });
  return raw ? readLoaded(raw) : null;
}

const activeGameRow = namedStatement<'userId'>(
  'active_game',
  // By the key of game_players_one_running (a player's one running seat), then the game by its key.
  (v) => sql`SELECT ${loadedColumns}
             FROM game_players p JOIN games ON games.id = p.game_id
             WHERE p.user_id = ${v('userId')}::uuid AND p.active`,
);

/** The player's running game and its seats, if any: one statement on every reload and socket (re)connect. */
export async function activeGame(db: Queryable, userId: string): Promise<LoadedGame | null> {
  const [raw] = await activeGameRow<Record<string, unknown>>(db, { userId });
  return raw ? readLoaded(raw) : null;
}

const recentGameRow = namedStatement<'userId' | 'since'>(
  'recent_game',
  (v) => sql`SELECT ${loadedColumns}
             FROM game_players p JOIN games ON games.id = p.game_id
             WHERE p.user_id = ${v('userId')}::uuid AND games.ended_at > ${v('since')}::timestamptz
             ORDER BY games.ended_at DESC LIMIT 1`,
);

/** The player's game that ended last, if it ended after `since`, and its seats. */
export async function recentGame(db: Queryable, userId: string, since: Date): Promise<LoadedGame | null> {
  const [raw] = await recentGameRow<Record<string, unknown>>(db, { userId, since: since.toISOString() });
  return raw ? readLoaded(raw) : null;
}

/**
 * Up to `limit` running games whose deadline has passed (or just `gameId`, if it is), oldest deadline
 * first, each locked by this transaction; rows another node or a move holds are skipped (theirs to finish).
 */
export async function claimDueGames(tx: Tx, now: number, limit: number, gameId?: string): Promise<LoadedGame[]> {
  const at = new Date(now).toISOString();
  const rows = gameId ? await claimDueGame<Record<string, unknown>>(tx, { at, gameId, running: 'in-progress' }) : await claimDueGamesBatch<Record<string, unknown>>(tx, { at, limit });
  return rows.map(readLoaded);
}

// The running games whose deadline has passed, found through the running games' index (games_running,
// migration 0024: the deadline itself is not indexed, so that a move's update stays HOT). The status is
// written out, not a parameter: only a plan that knows it can use that partial index.
const due = (at: Placeholder) => sql`games.status = 'in-progress' AND games.deadline_at <= ${at}::timestamptz`;
// One game by its key; the status as a parameter (always 'in-progress'), so that no partial index of
// running games can be chosen for it (see seedStatements.ts take_client_seed).
const claimDueGame = namedStatement<'at' | 'gameId' | 'running'>(
  'claim_due_game',
  (v) => sql`SELECT ${loadedColumns} FROM games
             WHERE games.id = ${v('gameId')}::uuid AND games.status = ${v('running')}::text AND games.deadline_at <= ${v('at')}::timestamptz
             FOR UPDATE OF games SKIP LOCKED`,
);
const claimDueGamesBatch = namedStatement<'at' | 'limit'>(
  'claim_due_games',
  (v) => sql`SELECT ${loadedColumns} FROM games WHERE ${due(v('at'))}
             ORDER BY games.deadline_at LIMIT ${v('limit')}::integer FOR UPDATE OF games SKIP LOCKED`,
);

/** One transition to write: the game as it now is, the version it was read at, and its log line. */
export interface TransitionWrite {
  next: GameRow;
  readVersion: number;
  log: { at: number; actor: string; action: string; move?: unknown };
  /**
   * A move whose player was not read from the session this request (guards.ts requireMover): written
   * only while that session is still open and still this player's.
   */
  session?: { hash: string; userId: string };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * rules/random.ts stateHashOf, with Node's native SHA-256: the same digest (tests/rules/fairness.test.ts
 * checks it) at a fraction of the cost on every move's write.
 */
export const stateDigest = (state: unknown): string => digestOf(canonicalJson(state));

const digestOf = (json: string): string => createHash('sha256').update(json).digest('hex');

/**
 * Writes transitions (each game's new row and its log line) in one statement. A game is written only
 * while it is still at the version it was read at (and a move with an unread session only while that
 * session is open), so a transition computed from a row that was not
 * locked can never overwrite a change that came first; returns the ids of the games written. For rows
 * this transaction holds locked the version cannot have moved, and every one is written.
 */
export async function writeTransitions(db: Queryable, writes: TransitionWrite[]): Promise<Set<string>> {
  if (writes.length === 0) return new Set();
  const { records, stateJsons } = transitionRecords(writes);
  const [one] = records;
  const rows =
    records.length === 1 && one
      ? await writeTransition<{ id: string }>(db, {
          ...one,
          state: one.state === null ? null : stateJsons[0],
          settlement: jsonParam(one.settlement),
          client_seeds: jsonParam(one.client_seeds),
          move: jsonParam(one.move),
        })
      : await writeTransitionsBatch<{ id: string }>(db, {
          records: recordSetJson(records, stateJsons),
          ids: arrayLiteral(records.map((r) => r.id)),
        });
  return new Set(rows.map((r) => r.id));
}

/** Each transition's fields as the statements take them, and each state's canonical JSON (made once: its digest, and a single write's parameter). */
export function transitionRecords(writes: TransitionWrite[]) {
  const stateJsons = writes.map(({ next }) => canonicalJson(next.state));
  const records = writes.map(({ next, readVersion, log, session }, at) => ({
    id: next.id,
    read_version: readVersion,
    state: next.state, // JSON null reads back as SQL NULL; the SET turns it back into jsonb null
    version: next.version,
    deadline_at: iso(next.deadlineAt),
    status: next.status,
    winner_id: next.winnerId,
    loser_id: next.loserId,
    end_reason: next.endReason,
    ended_at: iso(next.endedAt),
    settlement: next.settlement ?? null,
    // Set once, by the first draw: no other transition may touch them.
    client_seeds: log.action === 'create' ? next.clientSeeds : null,
    log_at: new Date(log.at).toISOString(),
    actor: log.actor,
    action: log.action,
    move: log.move ?? null,
    // What a replay of the proof must reach (rules/verify.ts).
    state_hash: digestOf(stateJsons[at] as string),
    session_hash: session?.hash ?? null,
    mover_id: session?.userId ?? null,
  }));
  return { records, stateJsons };
}

/**
 * The records as the batch statements' JSON record set, each state as the canonical text its digest
 * was made from rather than serialised a second time: a Belote or backgammon state is 5-30 KB by the
 * middle of its game, and JSON.stringify of the whole batch was ~2 % of a busy node's CPU on launch day
 * (bench/README.md, a fifteenth session). The statement reads the same JSON values either way.
 */
function recordSetJson(records: ReturnType<typeof transitionRecords>['records'], stateJsons: string[]): string {
  const parts = records.map(({ state: _state, ...fields }, at) => `${JSON.stringify(fields).slice(0, -1)},"state":${stateJsons[at] as string}}`);
  return `[${parts.join(',')}]`;
}

type TransitionField =
  | 'id' | 'read_version' | 'state' | 'version' | 'deadline_at' | 'status' | 'winner_id' | 'loser_id' | 'end_reason' | 'ended_at'
  | 'settlement' | 'client_seeds' | 'log_at' | 'actor' | 'action' | 'move' | 'state_hash' | 'session_hash' | 'mover_id';

/**
 * A move's write: the game and the session named by key, so the plan, prepared once per connection, is
 * two index lookups whatever the tables' statistics said when it was made (joined to a record set it was
 * a scan of every game and every open session once the tables had grown). Its fields are typed
 * parameters, not a JSON record: json_to_record was ~90 µs of the statement's ~250 (bench/README.md).
 */
const writeTransition = namedStatement<TransitionField>('write_transition', (v) =>
  transitionSql(
    sql`SELECT ${v('id')}::uuid AS id, ${v('read_version')}::integer AS read_version, ${v('state')}::jsonb AS state,
          ${v('version')}::integer AS version, ${v('deadline_at')}::timestamptz AS deadline_at, ${v('status')}::text AS status,
          ${v('winner_id')}::uuid AS winner_id, ${v('loser_id')}::uuid AS loser_id, ${v('end_reason')}::text AS end_reason,
          ${v('ended_at')}::timestamptz AS ended_at, ${v('settlement')}::jsonb AS settlement, ${v('client_seeds')}::jsonb AS client_seeds,
          ${v('log_at')}::timestamptz AS log_at, ${v('actor')}::text AS actor, ${v('action')}::text AS action,
          ${v('move')}::jsonb AS move, ${v('state_hash')}::text AS state_hash`,
    sql`g.id = ${v('id')}::uuid AND g.version = ${v('read_version')}::integer
      AND (${v('session_hash')}::text IS NULL OR EXISTS (
        SELECT 1 FROM sessions s WHERE s.token_hash = ${v('session_hash')}::text AND s.user_id = ${v('mover_id')}::uuid AND s.expires_at > now()))`,
  ),
);

/** The transitions' fields as a JSON record set (`records`), for the statements that write several. */
const recordSet = (records: Placeholder) =>
  sql`SELECT * FROM json_to_recordset(${records}::json) AS w(
        id uuid, read_version integer, state jsonb, version integer, deadline_at timestamptz, status text,
        winner_id uuid, loser_id uuid, end_reason text, ended_at timestamptz, settlement jsonb, client_seeds jsonb,
        log_at timestamptz, actor text, action text, move jsonb, state_hash text, session_hash text, mover_id uuid)`;

/** The sweeper's batch: any number of games at once, none with a session, rows its transaction holds. */
const writeTransitionsBatch = namedStatement<'records' | 'ids'>('write_transitions', (v) =>
  transitionSql(
    recordSet(v('records')),
    // The games named by key too (one array parameter, so the statement's text never changes): an
    // index lookup of these rows whatever plan the connection cached for the join.
    sql`g.id = ANY(${v('ids')}::uuid[]) AND g.id = w.id AND g.version = w.read_version`,
  ),
);

/**
 * The moves, timeouts and first draws of one turn, grouped by transitionWriter.ts, in no transaction of
 * theirs: each move's unread session checked by its key, and only the games no one holds locked (SKIP
 * LOCKED). A game a settlement or a leave holds would otherwise hold every other move of the statement
 * until that transaction ends (seen on launch day: such statements took 10 ms on average); its write is
 * answered "busy" and sent again alone, where it waits for the lock as it always did.
 */
const writeFreeTransitions = namedStatement<'records' | 'ids'>('write_free_transitions', (v) =>
  transitionSql(
    recordSet(v('records')),
    sql`g.id = ANY(${v('ids')}::uuid[]) AND g.id IN (SELECT free.id FROM free) AND g.id = w.id AND g.version = w.read_version
      -- The session by its key, once per move: a scalar subquery, which PostgreSQL never turns into a
      -- hash of every open session (an EXISTS here was one, built on every statement).
      AND (w.session_hash IS NULL OR w.mover_id = (
        SELECT s.user_id FROM sessions s WHERE s.token_hash = w.session_hash AND s.expires_at > now()))`,
    sql`SELECT games.id FROM games WHERE games.id = ANY(${v('ids')}::uuid[]) FOR UPDATE SKIP LOCKED`,
  ),
);

/**
 * Several transitions outside any transaction (transitionWriter.ts), each written only at its version,
 * its session open, and its game not locked by anyone: `written` the games written, `busy` those another
 * transaction held (not tried: the caller sends them again alone).
 */
export async function writeFreeTransitionsOf(db: Queryable, writes: TransitionWrite[]): Promise<{ written: Set<string>; busy: Set<string> }> {
  const { records, stateJsons } = transitionRecords(writes);
  const rows = await writeFreeTransitions<{ id: string; written: boolean }>(db, {
    records: recordSetJson(records, stateJsons),
    ids: arrayLiteral(records.map((r) => r.id)),
  });
  const free = new Set(rows.map((r) => r.id));
  return {
    written: new Set(rows.filter((r) => r.written).map((r) => r.id)),
    busy: new Set(records.map((r) => r.id).filter((id) => !free.has(id))),
  };
}

/** A JSON value as a jsonb parameter's text; null and undefined as SQL NULL (an array would go as a PostgreSQL array). */
const jsonParam = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The statement of writeTransitions: `records` the query of the transitions' fields, `match` the rows it
 * writes; with `free`, the rows it may write are locked first without waiting, and it answers each of
 * those with whether it was written.
 */
function transitionSql(records: SQL, match: SQL, free?: SQL): SQL {
  const write = sql`written AS (
      UPDATE games g
      SET state = coalesce(w.state, 'null'::jsonb), version = w.version, deadline_at = w.deadline_at, status = w.status,
          winner_id = w.winner_id, loser_id = w.loser_id, end_reason = w.end_reason, ended_at = w.ended_at,
          settlement = w.settlement, client_seeds = coalesce(w.client_seeds, g.client_seeds)
      FROM w
      WHERE ${match}
      RETURNING g.id, w.version, w.log_at, w.actor, w.action, w.move, w.state_hash
    ), logged AS (
      -- The game row's update serialises every writer of one game, so the next seq is this snapshot's.
      INSERT INTO game_log (game_id, seq, at, actor, action, move, version, state_hash)
      SELECT x.id, (SELECT coalesce(max(l.seq), 0) + 1 FROM game_log l WHERE l.game_id = x.id),
             x.log_at, x.actor, x.action, x.move, x.version, x.state_hash
      FROM written x
    )`;
  return free
    ? sql`WITH w AS (${records}), free AS (${free}), ${write}
          SELECT f.id::text AS id, EXISTS (SELECT 1 FROM written x WHERE x.id = f.id) AS written FROM free f`
    : sql`WITH w AS (${records}), ${write} SELECT id::text AS id FROM written`;
}

const insertGamesStatement = namedStatement<'records'>(
  'insert_games',
  (v) => sql`
    WITH n AS (
      SELECT * FROM json_to_recordset(${v('records')}::json) AS n(
        id uuid, game_mode text, bet_micro bigint, payout_micro bigint, status text, state jsonb, drawn boolean, version integer,
        deadline_at timestamptz, seed text, seed_hash text, client_seeds jsonb, rematch_of uuid, created_at timestamptz,
        player0 uuid, player1 uuid, state_hash text)
    ), g AS (
      INSERT INTO games (id, game_mode, bet_micro, payout_micro, status, state, version, deadline_at, seed, seed_hash, client_seeds, rematch_of, created_at)
      SELECT id, game_mode, bet_micro, payout_micro, status, coalesce(state, 'null'::jsonb), version, deadline_at, seed, seed_hash, client_seeds, rematch_of, created_at FROM n
      RETURNING id
    ), p AS (
      SELECT n.id AS game_id, u.id, x.seat, u.nickname, u.country, u.score, u.photo_url
      FROM n CROSS JOIN LATERAL (VALUES (n.player0, 0), (n.player1, 1)) AS x(id, seat)
      -- Each player by key (OFFSET 0, as in seatsJson): never a cached hash join over every user.
      CROSS JOIN LATERAL (SELECT id, nickname, country, score, photo_url FROM users WHERE users.id = x.id OFFSET 0) u
    ), seated AS (
      INSERT INTO game_players (game_id, user_id, seat, score_before) SELECT p.game_id, p.id, p.seat, p.score FROM p
    ), logged AS (
      INSERT INTO game_log (game_id, seq, at, actor, action, move, version, state_hash)
      SELECT n.id, 1, n.created_at, 'server', 'create', jsonb_build_object('players', jsonb_build_array(n.player0, n.player1)), n.version, n.state_hash
      FROM n WHERE n.drawn
    )
    SELECT p.game_id::text AS "gameId", p.id::text AS "userId", p.seat, p.nickname, p.country, p.score, p.photo_url AS "photoUrl"
    FROM p WHERE p.game_id IN (SELECT id FROM g) ORDER BY p.game_id, p.seat`,
);

/**
 * New games (engine.ts createGames: a pairing turn's, or a rematch's one) inside the pairing's
 * transaction: rows, seats and the 'create' line of those already drawn (none yet for a game waiting for
 * its client seeds, firstDraw.ts), in one statement; returns each game's seats as the players' panels
 * show them, by game id.
 */
export async function insertGames(tx: Tx, created: { game: GameRow; players: [string, string] }[]): Promise<Map<string, Seat[]>> {
  const records = created.map(({ game, players }) => ({
    id: game.id,
    game_mode: game.gameMode,
    bet_micro: game.betMicro.toString(),
    payout_micro: game.payoutMicro.toString(),
    status: game.status,
    state: game.state, // a seeding game's null: written as jsonb null below
    drawn: game.state !== null,
    version: game.version,
    deadline_at: iso(game.deadlineAt),
    seed: game.seed,
    seed_hash: game.seedHash,
    client_seeds: game.clientSeeds,
    rematch_of: game.rematchOf,
    created_at: game.createdAt.toISOString(),
    player0: players[0],
    player1: players[1],
    state_hash: stateDigest(game.state),
  }));
  const seats = await insertGamesStatement<Seat & { gameId: string }>(tx, { records: JSON.stringify(records) });
  const byGame = new Map<string, Seat[]>();
  for (const { gameId, ...seat } of seats) byGame.set(gameId, [...(byGame.get(gameId) ?? []), seat]);
  for (const { game } of created) {
    if (byGame.get(game.id)?.length !== 2) throw new Error(`game ${game.id}: ${byGame.get(game.id)?.length ?? 0} of its 2 players exist`);
  }
  return byGame;
}
