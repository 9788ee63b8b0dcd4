import type { Queryable } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';

/**
 * Text as jsonb can hold it: a lone UTF-16 surrogate (a name typed by anyone at the sign-in, say) cannot
 * go into jsonb, and would fail the audit's insert along with what it records.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return Buffer.from(value, 'utf8').toString('utf8');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key) as string, wellFormed(item)]));
  return value;
}

/** The audit trail: which operator did what to which target, when. Written with the action itself. */
export async function audit(db: Queryable, entry: { adminId: string | null; action: string; target?: string | null; details?: unknown }): Promise<void> {
  await db.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, target: entry.target ?? null, details: entry.details === undefined ? null : wellFormed(entry.details) });
}
