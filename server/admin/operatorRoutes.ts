import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminPage } from '../../protocol/admin.ts';
import { createOperatorBody, operatorPasswordBody, operatorRoleBody, type AuditEntry, type OperatorView } from '../../protocol/operators.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Tx } from '../db/client.ts';
import { adminAudit, adminRecoveryCodes, admins, sessions } from '../db/schema.ts';
import { uniqueViolation } from '../db/errors.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireAdmin, sessionAdminId } from '../http/guards.ts';
import { audit } from './audit.ts';

const operatorParams = z.object({ id: z.uuid({ error: 'Unknown operator' }) });
const auditQuery = z.object({ page: adminPage });
const AUDIT_PAGE_SIZE = 50;

type AdminRow = typeof admins.$inferSelect;

const viewOf = (row: AdminRow): OperatorView => ({
  id: row.id,
  username: row.username,
  role: row.role,
  disabled: row.disabledAt !== null,
  secondFactor: row.totpEnabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The operators themselves and the audit trail (owners only, issue 35): list, create with a role, change
 * a role, disable or enable, set a password, reset a second factor. A change to an operator ends their
 * sessions, in the change's own transaction. An owner cannot lock themselves out.
 */
export async function adminOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.addHook('onRequest', requireAdmin);
  const owners = { config: { permission: 'operators' as const } };

  /** The operator a route names, who must not be the one asking (an owner never demotes or disables themselves). */
  async function other(request: { params: unknown; admin: { id: string } | null }) {
    const { id } = parseInput(operatorParams, request.params);
    if (id === request.admin?.id) throw new HttpError(409, 'You cannot change your own account here');
    const [row] = await db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw new HttpError(404, 'Unknown operator');
    return row;
  }
  /**
   * One change to another operator, all of it in one transaction: the change, the end of every session of
   * theirs (what they may do changed, or their credentials did), and its line in the audit trail.
   */
  async function changeOperator(request: FastifyRequest, action: string, apply: (tx: Tx, id: string) => Promise<unknown>, details: object = {}, known?: AdminRow) {
    const target = known ?? (await other(request));
    return db.transaction(async (tx) => {
      await apply(tx, target.id);
      await tx.delete(sessions).where(eq(sessions.adminId, target.id));
      await audit(tx, { adminId: sessionAdminId(request), action, target: target.id, details: { ...details, ip: request.ip } });
      const [row] = await tx.select().from(admins).where(eq(admins.id, target.id));
      return { operator: viewOf(row ?? target) };
    });
  }

  app.get('/operators', owners, async () => ({ operators: (await db.select().from(admins).orderBy(admins.createdAt)).map(viewOf) }));

  app.post('/operators', owners, async (request, reply) => {
    const body = parseInput(createOperatorBody, request.body);
    const [taken] = await db.select({ id: admins.id }).from(admins).where(sql`lower(${admins.username}) = ${body.username.toLowerCase()}`);
    if (taken) throw new HttpError(409, 'This username is taken');
    try {
      const [row] = await db.insert(admins).values({ username: body.username, passwordHash: await hashPassword(body.password), role: body.role }).returning();
      if (!row) throw new Error('operator insert returned nothing');
      await audit(db, { adminId: sessionAdminId(request), action: 'create-operator', target: row.id, details: { username: row.username, role: row.role, ip: request.ip } });
      return reply.status(201).send({ operator: viewOf(row) });
    } catch (error) {
      if (uniqueViolation(error)) throw new HttpError(409, 'This username is taken');
      throw error;
    }
  });

  app.post('/operators/:id/role', owners, async (request) => {
    const { role } = parseInput(operatorRoleBody, request.body);
    const target = await other(request);
    return changeOperator(request, 'change-operator-role', (tx, id) => tx.update(admins).set({ role }).where(eq(admins.id, id)), { from: target.role, to: role }, target);
  });

  for (const [path, disabled] of [['disable', true], ['enable', false]] as const) {
    app.post(`/operators/:id/${path}`, owners, async (request) =>
      changeOperator(request, `${path}-operator`, (tx, id) => tx.update(admins).set({ disabledAt: disabled ? new Date() : null }).where(eq(admins.id, id))),
    );
  }

  // A lost phone: the owner turns the operator's second factor off; they set it up again.
  app.post('/operators/:id/2fa/reset', owners, async (request) =>
    changeOperator(request, 'reset-operator-2fa', async (tx, id) => {
      await tx.update(admins).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, id));
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    }),
  );

  app.post('/operators/:id/password', owners, async (request) => {
    const { password } = parseInput(operatorPasswordBody, request.body);
    const passwordHash = await hashPassword(password);
    await changeOperator(request, 'reset-operator-password', (tx, id) => tx.update(admins).set({ passwordHash }).where(eq(admins.id, id)));
    return { ok: true };
  });

  app.get('/audit', { config: { permission: 'audit' } }, async (request) => {
    const { page } = parseInput(auditQuery, request.query);
    const rows = await db
      .select({ at: adminAudit.at, operator: admins.username, action: adminAudit.action, target: adminAudit.target, details: adminAudit.details })
      .from(adminAudit)
      .leftJoin(admins, eq(admins.id, adminAudit.adminId))
      .orderBy(desc(adminAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE);
    const entries: AuditEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    return { entries };
  });
}
