import { sql, type SQL } from 'drizzle-orm';
import type { RiskFlagKind } from '../../protocol/integrity.ts';

/**
 * The risk round's detectors (issue 17), each one SELECT of (kind, subject, user_ids, count, first_at,
 * last_at, detail) that the round upserts into risk_flags. `subject` names what the flag is about (a pair
 * of accounts, an address, an inviter), so a signal seen again updates its flag instead of adding one.
 * Windows are in the database's clock.
 */

const DAY = sql`interval '24 hours'`;

/** Paid games finished in the last day, with their two players as an ordered pair. */
const paidPairsOfTheDay = sql`
  SELECT g.id, g.ended_at, least(a.user_id, b.user_id) AS u1, greatest(a.user_id, b.user_id) AS u2
    FROM games g
    JOIN game_players a ON a.game_id = g.id AND a.seat = 0
    JOIN game_players b ON b.game_id = g.id AND b.seat = 1
   WHERE g.status = 'completed' AND g.bet_micro > 0 AND g.ended_at > now() - ${DAY}`;

/** The same two accounts finished 3 or more paid games together in 24 h. */
const pairRepeat = sql`
  SELECT 'pair-repeat' AS kind, p.u1::text || ':' || p.u2::text AS subject, ARRAY[p.u1, p.u2] AS user_ids,
         count(*)::int AS count, min(p.ended_at) AS first_at, max(p.ended_at) AS last_at,
         jsonb_build_object('gameIds', jsonb_agg(p.id::text ORDER BY p.ended_at)) AS detail
    FROM (${paidPairsOfTheDay}) p
   GROUP BY p.u1, p.u2
  HAVING count(*) >= 3`;

/** One account left 2 or more paid games against the same opponent in 24 h (chip dumping). */
const leaveDump = sql`
  SELECT 'leave-dump', g.loser_id::text || '>' || g.winner_id::text, ARRAY[g.loser_id, g.winner_id],
         count(*)::int, min(g.ended_at), max(g.ended_at),
         jsonb_build_object('gameIds', jsonb_agg(g.id::text ORDER BY g.ended_at), 'leaverId', g.loser_id::text)
    FROM games g
   WHERE g.status = 'completed' AND g.bet_micro > 0 AND g.end_reason = 'opponent-left' AND g.ended_at > now() - ${DAY}
   GROUP BY g.loser_id, g.winner_id
  HAVING count(*) >= 2`;

/** Two accounts that have played paid games used the same device within 24 h. */
const sharedDevice = sql`
  WITH seen AS (
    SELECT s.user_id, s.device_id, min(s.at) AS first_at, max(s.at) AS last_at
      FROM session_signals s
     WHERE s.device_id IS NOT NULL AND s.at > now() - ${DAY}
       AND EXISTS (SELECT 1 FROM played_games p WHERE p.user_id = s.user_id AND p.bet_micro > 0)
     GROUP BY s.user_id, s.device_id
  )
  SELECT 'shared-device', a.user_id::text || ':' || b.user_id::text, ARRAY[a.user_id, b.user_id],
         count(DISTINCT a.device_id)::int, least(min(a.first_at), min(b.first_at)), greatest(max(a.last_at), max(b.last_at)),
         jsonb_build_object('deviceIds', jsonb_agg(DISTINCT a.device_id))
    FROM seen a JOIN seen b ON b.device_id = a.device_id AND b.user_id > a.user_id
   GROUP BY a.user_id, b.user_id`;

/**
 * Two accounts that played a paid game against each other used the same IP within 24 h. Only pairs
 * that met: an IP alone proves little behind a mobile carrier's shared addresses.
 */
const sharedIp = sql`
  WITH met AS (SELECT DISTINCT u1, u2 FROM (${paidPairsOfTheDay}) p),
  seen AS (
    SELECT s.user_id, s.ip, min(s.at) AS first_at, max(s.at) AS last_at
      FROM session_signals s
     WHERE s.at > now() - ${DAY} AND s.user_id IN (SELECT u1 FROM met UNION SELECT u2 FROM met)
     GROUP BY s.user_id, s.ip
  )
  SELECT 'shared-ip', m.u1::text || ':' || m.u2::text, ARRAY[m.u1, m.u2],
         count(DISTINCT a.ip)::int, least(min(a.first_at), min(b.first_at)), greatest(max(a.last_at), max(b.last_at)),
         jsonb_build_object('ips', jsonb_agg(DISTINCT a.ip))
    FROM met m
    JOIN seen a ON a.user_id = m.u1
    JOIN seen b ON b.user_id = m.u2 AND b.ip = a.ip
   GROUP BY m.u1, m.u2`;

/** The same withdrawal address (saved, or withdrawn to) belongs to two or more accounts. */
const sharedAddress = sql`
  WITH addresses AS (
    SELECT id AS user_id, saved_address AS address, coalesce(saved_address_at, created_at) AS at FROM users WHERE saved_address IS NOT NULL
    UNION ALL
    SELECT user_id, to_address, created_at FROM withdrawals
  )
  SELECT 'shared-address', address, array_agg(DISTINCT user_id ORDER BY user_id),
         count(DISTINCT user_id)::int, min(at), max(at),
         jsonb_build_object('address', address)
    FROM addresses
   GROUP BY address
  HAVING count(DISTINCT user_id) >= 2`;

/**
 * An inviter with 5 or more invited accounts that share a device (any session start kept) or an IP (in
 * the last 7 days) with the inviter or with another of the same inviter's accounts: one person
 * registering accounts for the invite reward. Grouped by the shared value, so the work grows with the
 * signals, not with the square of an inviter's friends; IPs only within a week, so a community on one
 * mobile carrier's addresses over months is not one flag.
 */
const rewardFarm = sql`
  WITH family AS (
    SELECT u.invited_by AS inviter, u.id AS member FROM users u WHERE u.invited_by IS NOT NULL
    UNION
    SELECT DISTINCT u.invited_by, u.invited_by FROM users u WHERE u.invited_by IS NOT NULL
  ),
  keyed AS (
    SELECT f.inviter, f.member, 'device:' || s.device_id AS key
      FROM family f JOIN session_signals s ON s.user_id = f.member
     WHERE s.device_id IS NOT NULL
    UNION
    SELECT f.inviter, f.member, 'ip:' || s.ip
      FROM family f JOIN session_signals s ON s.user_id = f.member
     WHERE s.at > now() - interval '7 days'
  ),
  shared AS (
    SELECT inviter, key FROM keyed GROUP BY inviter, key HAVING count(DISTINCT member) >= 2
  ),
  linked AS (
    SELECT DISTINCT k.inviter, k.member FROM keyed k JOIN shared x ON x.inviter = k.inviter AND x.key = k.key
     WHERE k.member <> k.inviter
  )
  SELECT 'reward-farm', l.inviter::text, ARRAY[l.inviter] || array_agg(l.member ORDER BY l.member),
         count(*)::int, min(u.created_at), max(u.created_at),
         jsonb_build_object('inviterId', l.inviter::text)
    FROM linked l JOIN users u ON u.id = l.member
   GROUP BY l.inviter
  HAVING count(*) >= 5`;

export const detectors: Record<RiskFlagKind, SQL> = {
  'pair-repeat': pairRepeat,
  'leave-dump': leaveDump,
  'shared-device': sharedDevice,
  'shared-ip': sharedIp,
  'shared-address': sharedAddress,
  'reward-farm': rewardFarm,
};
