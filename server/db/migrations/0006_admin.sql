-- The back office: an audit trail of operator actions, cached chain balances, and the indexes the
-- lists search and page by (spec §2 admin pages).

CREATE TABLE admin_audit (
  id        bigserial PRIMARY KEY,
  admin_id  uuid REFERENCES admins(id),
  action    text NOT NULL,
  target    text,
  details   jsonb,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_at ON admin_audit (at DESC);

-- On-chain balances of deposit addresses, refreshed in the background so a users page never waits
-- on the chain.
CREATE TABLE chain_balances (
  address       text PRIMARY KEY,
  usdt_micro    bigint NOT NULL,
  trx_sun       bigint NOT NULL,
  refreshed_at  timestamptz NOT NULL DEFAULT now()
);

-- Case-insensitive prefix search on names (text_pattern_ops lets LIKE 'abc%' use the index).
CREATE INDEX users_nickname_search ON users (lower(nickname) text_pattern_ops);
CREATE INDEX users_username_search ON users (lower(username) text_pattern_ops);
CREATE INDEX users_created ON users (created_at DESC, id);
CREATE INDEX games_created ON games (created_at DESC);
CREATE INDEX accounts_user_balance ON accounts (balance_micro) WHERE kind = 'user';
