-- Issue 38: every move, timeout and first draw rewrites its game's state whole, and Belote's and
-- backgammon's states grow as their games go on (the rounds' records, the turns played: 5-15 KB by the
-- middle of a game, up to ~35 KB for a long backgammon game; carrom's ~5 KB). Past ~2 KB PostgreSQL
-- compresses a jsonb value on every write, with pglz by default, and that was most of such a write's cost.
-- Measured on this project's 2-core boxes (bench/README.md, a fifteenth session), 3,000 updates of each
-- state, the backend's time and the WAL per update:
--
--   state                      pglz                   lz4                    lz4, rows kept to 4 KB
--   Belote early, 3.5 KB       0.16 ms, 1.1 KB        0.08 ms, 1.3 KB        0.08 ms, 1.3 KB
--   carrom, 5.3 KB             0.17-0.23 ms, 1.3 KB   0.13-0.16 ms, 1.3 KB   0.17 ms, 1.3 KB
--   Belote mid-game, 9 KB      0.31-0.39 ms, 1.9 KB   0.19-0.24 ms, 3.5 KB   0.23 ms, 2.2 KB
--   a long Belote game's, 18 KB 0.60-0.75 ms, 3.7 KB  0.35-0.37 ms, 3.6 KB   0.33 ms, 3.2 KB
--
-- lz4 compresses a little less: the 9 KB state came to 2.6 KB, where pglz's 2.0 KB just fitted in the
-- row, so alone it would move such values out of line into the TOAST relation (the WAL nearly doubled).
-- A row target of 4 KB (toast_tuple_target) keeps a compressed state of up to ~4 KB in its row.
--
-- Only the values written from now on use it (no rewrite here: old rows keep their pglz values, which
-- PostgreSQL reads either way). A server built without lz4 (PGlite, the embedded database of `npm start`)
-- refuses the method: there the table keeps its defaults, and nothing else changes.
DO $$
BEGIN
  ALTER TABLE games ALTER COLUMN state SET COMPRESSION lz4;
  ALTER TABLE games SET (toast_tuple_target = 4096);
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'games.state keeps the default compression: this server has no lz4';
END;
$$;
