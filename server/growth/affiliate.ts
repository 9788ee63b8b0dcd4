import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { growthText, type affiliateRequestBody, type affiliateSettingBody } from '../../protocol/growth.ts';
import { audit } from '../admin/audit.ts';
import type { Services } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { affiliateRequests, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** Stores a player's request to join the affiliate program; one open request at a time. */
export async function requestAffiliation(services: Services, userId: string, body: z.output<typeof affiliateRequestBody>): Promise<{ id: string }> {
  try {
    const [row] = await services.db
      .insert(affiliateRequests)
      .values({ userId, channelName: body.channelName, email: body.email, additionalNotes: body.additionalNotes })
      .returning({ id: affiliateRequests.id });
    if (!row) throw new Error('insert returned nothing');
    services.log.info({ userId, requestId: row.id }, 'affiliate request');
    return row;
  } catch (error) {
    if (uniqueViolation(error)) throw new HttpError(409, growthText.requestOpen);
    throw error;
  }
}

/** An operator sets a player's affiliate status and rate; the player's open request is decided with it. */
export async function setAffiliation(services: Services, adminId: string, userId: string, body: z.output<typeof affiliateSettingBody>): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isAffiliate: body.isAffiliate, affiliatePercentage: body.affiliatePercentage.toFixed(2) })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw new HttpError(404, 'Unknown user');
    await tx
      .update(affiliateRequests)
      .set({ status: body.isAffiliate ? 'approved' : 'declined', decidedAt: new Date() })
      .where(and(eq(affiliateRequests.userId, userId), eq(affiliateRequests.status, 'open')));
    await audit(tx, { adminId, action: 'set-affiliate', target: userId, details: body });
  });
  // The audit trail: who changed whose rate, to what.
  services.log.warn({ adminId, userId, isAffiliate: body.isAffiliate, affiliatePercentage: body.affiliatePercentage }, 'affiliate setting changed');
}
