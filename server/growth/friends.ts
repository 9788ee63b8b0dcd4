import { and, eq, sql } from 'drizzle-orm';
import type { ClaimRewardsAnswer, Friend, FriendsAnswer } from '../../protocol/growth.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { accounts, type UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { moneyTransaction } from '../ledger/notify.ts';
import { userRoom } from '../sockets/index.ts';
import { growthText } from '../../protocol/growth.ts';
import { lockUnfrozen } from '../integrity/frozen.ts';
import { qualifiedFriend } from './qualify.ts';
import { taskRule } from './tasks.ts';
import type { Config } from '../config.ts';

/**
 * The player's friends (accounts bound to their invite) with what each one's wins have earned them:
 * the referral transfers into the player's pending rewards, each keyed by the game the friend won.
 */
export async function friendsOf(db: Queryable, config: Config, userId: string): Promise<FriendsAnswer> {
  const result = (await db.execute(sql`
    SELECT u.id, u.username, u.photo_url, ${qualifiedFriend(sql`u`, config.integrity.qualifyDepositMicro)} AS qualified,
           coalesce((
             SELECT sum(t.amount_micro)
               FROM transfers t
               JOIN accounts r ON r.id = t.to_account AND r.kind = 'rewards' AND r.user_id = ${userId}
               JOIN games g ON g.id::text = t.ref
              WHERE t.kind = 'referral' AND g.winner_id = u.id
           ), 0)::text AS earnings
      FROM users u
     WHERE u.invited_by = ${userId}
     ORDER BY u.created_at DESC
     LIMIT 500`)) as unknown as { rows: { id: string; username: string; photo_url: string | null; qualified: boolean; earnings: string }[] };
  const friends: Friend[] = result.rows.map((row) => ({
    _id: row.id,
    username: row.username,
    avatarUrl: row.photo_url,
    earnings: microToUsdt(BigInt(row.earnings)),
    qualified: row.qualified,
  }));
  return { friends, totalRewards: microToUsdt(await balanceOf(db, userId, 'rewards')), qualifyRule: taskRule(config, 'invite_20_friends') };
}

/**
 * Moves every pending reward to the balance as one `claim-reward` transfer. The rewards account is read
 * under its lock, so two claims at once credit once: the second finds nothing and is told so.
 */
export async function claimRewards(services: Services, userId: string): Promise<ClaimRewardsAnswer> {
  await moneyTransaction(services, async ({ tx, transfer }) => {
    await lockUnfrozen(tx, userId);
    const [pending] = await tx
      .select({ id: accounts.id, balance: accounts.balanceMicro })
      .from(accounts)
      .where(and(eq(accounts.kind, 'rewards'), eq(accounts.userId, userId)))
      .for('no key update');
    if (!pending || pending.balance <= 0n) throw new HttpError(400, growthText.noRewards);
    // The key names the rewards as they stand, so a retry of this very claim cannot pay twice.
    const [last] = await tx.execute(sql`SELECT count(*)::int AS n FROM transfers WHERE from_account = ${pending.id}`).then(
      (r) => (r as unknown as { rows: { n: number }[] }).rows,
    );
    await transfer({
      from: { kind: 'rewards', userId },
      to: { kind: 'user', userId },
      amount: pending.balance,
      kind: 'claim-reward',
      idempotencyKey: `claim-rewards:${userId}:${last?.n ?? 0}`,
    });
  });
  return { totalRewards: 0, newBalance: microToUsdt(await balanceOf(services.db, userId)) };
}

/**
 * Tells the inviter, after the new account committed, that a friend arrived. From the committed row, with
 * no query: nothing here can fail the sign-up that already happened.
 */
export function announceFriend(services: Services, friend: Pick<UserRow, 'id' | 'username' | 'photoUrl' | 'invitedBy'>): void {
  if (!friend.invitedBy) return;
  services.sockets.to(userRoom(friend.invitedBy)).emit('friendAdded', { _id: friend.id, username: friend.username, avatarUrl: friend.photoUrl, earnings: 0, qualified: false });
}
