import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { admins } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Creates the operator, or sets the password of the existing one (ADMIN_USERNAME/PASSWORD, admin:create). */
export async function ensureOperator(db: Queryable, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (existing) {
    await db.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
    return 'updated';
  }
  await db.insert(admins).values({ username, passwordHash });
  return 'created';
}
