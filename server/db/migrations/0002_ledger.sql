-- The double-entry ledger (DESIGN.md §4). Every amount is micro-USDT in a bigint.

-- A player owns a 'user' account (their balance) and a 'rewards' account (pending referral rewards).
-- The others are the house's and the outside world's, one each.
CREATE TABLE accounts (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN (
                   'user', 'rewards',
                   'escrow', 'house_rake', 'house_rewards', 'house_fees', 'withdrawal_hold', 'chain')),
  user_id        uuid REFERENCES users(id),
  balance_micro  bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_owner CHECK ((kind IN ('user', 'rewards')) = (user_id IS NOT NULL)),
  -- A player's money can never go below zero, whatever the code does.
  CONSTRAINT accounts_player_not_negative CHECK (kind NOT IN ('user', 'rewards') OR balance_micro >= 0)
);
CREATE UNIQUE INDEX accounts_player ON accounts (kind, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX accounts_system ON accounts (kind) WHERE user_id IS NULL;

INSERT INTO accounts (kind) VALUES ('escrow'), ('house_rake'), ('house_rewards'), ('house_fees'), ('withdrawal_hold'), ('chain');

-- Immutable: rows are only ever inserted. The idempotency key makes a retried cause a no-op.
CREATE TABLE transfers (
  id               bigserial PRIMARY KEY,
  from_account     bigint NOT NULL REFERENCES accounts(id),
  to_account       bigint NOT NULL REFERENCES accounts(id),
  amount_micro     bigint NOT NULL CHECK (amount_micro > 0),
  kind             text NOT NULL,
  idempotency_key  text NOT NULL UNIQUE,
  ref              text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (from_account <> to_account)
);
CREATE INDEX transfers_from ON transfers (from_account, created_at DESC);
CREATE INDEX transfers_to ON transfers (to_account, created_at DESC);

-- Existing players get their two accounts.
INSERT INTO accounts (kind, user_id) SELECT 'user', id FROM users;
INSERT INTO accounts (kind, user_id) SELECT 'rewards', id FROM users;
