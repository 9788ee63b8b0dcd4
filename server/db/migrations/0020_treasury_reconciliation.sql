-- The treasury's daily round (issue 34): a snapshot of what the house owes and holds, for the Treasury
-- page's picture over time, and the reconciliation of every deposit address with the chain.

-- One row per UTC day, written once by the node whose round takes that day (the primary key decides).
CREATE TABLE treasury_snapshots (
  day              date PRIMARY KEY,
  owes_micro       bigint NOT NULL,
  holds_micro      bigint NOT NULL,
  hot_micro        bigint NOT NULL,
  deposits_micro   bigint NOT NULL,
  cold_micro       bigint NOT NULL,
  taken_at         timestamptz NOT NULL DEFAULT now()
);

-- A deposit address whose balance on chain is not what the ledger's records say it should be: deposits
-- seen, less what sweeps took, plus the TRX sweeps lent it, less the fees it burned. Open while the round
-- still finds the difference; closed (resolved_at) when a later round finds it gone. A known cause: TRX
-- sent by a contract (an internal transaction) reaches the address without a deposit being seen.
CREATE TABLE treasury_flags (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  address      text NOT NULL,
  user_id      uuid,
  currency     text NOT NULL CHECK (currency IN ('USDT', 'TRX')),
  expected_raw bigint NOT NULL,
  actual_raw   bigint NOT NULL,
  first_at     timestamptz NOT NULL DEFAULT now(),
  last_at      timestamptz NOT NULL DEFAULT now(),
  resolved_at  timestamptz
);
CREATE UNIQUE INDEX treasury_flags_open ON treasury_flags (address, currency) WHERE resolved_at IS NULL;
