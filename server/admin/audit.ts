import type { Queryable } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';

/** The audit trail: which operator did what to which target, when. Written with the action itself. */
export async function audit(db: Queryable, entry: { adminId: string | null; action: string; target?: string | null; details?: unknown }): Promise<void> {
  await db.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, target: entry.target ?? null, details: entry.details ?? null });
}
