-- Issue 38: every bet, payout, rake, deposit and withdrawal updates the balance of an account row, and
-- the system accounts' 16 shards take nearly all of them. PostgreSQL makes an update HOT (no new index
-- entries, the old version pruned in place) only when no column any index names changes, a partial
-- index's key and predicate included. accounts_user_balance indexed balance_micro (for the back office's
-- minBalance filter), so not one balance update was HOT: each wrote new entries into the table's
-- indexes, and an escrow shard's lookup by (kind, shard) walked the entries of its dead versions. On
-- launch day (bench/README.md, a fourteenth session) a settlement read ~5,400 buffers and a pairing turn
-- ~1,100, where a move's write reads ~17.
--
-- The back office's balance filter counts over the accounts instead (admin-lists bench, 100,000 players:
-- p95 17-20 ms), without a parallel worker: alone the scan takes ~10 ms, and starting a worker on a busy
-- 2-core box made it 35-63 ms. No other read of the whole table waits on a person (the ledger check and
-- the treasury's daily snapshot run in the background). Room on the page: new pages of the table filled
-- to 75 % leave space for the next versions of their rows, as games does.
DROP INDEX accounts_user_balance;
ALTER TABLE accounts SET (fillfactor = 75, parallel_workers = 0);
