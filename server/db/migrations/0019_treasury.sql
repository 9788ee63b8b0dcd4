-- The treasury (issue 34): deposits consolidated, the hot wallet kept funded.
--
-- A withdrawal the hot wallet cannot cover waits (still 'pending' to the player: processing) instead of
-- being refunded for the house's shortfall. waiting_funds_since: when it first had to wait; cleared when
-- it is signed. Only the chain's own refusals refund.
ALTER TABLE withdrawals ADD COLUMN waiting_funds_since timestamptz;
-- What the chain charged for a withdrawal's transfer (its receipt), for the treasury's fee figures.
ALTER TABLE withdrawals ADD COLUMN chain_fee_sun bigint;
ALTER TABLE withdrawals ADD COLUMN energy_used bigint;

-- Claims of withdrawals take this row's lock, one node at a time, so two nodes never both spend the same
-- hot-wallet balance on two withdrawals that together exceed it.
INSERT INTO chain_state (name, value) VALUES ('withdrawal_claims', '') ON CONFLICT DO NOTHING;

-- One chain transaction carries one withdrawal. Two alike withdrawals (same amount, same address) signed
-- in one block by two nodes whose clocks differ could come out byte for byte the same transaction (TRON's
-- signatures are deterministic): the second claim then fails here and signs again later, never sharing.
CREATE UNIQUE INDEX withdrawals_chain_tx ON withdrawals (chain_tx_id) WHERE chain_tx_id IS NOT NULL;

-- One sweep moves what one deposit address holds to the hot wallet or the cold address. The ledger does
-- not change: the players' money is already counted; a sweep moves the house's coins between its own
-- addresses. step: fund (energy delegated or TRX sent so the address can pay its transfer) -> transfer
-- -> reclaim (delegation taken back, TRX left over returned) -> done | failed.
-- At most one open sweep per address (the unique index), so two treasuries never sweep one address twice.
CREATE TABLE sweeps (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  address           text NOT NULL,
  derivation_index  integer NOT NULL,
  currency          text NOT NULL CHECK (currency IN ('USDT', 'TRX')),
  amount_raw        bigint NOT NULL CHECK (amount_raw > 0),
  destination       text NOT NULL,
  destination_kind  text NOT NULL CHECK (destination_kind IN ('hot', 'cold')),
  step              text NOT NULL DEFAULT 'fund' CHECK (step IN ('fund', 'transfer', 'reclaim', 'done', 'failed')),
  -- A treasury works on a sweep only while it holds this lease; a killed one's lease runs out.
  leased_until      timestamptz,
  error             text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  finished_at       timestamptz
);
CREATE UNIQUE INDEX sweeps_open_address ON sweeps (address) WHERE step NOT IN ('done', 'failed');
CREATE INDEX sweeps_created ON sweeps (created_at DESC);

-- Every chain transaction of a sweep, stored signed before it is sent (as withdrawals are): resuming
-- sends the same transaction again, never a second one while the first can still be mined.
-- status: signed (sent or about to be) -> confirmed | failed (final on chain) | expired (never mined).
-- fee_sun and energy_used: what the chain charged, read from the transaction's receipt.
CREATE TABLE sweep_transactions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sweep_id     uuid NOT NULL REFERENCES sweeps(id),
  kind         text NOT NULL CHECK (kind IN ('activate', 'fund', 'delegate', 'transfer', 'undelegate', 'reclaim')),
  from_address text NOT NULL,
  to_address   text NOT NULL,
  amount_raw   bigint NOT NULL CHECK (amount_raw > 0),
  tx_id        text NOT NULL UNIQUE,
  signed_tx    text NOT NULL,
  expires_at   timestamptz NOT NULL,
  broadcasts   integer NOT NULL DEFAULT 0,
  status       text NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'confirmed', 'failed', 'expired')),
  fee_sun      bigint,
  energy_used  bigint,
  created_at   timestamptz NOT NULL DEFAULT now(),
  settled_at   timestamptz
);
CREATE INDEX sweep_transactions_sweep ON sweep_transactions (sweep_id, created_at);
CREATE INDEX sweep_transactions_open ON sweep_transactions (status) WHERE status = 'signed';

-- The devchain's transactions with their receipts (CHAIN=devchain only): who signed, what it cost
-- (TRX burned, energy and bandwidth used) and whether it succeeded, as TRON's gettransactioninfo tells.
-- Value moves stay in devchain_transfers (fees as TRX sent to the black-hole address).
CREATE TABLE devchain_transactions (
  tx_id          text PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('genesis', 'stake', 'trx', 'usdt', 'delegate', 'undelegate')),
  owner_address  text NOT NULL,
  to_address     text NOT NULL,
  amount_raw     bigint NOT NULL,
  block_number   bigint NOT NULL,
  result         text NOT NULL,
  fee_sun        bigint NOT NULL DEFAULT 0,
  -- All the energy the transaction took (delegated or burned); energy_usage: the part delegated energy paid.
  energy_total   bigint NOT NULL DEFAULT 0,
  energy_usage   bigint NOT NULL DEFAULT 0,
  -- The staking account whose delegated energy paid energy_usage (null: none).
  energy_staker  text,
  net_usage      bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devchain_transactions_owner ON devchain_transactions (owner_address, block_number);
CREATE INDEX devchain_transactions_to ON devchain_transactions (to_address, kind);
CREATE INDEX devchain_transfers_from ON devchain_transfers (from_address, block_number);
