-- The game loop (DESIGN.md §2, §5): matchmaking queue, authoritative games, their logs, ratings.

-- A running or finished game. `state` is the rules module's plain JSON; `version` grows by one with
-- every change (a move on an older one is refused); `deadline_at` is when the rules next act on their
-- own, claimed by the sweeper of any node with FOR UPDATE SKIP LOCKED.
CREATE TABLE games (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  game_mode     text NOT NULL CHECK (game_mode IN ('rps', 'blot', 'carrom', 'backgammon')),
  bet_micro     bigint NOT NULL CHECK (bet_micro >= 0),
  payout_micro  bigint NOT NULL CHECK (payout_micro >= 0 AND payout_micro <= 2 * bet_micro),
  status        text NOT NULL DEFAULT 'in-progress' CHECK (status IN ('in-progress', 'completed', 'canceled')),
  state         jsonb NOT NULL,
  version       integer NOT NULL DEFAULT 1,
  deadline_at   timestamptz,
  -- Fairness: the seed is secret until the game ends; its SHA-256 is public from the start.
  seed          text NOT NULL,
  seed_hash     text NOT NULL,
  winner_id     uuid REFERENCES users(id),
  loser_id      uuid REFERENCES users(id),
  end_reason    text,
  rematch_of    uuid REFERENCES games(id),
  -- Written with the settlement: balances after it and rating changes, for the end popup.
  settlement    jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  ended_at      timestamptz
);
CREATE INDEX games_due ON games (deadline_at) WHERE status = 'in-progress';
CREATE INDEX games_ended ON games (ended_at DESC) WHERE status <> 'in-progress';

-- Who plays a game. `active` while the game runs: the partial unique index makes "one game per player"
-- a fact of the database, not only of the code.
CREATE TABLE game_players (
  game_id       uuid NOT NULL REFERENCES games(id),
  user_id       uuid NOT NULL REFERENCES users(id),
  seat          smallint NOT NULL CHECK (seat IN (0, 1)),
  active        boolean NOT NULL DEFAULT true,
  score_before  integer NOT NULL,
  score_change  integer,
  PRIMARY KEY (game_id, user_id)
);
CREATE UNIQUE INDEX game_players_one_running ON game_players (user_id) WHERE active;
CREATE INDEX game_players_user ON game_players (user_id);

-- Every transition, in order: with the revealed seed, the log replays the game exactly.
CREATE TABLE game_log (
  game_id  uuid NOT NULL REFERENCES games(id),
  seq      integer NOT NULL,
  at       timestamptz NOT NULL,
  actor    text NOT NULL,
  action   text NOT NULL,
  move     jsonb,
  version  integer NOT NULL,
  PRIMARY KEY (game_id, seq)
);

-- Players waiting for an opponent: one queue per (mode, bet), oldest first. A rematch offer waits for
-- one named opponent instead of the public queue. The bet sits in escrow while a row exists.
CREATE TABLE searches (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL UNIQUE REFERENCES users(id),
  game_mode    text NOT NULL CHECK (game_mode IN ('rps', 'blot', 'carrom', 'backgammon')),
  bet_micro    bigint NOT NULL CHECK (bet_micro >= 0),
  rematch_of   uuid REFERENCES games(id),
  opponent_id  uuid REFERENCES users(id),
  socket_id    text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX searches_queue ON searches (game_mode, bet_micro, created_at) WHERE rematch_of IS NULL;
CREATE INDEX searches_expiry ON searches (expires_at);

-- The rating after each completed game (spec §3 Score history record).
CREATE TABLE score_history (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id),
  game_id     uuid NOT NULL REFERENCES games(id),
  result      text NOT NULL CHECK (result IN ('win', 'lose')),
  score       integer NOT NULL,
  change      integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, game_id)
);
CREATE INDEX score_history_user ON score_history (user_id, created_at DESC);
