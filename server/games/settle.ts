import { eq, sql } from 'drizzle-orm';
import type { Outcome } from '../../rules/game.ts';
import { namedStatement } from '../db/named.ts';
import { accountsLinked } from '../integrity/links.ts';
import { gamePlayers, type GameRow, type Settlement } from '../db/schema.ts';
import { balanceOf, readTransfers, transfersPayload, type TransferRequest, type TransferRow } from '../ledger/ledger.ts';
import type { GameTx } from './outbox.ts';
import type { Seat } from './views.ts';

/** Elo with K = 32 (DESIGN.md §4): the winner's gain is the loser's loss; a score never goes below 0. */
export const ELO_K = 32;

export function eloChange(winnerScore: number, loserScore: number): number {
  const expected = 1 / (1 + 10 ** ((loserScore - winnerScore) / 400));
  return Math.round(ELO_K * (1 - expected));
}

/** Basis points of a percentage given as numeric text ('3.50' → 350), exact. */
function basisPoints(percentage: string): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

interface PlayerAtSettlement {
  id: string;
  score: number;
  /** Their balance as read (micro-USDT, text): what the end popup shows when no transfer moves it. */
  balance: string;
  inviterId: string | null;
  inviterIsAffiliate: boolean | null;
  inviterPercentage: string | null;
}

/** Both players under their rows' locks (ratings change under them, so two games ending at once both count), with what the settlement needs. */
async function lockPlayers(tx: GameTx['tx'], ids: [string, string]): Promise<PlayerAtSettlement[]> {
  return settlePlayers<PlayerAtSettlement>(tx, { first: ids[0], second: ids[1] });
}

const settlePlayers = namedStatement<'first' | 'second'>(
  'settle_players',
  (v) => sql`
    SELECT u.id::text AS "id", u.score AS "score",
           coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = u.id), 0)::text AS "balance",
           i.id::text AS "inviterId", i.is_affiliate AS "inviterIsAffiliate", i.affiliate_percentage::text AS "inviterPercentage"
    FROM users u
    -- The inviter by key (OFFSET 0, as store.ts seatsJson): never a cached hash join over every user.
    LEFT JOIN LATERAL (SELECT id, is_affiliate, affiliate_percentage FROM users WHERE users.id = u.invited_by OFFSET 0) i ON true
    WHERE u.id IN (${v('first')}::uuid, ${v('second')}::uuid)
    ORDER BY u.id
    FOR NO KEY UPDATE OF u`,
);

/**
 * Pays out a finished game in the transaction that finished it: escrow → winner (the spec §9 payout),
 * the rest → house rake, the winner's inviter's share → their pending rewards; ratings, score history
 * and played-game records for both. Every transfer is keyed by the game, so it can happen only once.
 * Two statements (three with an inviter to check): the players under their locks, then their records and
 * the money together.
 */
export async function settleGame(money: GameTx, row: GameRow, outcome: Outcome, seats: Seat[]): Promise<Settlement> {
  const { tx } = money;
  const { winnerId, loserId } = outcome;
  const bet = row.betMicro;
  const players = await lockPlayers(tx, [winnerId, loserId]);
  const player = (id: string) => {
    const found = players.find((p) => p.id === id);
    if (!found) throw new Error(`game ${row.id}: player ${id} not found`);
    return found;
  };
  const winner = player(winnerId);
  const loser = player(loserId);
  const gain = eloChange(winner.score, loser.score);
  const newScores = { [winnerId]: winner.score + gain, [loserId]: Math.max(0, loser.score - gain) };
  const scoreChanges = { [winnerId]: gain, [loserId]: (newScores[loserId] as number) - loser.score };

  const nickname = (id: string) => seats.find((s) => s.userId === id)?.nickname ?? '';
  const points = (id: string) => outcome.points[id] ?? 0;
  const records = (
    [
      [winnerId, loserId, 'win'],
      [loserId, winnerId, 'lose'],
    ] as const
  ).map(([userId, opponentId, result]) => ({
    user_id: userId,
    result,
    score: newScores[userId],
    change: scoreChanges[userId],
    opponent_username: nickname(opponentId),
    user_points: points(userId),
    opponent_points: points(opponentId),
  }));
  // The money: escrow → winner, the rake, the inviter's share; every transfer keyed by the game.
  const transfers: TransferRequest[] = [];
  if (bet > 0n) {
    transfers.push({ from: 'escrow', to: { kind: 'user', userId: winnerId }, amount: row.payoutMicro, kind: 'payout', idempotencyKey: `game:${row.id}:payout`, ref: row.id });
    const rake = 2n * bet - row.payoutMicro;
    if (rake > 0n) transfers.push({ from: 'escrow', to: 'house_rake', amount: rake, kind: 'rake', idempotencyKey: `game:${row.id}:rake`, ref: row.id });
    const referral = await referralOf(tx, row, outcome, winner);
    if (referral) transfers.push(referral);
  }

  // The records and the money in one statement (one round trip fewer while the game's row is locked),
  // the last before the game's write: a transfer holds its accounts' rows (an escrow and a rake shard)
  // until COMMIT, so they are held only from here to the commit, not through the players' lock above.
  const moved = await settleRecordsAndMoney<TransferRow>(tx, {
    records: JSON.stringify(records),
    winnerId,
    loserId,
    gameId: row.id,
    mode: row.gameMode,
    bet: bet.toString(),
    endReason: outcome.endReason,
    transfers: transfersPayload(transfers, money.shard),
  });
  const results = readTransfers(transfers, moved);
  money.noteTransfers(results);

  const balances = { [winnerId]: winner.balance, [loserId]: loser.balance };
  const paid = results[0]?.balances[winnerId];
  if (paid !== undefined) balances[winnerId] = paid.toString();
  return { balances, scoreChanges };
}

