-- A deposit the chain dropped (issue 24's launch notes): a transfer seen in a block that never became
-- final, because a fork left it out or it expired before it was put in again. Its row stayed 'pending'
-- in the player's history for ever. It becomes 'failed' once the chain no longer knows the transaction
-- (server/wallet/droppedDeposits.ts), and goes back to 'pending' or on to 'completed' if it is seen again.
--
-- checked_at: when a node last asked the chain about a deposit still pending, so each is asked once a
-- while, by one node.
ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'completed', 'below-minimum', 'failed'));
ALTER TABLE deposits ADD COLUMN checked_at timestamptz;
