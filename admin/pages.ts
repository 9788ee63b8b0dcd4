import type { OperatorPermission } from '../protocol/operators.ts';

/** The back office's pages in the bar, in order, each with what a role must allow to see it. */
export const adminPages: readonly { path: string; title: string; permission: OperatorPermission }[] = [
  { path: '/admin/dashboard', title: 'Dashboard', permission: 'read' },
  { path: '/admin/completed-games', title: 'Completed Games', permission: 'read' },
  { path: '/admin/users', title: 'Users', permission: 'read' },
  { path: '/admin/risk', title: 'Risk', permission: 'read' },
  { path: '/admin/withdrawals', title: 'Withdrawals', permission: 'read' },
  { path: '/admin/treasury', title: 'Treasury', permission: 'treasury' },
  { path: '/admin/operators', title: 'Operators', permission: 'operators' },
  { path: '/admin/security', title: 'Security', permission: 'session' },
];
