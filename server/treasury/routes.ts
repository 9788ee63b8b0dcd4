import type { FastifyInstance } from 'fastify';
import { audit } from '../admin/audit.ts';
import { XLSX_TYPE } from '../admin/exports.ts';
import { dateRangeOf } from '../admin/range.ts';
import { HttpError } from '../http/errors.ts';
import { requireAdmin, sessionAdminId } from '../http/guards.ts';
import type { Treasury } from './context.ts';
import { treasuryWorkbook } from './export.ts';
import { treasurySummary } from './summary.ts';
import { sweepPass } from './sweeps.ts';
import { sweepViews } from './views.ts';

/**
 * The Treasury page's API under /api/admin (an operator session is required). `treasury`: this node's
 * own treasury, on the devchain only; a node on tron holds no deposit key and refuses to sweep.
 */
export function adminTreasuryRoutes(treasury: Treasury | null) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services } = app;
    app.addHook('onRequest', requireAdmin);

    app.get('/treasury', { config: { permission: 'treasury' } }, async (request) => {
      const { from, to } = dateRangeOf(request.query, 30);
      return treasurySummary(services, treasury, from, to);
    });

    app.get('/treasury/export', { config: { permission: 'exports' } }, async (request, reply) => {
      const { from, to } = dateRangeOf(request.query, 30);
      const file = await treasuryWorkbook(services.db, from, to);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="treasury-${day(from)}-${day(to)}.xlsx"`)
        .send(file);
    });

    app.post('/treasury/sweep', { config: { permission: 'treasury' } }, async (request) => {
      if (!treasury) {
        throw new HttpError(409, 'This node holds no deposit key: sweeps run in the treasury process (npm run treasury -- sweep)');
      }
      const adminId = sessionAdminId(request);
      const touched = await sweepPass(treasury);
      await audit(services.db, { adminId, action: 'treasury-sweep', details: { ip: request.ip, sweeps: touched.map((sweep) => sweep.id) } });
      return { sweeps: await sweepViews(services.db, touched.length, touched.map((sweep) => sweep.id)) };
    });
  };
}
