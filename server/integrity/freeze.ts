import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type FreezeAnswer, type freezeBody } from '../../protocol/integrity.ts';
import { microToUsdt } from '../../protocol/money.ts';
import { audit } from '../admin/audit.ts';
import type { Services } from '../context.ts';
import { users, withdrawals } from '../db/schema.ts';
import { gameTransaction } from '../games/outbox.ts';
import { HttpError } from '../http/errors.ts';
import { endChallengeOf } from '../challenges/challenges.ts';
import { endSearchOf } from '../matchmaking/queue.ts';
import { userRoom } from '../sockets/index.ts';

/**
 * An operator freezes or unfreezes an account, in the audit trail with the reason. Freezing also puts
 * the account's withdrawals not yet sent back in review, and ends the player's search and open challenge with their bets back
 * (in the same transaction, under the player's row lock that a join takes first), so no money leaves and
 * no game starts for them after the freeze; a game in progress plays out.
 */
export async function setFrozen(services: Services, adminId: string, userId: string, body: z.output<typeof freezeBody>): Promise<FreezeAnswer> {
  return gameTransaction(services, async (money) => {
    const [row] = await money.tx
      .update(users)
      .set(body.frozen ? { frozenAt: sql`coalesce(${users.frozenAt}, now())`, frozenReason: body.reason } : { frozenAt: null, frozenReason: null })
      .where(eq(users.id, userId))
      .returning({ frozenAt: users.frozenAt, frozenReason: users.frozenReason });
    if (!row) throw new HttpError(404, 'Unknown user');
    await audit(money.tx, { adminId, action: body.frozen ? 'freeze-user' : 'unfreeze-user', target: userId, details: { reason: body.reason } });
    if (body.frozen) {
      // Withdrawals not yet handed to the chain wait for an operator instead. One the worker holds (it
      // is signing it) is waited for, and then found 'sending': that one has left.
      await money.tx
        .update(withdrawals)
        .set({ status: 'review', reviewReason: null, heldFor: 'account frozen' })
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
      const balance = await endSearchOf(services, money, userId);
      if (balance !== null) {
        money.later(() => void services.sockets.to(userRoom(userId)).emit('search-timeout', { balance: microToUsdt(balance) }));
      }
      const challenge = await endChallengeOf(money, userId);
      if (challenge) {
        money.later(() => void services.sockets.to(userRoom(userId)).emit('challenge-ended', { code: challenge.code, status: 'canceled', balance: microToUsdt(challenge.balance) }));
      }
    }
    services.log.warn({ adminId, userId, frozen: body.frozen, reason: body.reason }, 'account freeze changed');
    return { frozen: row.frozenAt !== null, reason: row.frozenReason, frozenAt: row.frozenAt?.toISOString() ?? null };
  });
}
