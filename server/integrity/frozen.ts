import { eq } from 'drizzle-orm';
import { integrityText } from '../../protocol/integrity.ts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** A frozen account starts no game, withdraws and claims nothing: 403, and nothing changes. */
export function refuseFrozen(user: { frozenAt: Date | null }): void {
  if (user.frozenAt) throw new HttpError(403, integrityText.frozen);
}

/**
 * The same check inside a money transaction, under a lock on the player's row: a freeze (an UPDATE of
 * that row) and a withdrawal or claim take turns, so none slips past a freeze that committed. A share
 * lock lets the player's other calls run alongside; 'exclusive' (FOR NO KEY UPDATE) also makes two of
 * them take turns, for a check that reads what the other one writes (the withdrawal's 24 h sum).
 */
export async function lockUnfrozen(tx: Queryable, userId: string, lock: 'share' | 'exclusive' = 'share'): Promise<void> {
  const [row] = await tx
    .select({ frozenAt: users.frozenAt })
    .from(users)
    .where(eq(users.id, userId))
    .for(lock === 'share' ? 'share' : 'no key update');
  if (!row) throw new HttpError(401, 'Not signed in');
  refuseFrozen(row);
}
