-- Issue 38: the sweeper's read of due games once a second for the whole cluster, not once a second on
-- every node.
--
-- Since migration 0024 the deadline is not indexed (so that a move's update stays HOT), and that read
-- visits every running game's row: ~2,300 buffers at launch day's 7,600 running games with autovacuum
-- on, ~8,900 without (bench/README.md, a sixteenth session). Each node's own timers apply its games'
-- deadlines on time (server/games/deadlines.ts); the read is the backstop for the rest (a node that died
-- or restarted), for which once a second across the cluster is soon enough. At 17 nodes it was 17 such
-- reads a second, finding a handful of games.
--
-- A node takes a job's turn by moving its row's taken_at to now (the first taker inserts the row), only
-- once the job's interval has passed since the last taker (server/games/sweepTurns.ts); of two nodes
-- asking at once the row's lock lets one through and the other then finds the turn taken. Nothing is
-- held between turns, so a node that dies with the turn only delays the next sweep until the interval
-- has passed.
CREATE TABLE sweep_turns (
  job      text PRIMARY KEY,
  taken_at timestamptz NOT NULL
);
