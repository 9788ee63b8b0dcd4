-- The back office's lists at scale (100,000 players, 1,000,000 games; bench/admin-lists.bench.ts):
-- the indexes server/admin/reports.ts counts, pages and searches completed games by, and the kept
-- per-day counts its pager sums instead of counting a whole list.

-- Completed games newest first, in the list's exact order: a date range or a day is a range of this
-- index, counted and skipped without reading a game row.
CREATE INDEX games_completed_page ON games (created_at DESC, id DESC) WHERE status = 'completed';

-- A player's completed games (the winner and the loser of a completed game are its two players), with
-- their start time: a search by name collects its games from these alone (the loser's with the winner,
-- so a game between two named players is taken once without deduplicating).
CREATE INDEX games_completed_winner ON games (winner_id, created_at DESC, id DESC) WHERE status = 'completed';
CREATE INDEX games_completed_loser ON games (loser_id, created_at DESC, id DESC) INCLUDE (winner_id) WHERE status = 'completed';

-- The name search indexes of 0006 again, now holding what a search needs of each player, so a search
-- reads only index entries (ORing two indexes would read the table's pages).
DROP INDEX users_nickname_search;
DROP INDEX users_username_search;
CREATE INDEX users_nickname_search ON users (lower(nickname) text_pattern_ops) INCLUDE (nickname, created_at, id);
CREATE INDEX users_username_search ON users (lower(username) text_pattern_ops) INCLUDE (username, created_at, id);

-- Running games by start: the oldest tells the pager which days may still gain completed games (and
-- the dashboard lists them oldest first).
CREATE INDEX games_running ON games (created_at) WHERE status = 'in-progress';

-- How many rows a list (users, completed games) has per UTC day, kept once the day can no longer
-- change; filled by the first list request that needs a day. A cache: emptying it is always safe.
CREATE TABLE admin_day_counts (
  list  text NOT NULL CHECK (list IN ('users', 'completed-games')),
  day   date NOT NULL,
  n     integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (list, day)
);
