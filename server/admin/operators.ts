import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { admins } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { OperatorRole } from '../../protocol/operators.ts';

/**
 * Creates the operator (an owner unless `role` says otherwise), or sets the password of the existing one,
 * and its role when one is given (ADMIN_USERNAME/PASSWORD, admin:create).
 */
export async function ensureOperator(db: Queryable, username: string, password: string, role?: OperatorRole): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (existing) {
    await db.update(admins).set({ passwordHash, ...(role ? { role } : {}) }).where(eq(admins.id, existing.id));
    return 'updated';
  }
  await db.insert(admins).values({ username, passwordHash, role: role ?? 'owner' });
  return 'created';
}
