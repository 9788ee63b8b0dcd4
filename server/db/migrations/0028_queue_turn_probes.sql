-- Issue 38: a pairing turn's checks read only the joining players' rows.
--
-- queue_turn (0023) checked each join with EXISTS subqueries: is the player searching, challenging,
-- playing. The planner takes jsonb_array_elements for 100 rows whatever the turn holds (usually one or
-- two joins), and for 100 rows it hashed each subquery's whole table once rather than probing it 100
-- times: every turn read every search and every seat of every game ever played (game_players, finished
-- seats included; measured at launch day's 10,000 players, 568 buffers and 5.2 ms a turn, 43 % of
-- PostgreSQL's statement time; in the mixed room a turn's check read 46 buffers, 29 of them
-- game_players, against 11 on a fresh database). The same checks as LATERAL subqueries are always run
-- per player, by its key. Everything else is 0023's.
CREATE OR REPLACE FUNCTION queue_turn(queue_key text, p_mode text, p_bet bigint, min_score integer, joins jsonb, bets jsonb)
RETURNS TABLE (
  o_index        integer,
  o_outcome      text,
  o_opponent     uuid,
  o_seat         smallint,
  o_transfer_id  bigint,
  o_balance      bigint
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  n            integer := jsonb_array_length(joins);
  v_outcome    text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(joins)]);
  v_opponent   uuid[] := array_fill(NULL::uuid, ARRAY[jsonb_array_length(joins)]);
  v_seat       smallint[] := array_fill(NULL::smallint, ARRAY[jsonb_array_length(joins)]);
  v_transfer   bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(joins)]);
  v_balance    bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(joins)]);
  -- The accepted joins, arrival order: their players and their places in `joins` (1-based).
  v_ids        uuid[];
  v_users      uuid[] := '{}';
  v_places     integer[] := '{}';
  v_waiting    uuid[];
  m            integer;
  w            integer;
  k            integer;
  here         integer;
  there        integer;
  j            jsonb;
  r            record;
  t            record;
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;

  -- NO KEY UPDATE, as a single join's lock (queue.ts lockPlayer): rows that reference the player
  -- (game_players, searches) take KEY SHARE locks, which a plain FOR UPDATE would wait on.
  SELECT array_agg((e->>'userId')::uuid) INTO v_ids FROM jsonb_array_elements(joins) e;
  PERFORM 1 FROM users u
  WHERE u.id = ANY (v_ids)
  ORDER BY u.id
  FOR NO KEY UPDATE;

  -- Each check a probe of that player's own rows: a LATERAL subquery with a LIMIT (or OFFSET) cannot be
  -- pulled up into a join the planner might hash, so it runs per player, by its key. 0023's EXISTS
  -- checks were hashed whole (the header above): a turn's cost grew with the game's history.
  FOR r IN
    SELECT e.ord::integer AS place, (e.value->>'userId')::uuid AS player, u.id IS NOT NULL AS known,
           u.frozen_at IS NOT NULL AS frozen, u.score AS score,
           s.found IS NOT NULL AS searching,
           c.found IS NOT NULL AS challenging,
           gp.found IS NOT NULL AS playing,
           coalesce(a.balance_micro, 0) AS balance
    FROM jsonb_array_elements(joins) WITH ORDINALITY AS e(value, ord)
    LEFT JOIN LATERAL (SELECT * FROM users WHERE users.id = (e.value->>'userId')::uuid OFFSET 0) u ON true
    LEFT JOIN LATERAL (SELECT true AS found FROM searches s WHERE s.user_id = u.id LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT true AS found FROM challenges c WHERE c.challenger_id = u.id AND c.status = 'open' LIMIT 1) c ON true
    LEFT JOIN LATERAL (SELECT true AS found FROM game_players gp WHERE gp.user_id = u.id AND gp.active LIMIT 1) gp ON true
    LEFT JOIN LATERAL (SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = u.id LIMIT 1) a ON true
    ORDER BY e.ord
  LOOP
    IF NOT r.known THEN
      v_outcome[r.place] := 'unknown';
    ELSIF r.frozen THEN
      v_outcome[r.place] := 'frozen';
    ELSIF min_score IS NOT NULL AND r.score < min_score THEN
      v_outcome[r.place] := 'score';
    ELSIF r.player = ANY (v_users) THEN
      -- The same player twice in one turn: the earlier join stands; this one is told what it left
      -- them doing, once the pairing is known (below).
      v_outcome[r.place] := 'again';
    ELSIF r.searching THEN
      v_outcome[r.place] := 'searching';
    ELSIF r.challenging THEN
      v_outcome[r.place] := 'challenging';
    ELSIF r.playing THEN
      v_outcome[r.place] := 'playing';
    ELSIF r.balance < p_bet THEN
      v_outcome[r.place] := 'insufficient';
    ELSE
      IF p_bet > 0 THEN
        SELECT * INTO t FROM ledger_transfers(jsonb_build_array(bets->(r.place - 1))) x LIMIT 1;
        IF t.o_insufficient THEN
          v_outcome[r.place] := 'insufficient';
          CONTINUE;
        END IF;
        v_transfer[r.place] := t.o_transfer_id;
        v_balance[r.place] := t.o_from_balance;
      ELSE
        v_balance[r.place] := r.balance;
      END IF;
      v_users := v_users || r.player;
      v_places := v_places || r.place;
    END IF;
  END LOOP;

  m := coalesce(array_length(v_users, 1), 0);
  IF m > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext(queue_key));

    WITH taken AS (
      DELETE FROM searches
      WHERE id IN (
          SELECT s.id FROM searches s
          WHERE s.game_mode = p_mode AND s.bet_micro = p_bet AND s.rematch_of IS NULL AND s.user_id <> ALL (v_users)
          ORDER BY s.created_at
          LIMIT m
          FOR UPDATE SKIP LOCKED)
      RETURNING searches.user_id, searches.created_at
    )
    SELECT coalesce(array_agg(taken.user_id ORDER BY taken.created_at), '{}') INTO v_waiting FROM taken;
    w := coalesce(array_length(v_waiting, 1), 0);

    FOR k IN 1 .. m LOOP
      here := v_places[k];
      IF k <= w THEN
        v_outcome[here] := 'paired';
        v_opponent[here] := v_waiting[k];
        v_seat[here] := 1;
      ELSIF (k - w) % 2 = 1 AND k < m THEN
        there := v_places[k + 1];
        v_outcome[here] := 'paired';
        v_opponent[here] := v_users[k + 1];
        v_seat[here] := 0;
        v_outcome[there] := 'paired';
        v_opponent[there] := v_users[k];
        v_seat[there] := 1;
      ELSIF (k - w) % 2 = 1 THEN
        -- The odd one out waits for the next join of this queue, on any node.
        j := joins->(here - 1);
        INSERT INTO searches (id, user_id, game_mode, bet_micro, socket_id, created_at, expires_at)
        VALUES ((j->>'id')::uuid, v_users[k], p_mode, p_bet, j->>'socketId', (j->>'createdAt')::timestamptz, (j->>'expiresAt')::timestamptz);
        v_outcome[here] := 'waiting';
      END IF;
    END LOOP;
  END IF;

  -- A repeated join: 'playing' if the earlier one was paired, else 'searching' (it waits).
  FOR k IN 1 .. n LOOP
    IF v_outcome[k] = 'again' THEN
      v_outcome[k] := CASE WHEN v_outcome[v_places[array_position(v_users, (joins->(k - 1)->>'userId')::uuid)]] = 'paired'
                           THEN 'playing' ELSE 'searching' END;
    END IF;
  END LOOP;

  RETURN QUERY
    SELECT g.i - 1, v_outcome[g.i], v_opponent[g.i], v_seat[g.i], v_transfer[g.i], v_balance[g.i]
    FROM generate_series(1, n) AS g(i);
END;
$$;
