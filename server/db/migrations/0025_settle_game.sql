-- Issue 38: a game's end, settled and written in one round trip.
--
-- The settlement was a transaction of six statements (BEGIN, the game's lock, the players' lock, their
-- records and the money, the game's write, COMMIT): about a third of an RPS game's statements, each a
-- round trip of the node's CPU and a wake-up of its backend, with the game's and the players' rows
-- locked across all of them. settle_game does the same work in one call: a move that ends a game is
-- computed by the node on the game as it last saw it, and settled here only if the game is still at
-- that version (as a move's write is, store.ts), in a statement of its own or inside a transaction that
-- already holds the game (a leave, a timeout).

-- What ties two accounts to one person (server/integrity/links.ts): a device (any session start kept), an
-- IP both used in the last 24 h, a withdrawal address (saved or withdrawn to), or one invited the other.
-- The settlement pays no referral share between them; a withdrawal is held for a paid win against them.
CREATE FUNCTION accounts_linked(a uuid, others uuid[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  WITH addresses AS (
    SELECT id AS user_id, saved_address AS address FROM users
     WHERE (id = a OR id = ANY(others)) AND saved_address IS NOT NULL
    UNION
    SELECT user_id, to_address FROM withdrawals WHERE user_id = a OR user_id = ANY(others)
  )
  SELECT
    EXISTS (SELECT 1 FROM users x JOIN users y ON y.id = ANY(others)
             WHERE x.id = a AND (x.invited_by = y.id OR y.invited_by = x.id))
    OR EXISTS (SELECT 1 FROM session_signals x JOIN session_signals y ON y.device_id = x.device_id AND y.user_id = ANY(others)
                WHERE x.user_id = a AND x.device_id IS NOT NULL)
    OR EXISTS (SELECT 1 FROM session_signals x JOIN session_signals y ON y.ip = x.ip AND y.user_id = ANY(others)
                WHERE x.user_id = a AND x.at > now() - interval '24 hours' AND y.at > now() - interval '24 hours')
    OR EXISTS (SELECT 1 FROM addresses x JOIN addresses y ON y.address = x.address AND y.user_id = ANY(others)
                WHERE x.user_id = a)
$$;

-- Elo with K = 32 (DESIGN.md §4): the winner's gain, the loser's loss. Rounded half up, as JavaScript's
-- Math.round (tests/server/settlement.test.ts checks every score gap from -4000 to 4000 against it).
CREATE FUNCTION elo_change(winner_score integer, loser_score integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(32 * (1 - 1 / (1 + power(10::float8, (loser_score - winner_score)::float8 / 400))) + 0.5)::integer
$$;

-- settle_game(t, state): t is the game's transition as store.ts writes it (id, read_version, version,
-- status, winner_id, loser_id, end_reason, ended_at, log_at, actor, action, move, state_hash, and for a
-- player read from a session this request did not check, session_hash and mover_id), plus the points of
-- the winner and the loser and the transaction's shard of the system accounts (ledger.ts); state the
-- game's final state. Returns NULL, having changed nothing, when the game is no longer at read_version,
-- is not running, or the session is not open: the caller decides again on a fresh read. Otherwise:
--   escrow → winner (the payout), the rest → house rake, the winner's inviter's share → their pending
--   rewards (only for a counting win: a paid game ended by play, and never between linked accounts);
--   both ratings, score history and played-game records; the game's row with its settlement and its
--   log line. Every transfer is keyed by the game, so it can happen only once.
-- Returns {"settlement": {"balances", "scoreChanges"}, "paid": {"transferId", "balance"} or null}: the
-- balances the end popup shows, and the winner's balance after the payout (told after commit).
-- Locks, in the order every other path takes them: the game, then both players (by id), then the
-- accounts (ledger_transfers).
CREATE FUNCTION settle_game(t jsonb, final_state jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  the_game   uuid := (t->>'id')::uuid;
  winner     uuid := (t->>'winner_id')::uuid;
  loser      uuid := (t->>'loser_id')::uuid;
  game       record;
  w          record;
  l          record;
  w_balance  bigint;
  l_balance  bigint;
  gain       integer;
  l_change   integer;
  net_win    bigint;
  share      bigint;
  rake       bigint;
  requests   jsonb := '[]'::jsonb;
  paid       jsonb := NULL;
  moved      record;
  seated     integer;
  settled    jsonb;
  w_points   integer := coalesce((t->>'winner_points')::integer, 0);
  l_points   integer := coalesce((t->>'loser_points')::integer, 0);
BEGIN
  -- The game by its key alone (the status checked here, not in the WHERE: a partial index of running
  -- games must never be the plan, see games/seedStatements.ts take_client_seed).
  SELECT g.status, g.version, g.game_mode, g.bet_micro, g.payout_micro INTO game
    FROM games g WHERE g.id = the_game FOR UPDATE;
  IF NOT FOUND OR game.status <> 'in-progress' OR game.version <> (t->>'read_version')::integer THEN
    RETURN NULL;
  END IF;
  IF t->>'session_hash' IS NOT NULL AND (t->>'mover_id')::uuid IS DISTINCT FROM (
       SELECT s.user_id FROM sessions s WHERE s.token_hash = t->>'session_hash' AND s.expires_at > now()) THEN
    RETURN NULL;
  END IF;

  -- Both players under their rows' locks: ratings change under them, so two games ending at once both count.
  PERFORM 1 FROM users u WHERE u.id IN (winner, loser) ORDER BY u.id FOR NO KEY UPDATE;
  SELECT u.score, u.nickname, u.invited_by INTO w FROM users u WHERE u.id = winner;
  IF FOUND THEN
    SELECT u.score, u.nickname INTO l FROM users u WHERE u.id = loser;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'game %: a player of % and % not found', the_game, winner, loser;
  END IF;
  w_balance := coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = winner), 0);
  l_balance := coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = loser), 0);
  gain := elo_change(w.score, l.score);
  l_change := greatest(0, l.score - gain) - l.score;

  -- The money (ledger_transfers' requests, as ledger.ts transfersPayload makes them).
  IF game.bet_micro > 0 THEN
    requests := requests || jsonb_build_object(
      'fromKind', 'escrow', 'fromUser', NULL, 'toKind', 'user', 'toUser', winner, 'amount', game.payout_micro::text,
      'kind', 'payout', 'key', 'game:' || the_game || ':payout', 'ref', the_game, 'shard', t->'shard');
    rake := 2 * game.bet_micro - game.payout_micro;
    IF rake > 0 THEN
      requests := requests || jsonb_build_object(
        'fromKind', 'escrow', 'fromUser', NULL, 'toKind', 'house_rake', 'toUser', NULL, 'amount', rake::text,
        'kind', 'rake', 'key', 'game:' || the_game || ':rake', 'ref', the_game, 'shard', t->'shard');
    END IF;
    -- DESIGN.md §4: the inviter earns their percentage (3.5 % unless an affiliate's own) of the net win.
    net_win := game.payout_micro - game.bet_micro;
    IF net_win > 0 AND w.invited_by IS NOT NULL AND t->>'end_reason' IS NULL AND NOT accounts_linked(winner, ARRAY[loser]) THEN
      SELECT net_win * (CASE WHEN i.is_affiliate THEN (i.affiliate_percentage * 100)::bigint ELSE 350 END) / 10000 INTO share
        FROM users i WHERE i.id = w.invited_by;
      IF share > 0 THEN
        requests := requests || jsonb_build_object(
          'fromKind', 'house_rewards', 'fromUser', NULL, 'toKind', 'rewards', 'toUser', w.invited_by, 'amount', share::text,
          'kind', 'referral', 'key', 'game:' || the_game || ':referral', 'ref', the_game, 'shard', t->'shard');
      END IF;
    END IF;
    FOR moved IN SELECT * FROM ledger_transfers(requests) LOOP
      IF moved.o_insufficient THEN
        RAISE EXCEPTION 'game %: transfer % is short', the_game, moved.o_index;
      END IF;
      -- The payout (the first request): the winner's balance as it left it, when it moved money.
      IF moved.o_index = 0 AND moved.o_applied THEN
        w_balance := moved.o_to_balance;
        paid := jsonb_build_object('transferId', moved.o_transfer_id::text, 'balance', moved.o_to_balance::text);
      END IF;
    END LOOP;
  END IF;

  -- The records: the seats, ratings, score history, each player's played game. The winner and the loser
  -- must be this game's two seats: otherwise the payout above would go to someone else, so nothing stands.
  UPDATE game_players SET active = false, score_change = CASE WHEN user_id = winner THEN gain ELSE l_change END
   WHERE game_players.game_id = the_game AND user_id IN (winner, loser);
  GET DIAGNOSTICS seated = ROW_COUNT;
  IF seated <> 2 OR winner = loser THEN
    RAISE EXCEPTION 'game %: % and % are not its two players', the_game, winner, loser;
  END IF;
  UPDATE users SET score = w.score + gain WHERE id = winner;
  UPDATE users SET score = l.score + l_change WHERE id = loser;
  INSERT INTO score_history (user_id, game_id, result, score, change)
  VALUES (winner, the_game, 'win', w.score + gain, gain), (loser, the_game, 'lose', l.score + l_change, l_change);
  INSERT INTO played_games (user_id, game_id, game_mode, bet_micro, result, opponent_username, user_score, opponent_score, end_reason)
  VALUES (winner, the_game, game.game_mode, game.bet_micro, 'win', l.nickname, w_points, l_points, t->>'end_reason'),
         (loser, the_game, game.game_mode, game.bet_micro, 'lose', w.nickname, l_points, w_points, t->>'end_reason');

  -- The game's row and its log line, as store.ts's transition write makes them.
  settled := jsonb_build_object(
    'balances', jsonb_build_object(winner::text, w_balance::text, loser::text, l_balance::text),
    'scoreChanges', jsonb_build_object(winner::text, gain, loser::text, l_change));
  UPDATE games SET state = final_state, version = (t->>'version')::integer, deadline_at = NULL, status = t->>'status',
         winner_id = winner, loser_id = loser, end_reason = t->>'end_reason', ended_at = (t->>'ended_at')::timestamptz,
         settlement = settled
   WHERE id = the_game;
  INSERT INTO game_log (game_id, seq, at, actor, action, move, version, state_hash)
  VALUES (the_game, (SELECT coalesce(max(x.seq), 0) + 1 FROM game_log x WHERE x.game_id = the_game),
          (t->>'log_at')::timestamptz, t->>'actor', t->>'action', nullif(t->'move', 'null'::jsonb),
          (t->>'version')::integer, t->>'state_hash');
  RETURN jsonb_build_object('settlement', settled, 'paid', paid);
END;
$$;
