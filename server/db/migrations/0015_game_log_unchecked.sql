-- game_log without its foreign key to games (issue 24).
--
-- Every move writes one log line, and the key's check ran for each: a lookup of the game's row FOR KEY
-- SHARE from a trigger, ~65 µs of a move's ~250 µs statement in PostgreSQL. It can never fail: a line
-- is only ever written by the statement that writes its game (server/games/store.ts: the INSERT of the
-- game, or the UPDATE whose RETURNING the line is made from), and no game row is ever deleted. The
-- primary key (game_id, seq) and its index stay: a game's lines are read, in order, by that index.
ALTER TABLE game_log DROP CONSTRAINT game_log_game_id_fkey;
