-- Issue 38: a running game's row is rewritten by every move, timeout and first draw. An update that
-- changes no indexed column, on a page with room for the new version, is HOT: no index gets a new entry
-- and the old version is pruned in place. Only a third were: games_due indexed deadline_at, which
-- nearly every move changes, so each of those updates wrote an entry into every index of the table.
--
-- The deadlines are applied by each node's timers (server/games/deadlines.ts) and, for what no timer
-- did, by the sweeper, which now finds due games among the running ones through games_running
-- (status = 'in-progress', created_at): the few thousand running games of a node read every sweep
-- instead of an index entry per move. Room on the page: a table filled to 75 % leaves each page space
-- for the next versions of its games.
DROP INDEX games_due;
ALTER TABLE games SET (fillfactor = 75);
