-- Integrity: what each session start was seen from, operators' risk flags, frozen accounts, and
-- withdrawals that wait for an operator (server/integrity).

-- One row per session start (sign-up, login, Telegram login, socket authenticate), at most one an hour
-- for the same account, address and device; kept 90 days (the risk round deletes older ones).
CREATE TABLE session_signals (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users(id),
  source       text NOT NULL CHECK (source IN ('register', 'login', 'telegram', 'socket')),
  ip           text NOT NULL,
  device_id    text,
  telegram_id  bigint,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_signals_user ON session_signals (user_id, at DESC);
CREATE INDEX session_signals_device ON session_signals (device_id, at DESC) WHERE device_id IS NOT NULL;
CREATE INDEX session_signals_ip ON session_signals (ip, at DESC);
CREATE INDEX session_signals_at ON session_signals (at);

-- A signal the risk round saw, one row per kind and subject (the pair of accounts, the address, the
-- inviter). `count` is the signal at its strongest; a dismissed flag opens again only when it grows past
-- the count the operator dismissed.
CREATE TABLE risk_flags (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind             text NOT NULL CHECK (kind IN ('pair-repeat', 'leave-dump', 'shared-device', 'shared-ip', 'shared-address', 'reward-farm')),
  subject          text NOT NULL,
  user_ids         uuid[] NOT NULL,
  count            integer NOT NULL CHECK (count > 0),
  first_at         timestamptz NOT NULL,
  last_at          timestamptz NOT NULL,
  detail           jsonb NOT NULL DEFAULT '{}',
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed')),
  dismissed_by     uuid REFERENCES admins(id),
  dismissed_at     timestamptz,
  dismissed_count  integer,
  dismiss_note     text,
  UNIQUE (kind, subject)
);
CREATE INDEX risk_flags_list ON risk_flags (status, last_at DESC, id);
CREATE INDEX risk_flags_users ON risk_flags USING gin (user_ids);

-- A frozen account signs in and sees its money, but plays, withdraws and claims nothing.
ALTER TABLE users ADD COLUMN frozen_at timestamptz;
ALTER TABLE users ADD COLUMN frozen_reason text;

-- review: held (already debited) until an operator approves (-> pending, the sending path) or rejects
-- (-> rejected, refunded).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('review', 'pending', 'sending', 'completed', 'failed', 'rejected'));
ALTER TABLE withdrawals ADD COLUMN reviewed_by uuid REFERENCES admins(id);
ALTER TABLE withdrawals ADD COLUMN reviewed_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN review_reason text;
-- Why a withdrawal waits for review (its amount, a flag, a frozen account, a win from a linked account).
ALTER TABLE withdrawals ADD COLUMN held_for text;
CREATE INDEX withdrawals_status ON withdrawals (status, created_at DESC, id);
CREATE INDEX withdrawals_to_address ON withdrawals (to_address);
CREATE INDEX users_saved_address ON users (saved_address) WHERE saved_address IS NOT NULL;
-- When the withdrawal address was saved: when a shared address was first and last seen.
ALTER TABLE users ADD COLUMN saved_address_at timestamptz;
