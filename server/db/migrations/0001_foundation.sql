-- Accounts and sessions: players, operators, password resets, played-game records.

CREATE TABLE users (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username              text NOT NULL,
  email                 text,
  password_hash         text,
  nickname              text NOT NULL,
  country               text,
  score                 integer NOT NULL DEFAULT 900,
  telegram_id           bigint UNIQUE,
  photo_url             text,
  invite_code           text NOT NULL UNIQUE,
  invited_by            uuid REFERENCES users(id),
  is_affiliate          boolean NOT NULL DEFAULT false,
  affiliate_percentage  numeric(5, 2) NOT NULL DEFAULT 3.5,
  saved_address         text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_not_self_invited CHECK (invited_by IS NULL OR invited_by <> id)
);
-- Usernames and emails are unique whatever their case.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_invited_by ON users (invited_by) WHERE invited_by IS NOT NULL;


CREATE TABLE password_reset_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

CREATE TABLE admins (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username       text NOT NULL,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admins_username_lower ON admins (lower(username));

-- A session belongs to exactly one player or one operator, never both: the two identities never mix.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     uuid REFERENCES users(id) ON DELETE CASCADE,
  admin_id    uuid REFERENCES admins(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  CONSTRAINT sessions_one_owner CHECK (num_nonnulls(user_id, admin_id) = 1)
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX sessions_admin ON sessions (admin_id) WHERE admin_id IS NOT NULL;
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- One row per player per finished game (spec §3 "Played game record"); written by game settlement.
CREATE TABLE played_games (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            uuid NOT NULL REFERENCES users(id),
  game_id            uuid NOT NULL,
  game_mode          text NOT NULL,
  bet_micro          bigint NOT NULL,
  result             text NOT NULL CHECK (result IN ('win', 'lose')),
  opponent_username  text NOT NULL,
  user_score         integer NOT NULL,
  opponent_score     integer NOT NULL,
  end_reason         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, game_id)
);
CREATE INDEX played_games_user_date ON played_games (user_id, created_at DESC);
