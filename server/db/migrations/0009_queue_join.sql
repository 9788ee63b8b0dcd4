-- A join's turn at its queue in one round trip (server/matchmaking/queue.ts, DESIGN.md §5).
--
-- Joins of one queue take turns on a transaction-scoped advisory lock, so that of two players arriving
-- at once the second always finds the first. Everything a join does while it holds the lock is time
-- every other join of that queue waits, and from the node each statement is a round trip. Here the
-- lock, the look for the oldest other waiting player (taken out of the queue with SKIP LOCKED) or,
-- when there is none, this player's wait, and the bet are one call. Each statement of a PL/pgSQL
-- function reads what was committed when that statement began, so the look sees every wait committed
-- before the lock was granted (one statement from the node could not: its snapshot would predate it).
--
-- search: {id, userId, gameMode, betMicro, socketId, createdAt, expiresAt}; bet: ledger_transfers'
-- requests (an empty array for a free game). One row per transfer answer (one row of nulls when none),
-- each carrying the waiting player taken, if any.
CREATE FUNCTION queue_join(queue_key text, search jsonb, bet jsonb)
RETURNS TABLE (
  o_waiting_id    uuid,
  o_waiting_user  uuid,
  o_index         integer,
  o_transfer_id   bigint,
  o_applied       boolean,
  o_insufficient  boolean,
  o_from_balance  bigint,
  o_to_balance    bigint
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  waiting_id    uuid;
  waiting_user  uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(queue_key));

  DELETE FROM searches
  WHERE id = (
      SELECT s.id FROM searches s
      WHERE s.game_mode = search->>'gameMode' AND s.bet_micro = (search->>'betMicro')::bigint
        AND s.rematch_of IS NULL AND s.user_id <> (search->>'userId')::uuid
      ORDER BY s.created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
  RETURNING id, user_id INTO waiting_id, waiting_user;

  IF waiting_id IS NULL THEN
    INSERT INTO searches (id, user_id, game_mode, bet_micro, socket_id, created_at, expires_at)
    VALUES ((search->>'id')::uuid, (search->>'userId')::uuid, search->>'gameMode', (search->>'betMicro')::bigint,
            search->>'socketId', (search->>'createdAt')::timestamptz, (search->>'expiresAt')::timestamptz);
  END IF;

  IF jsonb_array_length(bet) = 0 THEN
    RETURN QUERY SELECT waiting_id, waiting_user, NULL::integer, NULL::bigint, NULL::boolean, NULL::boolean, NULL::bigint, NULL::bigint;
  ELSE
    RETURN QUERY SELECT waiting_id, waiting_user, t.o_index, t.o_transfer_id, t.o_applied, t.o_insufficient, t.o_from_balance, t.o_to_balance
                 FROM ledger_transfers(bet) t;
  END IF;
END;
$$;
