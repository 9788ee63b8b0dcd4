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
 * The same check inside a money transaction, under a share lock on the player's row: a freeze (an
 * UPDATE of that row) and a withdrawal or claim take turns, so none slips past a freeze that committed.
 */
export async function lockUnfrozen(tx: Queryable, userId: string): Promise<void> {
  const [row] = await tx.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, userId)).for('share');
  if (!row) throw new HttpError(401, 'Not signed in');
  refuseFrozen(row);
}
