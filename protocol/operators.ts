import { z } from 'zod';

/**
 * Operators' roles (issue 35): what each may do in the back office, one table that the server enforces
 * on every /api/admin route and the admin socket room, and that the back office reads to show each
 * operator only what their role may do.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * `session`: every signed-in operator (who am I, log out). `read`: the dashboard and the lists.
 * `players`: a player's risk view and affiliation. `freeze`: freeze and unfreeze. `risk`: dismiss flags.
 * `games`: cancel a game, its log and proof. `withdrawals`: approve and reject. `treasury`: the
 * Treasury page and its sweeps. `exports`: the spreadsheets of players and money. `operators`: the
 * operators themselves. `audit`: the audit trail.
 */
export const OPERATOR_PERMISSIONS = ['session', 'read', 'players', 'freeze', 'risk', 'games', 'withdrawals', 'treasury', 'exports', 'operators', 'audit'] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly OperatorPermission[]> = {
  owner: OPERATOR_PERMISSIONS,
  finance: ['session', 'read', 'withdrawals', 'treasury', 'exports'],
  support: ['session', 'read', 'players', 'freeze', 'risk', 'games'],
  viewer: ['session', 'read'],
};

/**
 * What moves money or keys (approving and rejecting withdrawals, sweeping, managing operators): refused
 * (403) to an operator without a second factor, whatever their role, until they turn it on.
 */
export const SECOND_FACTOR_PERMISSIONS: readonly OperatorPermission[] = ['withdrawals', 'treasury', 'operators'];
export const SECOND_FACTOR_NEEDED = 'Turn on two-factor sign-in to do this';

export const mayDo = (role: OperatorRole, permission: OperatorPermission): boolean => ROLE_PERMISSIONS[role].includes(permission);

export const operatorRole = z.enum(OPERATOR_ROLES, { error: 'Unknown role' });

/** GET /api/admin/session */
export interface OperatorSession {
  username: string;
  role: OperatorRole;
  permissions: OperatorPermission[];
  /** Whether their second factor is on (money actions need it). */
  secondFactor: boolean;
}

/** POST /api/admin/2fa/setup → the secret to scan (and the QR's URL) and ten recovery codes, shown once. */
export interface SecondFactorSetup {
  secret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
}
export const secondFactorConfirmBody = z.object({ code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code') });

const username = z.string({ error: 'Username is required' }).trim().regex(/^[\w.-]{3,64}$/, 'Username must be 3–64 letters, digits, _ . -');
const password = z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters').max(256);

/** POST /api/admin/operators */
export const createOperatorBody = z.object({ username, password, role: operatorRole });
export const operatorRoleBody = z.object({ role: operatorRole });
export const operatorPasswordBody = z.object({ password });

export interface OperatorView {
  id: string;
  username: string;
  role: OperatorRole;
  disabled: boolean;
  secondFactor: boolean;
  createdAt: string;
}

export interface AuditEntry {
  at: string;
  operator: string | null;
  action: string;
  target: string | null;
  details: unknown;
}
