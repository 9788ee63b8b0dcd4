import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminWithdrawalsQuery, dismissFlagBody, freezeBody, integrityText, rejectWithdrawalBody, riskFlagsQuery } from '../../protocol/integrity.ts';
import { parseInput } from '../http/errors.ts';
import { requireAdmin, sessionAdminId } from '../http/guards.ts';
import { decideWithdrawal, listWithdrawals } from '../wallet/review.ts';
import { dismissFlag, listFlags } from './flags.ts';
import { setFrozen } from './freeze.ts';
import { userRisk } from './userRisk.ts';

const userParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });
const flagParams = z.object({ id: z.uuid({ error: integrityText.unknownFlag }) });
const withdrawalParams = z.object({ id: z.uuid({ error: integrityText.unknownWithdrawal }) });
const emptyBody = z.object({}).strict().optional();

/** Operators (under /api/admin): risk flags, a user's risk view, freeze, withdrawal review. */
export async function adminIntegrityRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('onRequest', requireAdmin);

  app.get('/risk/flags', { config: { permission: 'read' } }, async (request) => listFlags(services.db, parseInput(riskFlagsQuery, request.query)));

  app.post('/risk/flags/:id/dismiss', { config: { permission: 'risk' } }, async (request) => {
    const { id } = parseInput(flagParams, request.params);
    const { note } = parseInput(dismissFlagBody, request.body);
    await dismissFlag(services, sessionAdminId(request), id, note);
    return { ok: true };
  });

  app.get('/users/:id/risk', { config: { permission: 'players' } }, async (request) => userRisk(services.db, parseInput(userParams, request.params).id));

  app.post('/users/:id/freeze', { config: { permission: 'freeze' } }, async (request) => {
    const { id } = parseInput(userParams, request.params);
    return setFrozen(services, sessionAdminId(request), id, parseInput(freezeBody, request.body));
  });

  app.get('/withdrawals', { config: { permission: 'read' } }, async (request) => listWithdrawals(services.db, parseInput(adminWithdrawalsQuery, request.query)));

  app.post('/withdrawals/:id/approve', { config: { permission: 'withdrawals' } }, async (request) => {
    const { id } = parseInput(withdrawalParams, request.params);
    parseInput(emptyBody, request.body);
    return decideWithdrawal(services, sessionAdminId(request), id, { approve: true }, request.ip);
  });

  app.post('/withdrawals/:id/reject', { config: { permission: 'withdrawals' } }, async (request) => {
    const { id } = parseInput(withdrawalParams, request.params);
    const { reason } = parseInput(rejectWithdrawalBody, request.body);
    return decideWithdrawal(services, sessionAdminId(request), id, { approve: false, reason }, request.ip);
  });
}
