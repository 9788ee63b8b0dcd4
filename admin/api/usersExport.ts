import type { AdminUserRow } from '../../protocol/admin.ts';
import { adminGet, queryString } from './adminHttp.ts';

/** GET /api/admin/users/export?search&minBalance → {users}: every match, for the 'Users' sheet. */
export const fetchUsersExport = ({ search, minBalance }: { search?: string; minBalance?: number }) =>
  adminGet<{ users: AdminUserRow[] }>(`/users/export${queryString({ search, minBalance })}`);
