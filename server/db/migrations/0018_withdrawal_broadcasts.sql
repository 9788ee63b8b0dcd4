-- How many times a withdrawal's signed transaction was handed to the chain (server/wallet/withdrawals.ts).
--
-- TronGrid balances over several nodes. A node's refusal speaks for that node only: when an earlier copy
-- of the same transaction reached another node, it may be on its way or mined, and a refund then would
-- pay the player twice. So a refusal refunds only the first broadcast; after that, only the chain's own
-- word (final, or unknown past the transaction's expiry) settles the withdrawal.
--
-- Withdrawals already 'sending' may have been broadcast: they count as once.
ALTER TABLE withdrawals ADD COLUMN broadcasts integer NOT NULL DEFAULT 0;
UPDATE withdrawals SET broadcasts = 1 WHERE status = 'sending';
