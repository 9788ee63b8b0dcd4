-- Growth: task rewards claimed, affiliate requests (spec §2 Tasks, Affiliate program).

-- One row per claimed task per player: the primary key makes "each claimable once" a fact, and two
-- claims racing insert one row and one unique violation.
CREATE TABLE task_claims (
  user_id     uuid NOT NULL REFERENCES users(id),
  task        text NOT NULL CHECK (task IN ('invite_20_friends', 'win_100_games')),
  reward_micro bigint NOT NULL CHECK (reward_micro >= 0),
  claimed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, task)
);

CREATE TABLE affiliate_requests (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users(id),
  channel_name     text NOT NULL,
  email            text NOT NULL,
  additional_notes text NOT NULL DEFAULT '',
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved', 'declined')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  decided_at       timestamptz
);
-- One open request per player.
CREATE UNIQUE INDEX affiliate_requests_one_open ON affiliate_requests (user_id) WHERE status = 'open';
CREATE INDEX affiliate_requests_created ON affiliate_requests (created_at DESC);
