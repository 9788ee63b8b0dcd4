-- Deposits and withdrawals through the chain gateway (DESIGN.md §4).

CREATE SEQUENCE deposit_address_index START 0 MINVALUE 0;

-- One deposit address per player, derived from the extended public key at m/44'/195'/0'/0/index.
CREATE TABLE deposit_addresses (
  user_id           uuid PRIMARY KEY REFERENCES users(id),
  derivation_index  integer NOT NULL UNIQUE,
  address           text NOT NULL UNIQUE,
  created_at        timestamptz NOT NULL DEFAULT now()
);

-- Every incoming chain transfer seen at a deposit address. (chain_tx_id, event_index) is unique, so a
-- transfer seen by two pollers, or twice by one, is one row and is credited at most once.
CREATE TABLE deposits (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users(id),
  address         text NOT NULL,
  chain_tx_id     text NOT NULL,
  event_index     integer NOT NULL,
  currency        text NOT NULL CHECK (currency IN ('USDT', 'TRX')),
  amount_raw      bigint NOT NULL CHECK (amount_raw > 0),
  credit_micro    bigint NOT NULL CHECK (credit_micro >= 0),
  confirmations   integer NOT NULL DEFAULT 0,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'below-minimum')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  credited_at     timestamptz,
  UNIQUE (chain_tx_id, event_index)
);
CREATE INDEX deposits_user ON deposits (user_id, created_at DESC);
CREATE INDEX deposits_pending ON deposits (status) WHERE status = 'pending';

-- A withdrawal is debited (to the hold account) when asked for, then sent by the worker:
-- pending -> sending (claimed, transaction signed and stored) -> completed | failed (refunded).
CREATE TABLE withdrawals (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users(id),
  to_address      text NOT NULL,
  amount_micro    bigint NOT NULL CHECK (amount_micro > 0),
  fee_micro       bigint NOT NULL CHECK (fee_micro >= 0 AND fee_micro < amount_micro),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'completed', 'failed')),
  chain_tx_id     text,
  signed_tx       text,
  expires_at      timestamptz,
  attempts        integer NOT NULL DEFAULT 0,
  error           text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_open ON withdrawals (status, created_at) WHERE status IN ('pending', 'sending');

-- Small named values that must survive restarts and be shared by nodes (poll cursors, devchain genesis).
CREATE TABLE chain_state (
  name   text PRIMARY KEY,
  value  text NOT NULL
);

-- The devchain's own ledger of on-chain transfers (CHAIN=devchain only): a simulated TRON kept in the
-- database so it survives restarts and every node sees the same chain.
CREATE TABLE devchain_transfers (
  tx_id         text NOT NULL,
  event_index   integer NOT NULL DEFAULT 0,
  currency      text NOT NULL CHECK (currency IN ('USDT', 'TRX')),
  from_address  text NOT NULL,
  to_address    text NOT NULL,
  amount_raw    bigint NOT NULL CHECK (amount_raw > 0),
  block_number  bigint NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tx_id, event_index)
);
CREATE INDEX devchain_transfers_to ON devchain_transfers (to_address, block_number);
CREATE INDEX devchain_transfers_block ON devchain_transfers (block_number);
