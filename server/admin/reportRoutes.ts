import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { completedGamesQuery, dateRangeQuery, usersQuery } from '../../protocol/admin.ts';
import { users } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireAdmin } from '../http/guards.ts';
import { dailyFigures } from './daily.ts';
import { dateRangeOf } from './range.ts';
import { XLSX_TYPE, transactionsWorkbook } from './exports.ts';
import { completedGames, totalBets, usersExport, usersPage } from './reports.ts';

const userParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });

/**
 * The users filters, with a minimum balance the ledger can hold: past 2^53 micro-USDT (about 9 billion
 * USDT) usdtToMicro throws, which was a 500. (The bound belongs in protocol/admin.ts usersQuery too.)
 */
const usersFilters = usersQuery.refine((q) => q.minBalance === undefined || Number.isSafeInteger(Math.round(q.minBalance * 1e6)), {
  message: 'Min balance is too large',
  path: ['minBalance'],
});

/** The back office's lists and exports (under /api/admin; an operator session is required). */
export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.addHook('onRequest', requireAdmin);

  app.get('/completed-games', { config: { permission: 'read' } }, async (request) => completedGames(db, parseInput(completedGamesQuery, request.query)));
  app.get('/total-bets', { config: { permission: 'read' } }, async (request) => ({ totalBets: await totalBets(db, parseInput(dateRangeQuery, request.query)) }));
  app.get('/daily', { config: { permission: 'read' } }, async (request) => {
    const { from, to } = dateRangeOf(request.query, 0);
    return { days: await dailyFigures(db, from, to) };
  });
  app.get('/users', { config: { permission: 'read' } }, async (request) => usersPage(db, parseInput(usersFilters, request.query)));
  app.get('/users/export', { config: { permission: 'exports' } }, async (request) => ({ users: await usersExport(db, parseInput(usersFilters, request.query)) }));

  app.get('/users/:id/transactions/export', { config: { permission: 'exports' } }, async (request, reply) => {
    const { id } = parseInput(userParams, request.params);
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
    if (!user) throw new HttpError(404, 'Unknown user');
    const file = await transactionsWorkbook(db, id);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="transactions-${user.username.replace(/[^\w-]/g, '_')}.xlsx"`)
      .send(file);
  });
}
