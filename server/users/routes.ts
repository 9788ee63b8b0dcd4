import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { updateLanguageBody, updateProfileBody } from '../../protocol/user.ts';
import { users } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireUser, sessionUser } from '../http/guards.ts';
import { publicUser, statisticsOf, userEntity } from './entity.ts';

const userIdParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app.services;
  app.addHook('preHandler', requireUser);

  app.get('/user/:id', async (request) => {
    const { id } = parseInput(userIdParams, request.params);
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new HttpError(404, 'Unknown user');
    return publicUser(db, row, sessionUser(request).id);
  });

  app.post('/update-profile', async (request) => {
    const body = parseInput(updateProfileBody, request.body);
    const [row] = await db
      .update(users)
      .set({ nickname: body.nickname, country: body.country })
      .where(eq(users.id, sessionUser(request).id))
      .returning();
    if (!row) throw new HttpError(404, 'Unknown user');
    return { user: await userEntity(db, config, row) };
  });

  // The language switch in Profile: saved on the account, so it follows the player to another device.
  app.post('/update-language', async (request) => {
    const { language } = parseInput(updateLanguageBody, request.body);
    const [row] = await db.update(users).set({ language }).where(eq(users.id, sessionUser(request).id)).returning();
    if (!row) throw new HttpError(404, 'Unknown user');
    return { user: await userEntity(db, config, row) };
  });

  app.get('/statistics', async (request) => statisticsOf(db, sessionUser(request).id));
}
