-- Transfers in one round trip, and system accounts in shards (DESIGN.md §4).
--
-- A system account (escrow, house rake, house rewards, fees, withdrawal hold, chain) is 16 rows, shards
-- 0-15, and a transfer uses the shard its transaction drew (one for all its transfers, so it locks at
-- most one row of each, in the same order as with one row: no new deadlocks). Its balance is the sum
-- of its shards.
-- Every bet and every payout of the product moves money through escrow, and a transfer holds its
-- accounts' rows locked until COMMIT: with one escrow row, every join and every settlement of every
-- queue and node took turns on it (a settlement waited ~29 ms on average in bench/rps-load). With 16,
-- two of them meet on a row one time in 16. A shard may go below zero (money in through one, out
-- through another); the sum cannot, and checkLedger() still finds every balance equal to its transfers.
ALTER TABLE accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15);
ALTER TABLE accounts ADD CONSTRAINT accounts_player_shard CHECK (user_id IS NULL OR shard = 0);
DROP INDEX accounts_system;
CREATE UNIQUE INDEX accounts_system ON accounts (kind, shard) WHERE user_id IS NULL;
INSERT INTO accounts (kind, shard)
SELECT k.kind, s.shard
FROM (SELECT DISTINCT kind FROM accounts WHERE user_id IS NULL) k, generate_series(1, 15) AS s(shard);

-- ledger_transfers: the ledger's rules as before, run here instead of as six statements from the node:
-- every statement costs the node a round trip and its CPU, and the fewer round trips between a
-- transfer and its COMMIT, the shorter its accounts stay locked.
-- requests: a JSON array of {fromKind, fromUser, toKind, toUser, amount, kind, key, ref, shard}, applied in
-- order ("amount" is micro-USDT as a decimal string; a user is null for a system account). One row per
-- request comes back, up to and including the first whose player account is short: that one moved
-- nothing, and the caller rolls its transaction back. A key already used moves nothing again
-- (applied = false), whatever the balances are now.
CREATE FUNCTION ledger_transfers(requests jsonb)
RETURNS TABLE (
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
  r          jsonb;
  n          integer := 0;
  from_id    bigint;
  to_id      bigint;
  from_kind  text;
  amount     bigint;
  from_bal   bigint;
  to_bal     bigint;
  new_id     bigint;
  pick       smallint;
BEGIN
  FOR r IN SELECT value FROM jsonb_array_elements(requests) LOOP
    amount := (r->>'amount')::bigint;
    IF amount IS NULL OR amount <= 0 THEN
      RAISE EXCEPTION 'transfer amount must be positive, got %', r->>'amount';
    END IF;
    from_kind := r->>'fromKind';
    pick := (r->>'shard')::smallint;
    IF r->>'fromUser' IS NULL THEN
      SELECT a.id INTO from_id FROM accounts a WHERE a.kind = from_kind AND a.user_id IS NULL AND a.shard = pick;
    ELSE
      SELECT a.id INTO from_id FROM accounts a WHERE a.kind = from_kind AND a.user_id = (r->>'fromUser')::uuid;
    END IF;
    IF r->>'toUser' IS NULL THEN
      SELECT a.id INTO to_id FROM accounts a WHERE a.kind = r->>'toKind' AND a.user_id IS NULL AND a.shard = pick;
    ELSE
      SELECT a.id INTO to_id FROM accounts a WHERE a.kind = r->>'toKind' AND a.user_id = (r->>'toUser')::uuid;
    END IF;
    IF from_id IS NULL OR to_id IS NULL THEN
      RAISE EXCEPTION 'no ledger account for %', r;
    END IF;

    -- Both rows locked in id order, so two transfers between the same accounts in opposite directions
    -- cannot deadlock. NO KEY UPDATE: the transfer rows' foreign keys take KEY SHARE locks on these
    -- accounts, which a plain FOR UPDATE would wait on.
    PERFORM 1 FROM accounts a WHERE a.id IN (from_id, to_id) ORDER BY a.id FOR NO KEY UPDATE;

    SELECT a.balance_micro INTO from_bal FROM accounts a WHERE a.id = from_id;
    IF from_kind IN ('user', 'rewards') AND from_bal < amount THEN
      o_index := n;
      o_transfer_id := (SELECT t.id FROM transfers t WHERE t.idempotency_key = r->>'key');
      o_applied := false;
      o_insufficient := o_transfer_id IS NULL;
      o_from_balance := from_bal;
      o_to_balance := (SELECT a.balance_micro FROM accounts a WHERE a.id = to_id);
      RETURN NEXT;
      IF o_insufficient THEN
        RETURN;
      END IF;
      n := n + 1;
      CONTINUE;
    END IF;

    new_id := NULL;
    INSERT INTO transfers (from_account, to_account, amount_micro, kind, idempotency_key, ref)
    VALUES (from_id, to_id, amount, r->>'kind', r->>'key', r->>'ref')
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO new_id;

    o_index := n;
    o_insufficient := false;
    IF new_id IS NULL THEN
      o_transfer_id := (SELECT t.id FROM transfers t WHERE t.idempotency_key = r->>'key');
      o_applied := false;
      o_from_balance := from_bal;
      o_to_balance := (SELECT a.balance_micro FROM accounts a WHERE a.id = to_id);
    ELSE
      UPDATE accounts SET balance_micro = balance_micro - amount WHERE id = from_id RETURNING balance_micro INTO from_bal;
      UPDATE accounts SET balance_micro = balance_micro + amount WHERE id = to_id RETURNING balance_micro INTO to_bal;
      o_transfer_id := new_id;
      o_applied := true;
      o_from_balance := from_bal;
      o_to_balance := to_bal;
    END IF;
    RETURN NEXT;
    n := n + 1;
  END LOOP;
END;
$$;
