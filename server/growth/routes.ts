import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { affiliateRequestBody, affiliateSettingBody, claimTaskBody } from '../../protocol/growth.ts';
import { users } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireAdmin, requireUser, sessionUser, sessionAdminId } from '../http/guards.ts';
import { inviteLink } from '../users/entity.ts';
import { requestAffiliation, setAffiliation } from './affiliate.ts';
import { claimRewards, friendsOf } from './friends.ts';
import { claimTask, tasksOf } from './tasks.ts';

/** Invites and friends, referral rewards, tasks, the affiliate request (spec §7). */
export async function growthRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('preHandler', requireUser);

  app.get('/invite-link', async (request) => ({ inviteLink: inviteLink(services.config, sessionUser(request).inviteCode) }));
  app.get('/friends', async (request) => friendsOf(services.db, services.config, sessionUser(request).id));
  // A frozen account is refused inside each claim's transaction (integrity/frozen.ts lockUnfrozen).
  app.post('/claim-rewards', async (request) => claimRewards(services, sessionUser(request).id));
  app.get('/tasks', async (request) => ({ tasks: await tasksOf(services, sessionUser(request).id) }));
  app.post('/claim-task-reward', async (request) => {
    const { taskId } = parseInput(claimTaskBody, request.body);
    return claimTask(services, sessionUser(request).id, taskId);
  });
  app.post('/affiliate-program/request', async (request, reply) => {
    const body = parseInput(affiliateRequestBody, request.body);
    const created = await requestAffiliation(services, sessionUser(request).id, body);
    return reply.status(201).send({ ok: true, requestId: created.id });
  });
}

const userParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });

/** Operators (under /api/admin): a player's affiliate status and rate. */
export async function adminGrowthRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('onRequest', requireAdmin);
  app.post('/users/:id/affiliate', { config: { permission: 'players' } }, async (request) => {
    const { id } = parseInput(userParams, request.params);
    const body = parseInput(affiliateSettingBody, request.body);
    await setAffiliation(services, sessionAdminId(request), id, body);
    const [row] = await services.db.select({ isAffiliate: users.isAffiliate, affiliatePercentage: users.affiliatePercentage }).from(users).where(eq(users.id, id));
    if (!row) throw new HttpError(404, 'Unknown user');
    return { isAffiliate: row.isAffiliate, affiliatePercentage: Number(row.affiliatePercentage) };
  });
}
