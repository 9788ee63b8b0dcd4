/**
 * The operator token from POST /api/admin/login, kept in localStorage (spec §6) and sent as a Bearer
 * token besides the admin cookie.
 */
const STORAGE_KEY = 'adminToken';

export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveAdminToken(token: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Blocked storage: the admin cookie still carries the session.
  }
}

export function clearAdminToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
