-- Provably fair (issue 18): the players' client seeds of each game (by seat; '' when one never came),
-- and on every log line the digest of the state it left, so a replay of the game's proof can be checked
-- step by step. Games from before have neither and no proof.
ALTER TABLE games ADD COLUMN client_seeds jsonb;
ALTER TABLE game_log ADD COLUMN state_hash text;
