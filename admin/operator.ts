import type { OperatorPermission } from '../protocol/operators.ts';
import { useAdminSession } from '../src/api/adminSession.ts';
import { readAdminToken } from './adminToken.ts';

/**
 * Whether the signed-in operator's role allows `permission` (the session's answer, asked once by the
 * layout and shared). The back office shows an operator only what they may do; the server refuses the
 * rest whatever the page shows.
 */
export function useCan(permission: OperatorPermission): boolean {
  const session = useAdminSession(readAdminToken());
  return session.data?.permissions?.includes(permission) ?? false;
}