const settleRecordsAndMoney = namedStatement<'records' | 'winnerId' | 'loserId' | 'gameId' | 'mode' | 'bet' | 'endReason' | 'transfers'>(
  'settle_records_and_money',
  (v) => sql`
    WITH r AS (
      SELECT * FROM json_to_recordset(${v('records')}::json) AS r(
        user_id uuid, result text, score integer, change integer, opponent_username text,
        user_points integer, opponent_points integer)
    ), scored AS (
      -- Both players named by key as well: joined to the record set alone, the plan cached while the
      -- table was small could scan every user at every settlement (as the move's write once did).
      UPDATE users u SET score = r.score FROM r WHERE u.id IN (${v('winnerId')}::uuid, ${v('loserId')}::uuid) AND u.id = r.user_id
    ), seated AS (
      UPDATE game_players gp SET active = false, score_change = r.change FROM r
      WHERE gp.game_id = ${v('gameId')}::uuid AND gp.user_id = r.user_id
    ), history AS (
      INSERT INTO score_history (user_id, game_id, result, score, change)
      SELECT r.user_id, ${v('gameId')}::uuid, r.result, r.score, r.change FROM r
    ), played AS (
      INSERT INTO played_games (user_id, game_id, game_mode, bet_micro, result, opponent_username, user_score, opponent_score, end_reason)
      SELECT r.user_id, ${v('gameId')}::uuid, ${v('mode')}, ${v('bet')}::bigint, r.result, r.opponent_username,
             r.user_points, r.opponent_points, ${v('endReason')}
      FROM r
    )
    -- The rows above are written whatever this returns: every data-modifying part of a statement runs.
    SELECT o_index, o_transfer_id::text AS o_transfer_id, o_applied, o_insufficient,
           o_from_balance::text AS o_from_balance, o_to_balance::text AS o_to_balance
    FROM ledger_transfers(${v('transfers')}::jsonb)`,
);

/**
 * DESIGN.md §4: the winner's inviter earns their percentage of the winner's net win, as pending rewards;
 * only on a counting win (a paid game ended by play, growth/qualify.ts) and never between two accounts
 * that share a device, an IP, a withdrawal address or an invite (integrity/links.ts): house money is
 * not paid for a game someone can play against themselves.
 */
async function referralOf(tx: GameTx['tx'], row: GameRow, outcome: Outcome, winner: PlayerAtSettlement): Promise<TransferRequest | null> {
  const netWin = row.payoutMicro - row.betMicro;
  if (netWin <= 0n || !winner.inviterId || outcome.endReason !== null) return null;
  if (await accountsLinked(tx, outcome.winnerId, outcome.loserId)) return null;
  const share = (netWin * (winner.inviterIsAffiliate ? basisPoints(winner.inviterPercentage ?? '0') : 350n)) / 10_000n;
  if (share <= 0n) return null;
  return {
    from: 'house_rewards',
    to: { kind: 'rewards', userId: winner.inviterId },
    amount: share,
    kind: 'referral',
    idempotencyKey: `game:${row.id}:referral`,
    ref: row.id,
  };
}

/** A canceled game: both bets back, nobody's rating or record changes (DESIGN.md §4). */
export async function refundGame(money: GameTx, row: GameRow, seats: Seat[]): Promise<Settlement> {
  const balances: Record<string, string> = {};
  const refunds: TransferRequest[] =
    row.betMicro > 0n
      ? seats.map((seat) => ({
          from: 'escrow' as const,
          to: { kind: 'user' as const, userId: seat.userId },
          amount: row.betMicro,
          kind: 'bet-refund' as const,
          idempotencyKey: `game:${row.id}:refund:${seat.userId}`,
          ref: row.id,
        }))
      : [];
  for (const result of await money.transferMany(refunds)) {
    for (const [userId, balance] of Object.entries(result.balances)) balances[userId] = balance.toString();
  }
  for (const seat of seats) {
    balances[seat.userId] ??= (await balanceOf(money.tx, seat.userId)).toString();
  }
  await money.tx.update(gamePlayers).set({ active: false }).where(eq(gamePlayers.gameId, row.id));
  return { balances, scoreChanges: {} };
}
