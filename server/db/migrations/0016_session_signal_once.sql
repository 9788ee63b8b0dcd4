-- A socket's session start at most once per clock hour for the same account, address and device, even
-- when two connections race (issue 24).
--
-- The insert's NOT EXISTS (server/integrity/signals.ts) keeps the hour a sliding one, but two sockets of
-- the same phone that authenticate at once each run it before either has written, and both rows went
-- in. This index is what the insert's ON CONFLICT DO NOTHING lands on. The hour is taken in UTC so the
-- expression does not depend on the session's time zone (an index needs that).
DELETE FROM session_signals s
 USING session_signals keep
 WHERE s.source = 'socket' AND keep.source = 'socket'
   AND keep.user_id = s.user_id AND keep.ip = s.ip
   AND coalesce(keep.device_id, '') = coalesce(s.device_id, '')
   AND date_trunc('hour', keep.at AT TIME ZONE 'UTC') = date_trunc('hour', s.at AT TIME ZONE 'UTC')
   AND keep.id < s.id;
CREATE UNIQUE INDEX session_signals_socket_hour
    ON session_signals (user_id, ip, coalesce(device_id, ''), date_trunc('hour', at AT TIME ZONE 'UTC'))
 WHERE source = 'socket';
