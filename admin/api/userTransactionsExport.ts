import { adminFile } from './adminHttp.ts';

/** GET /api/admin/users/{id}/transactions/export → the player's transactions as an .xlsx file. */
export const fetchUserTransactionsExport = (userId: string) => adminFile(`/users/${encodeURIComponent(userId)}/transactions/export`);
