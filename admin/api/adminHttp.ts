import { ApiError, get, isUnauthorized, NetworkError, post } from '../../src/api/http.ts';
import { readAdminToken } from '../adminToken.ts';

/**
 * Every back-office call: the admin cookie plus the stored operator token as Bearer. A 401 from any of
 * them means the session is gone; the layout listens and returns the operator to /admin/login.
 */
type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called on every 401 of an admin call; returns the unsubscribe. */
export function onAdminUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
}

async function watched<Answer>(call: Promise<Answer>): Promise<Answer> {
  try {
    return await call;
  } catch (error) {
    if (isUnauthorized(error)) {
      // A 401 on the session check is the layout's own business; here a list or action lost it.
      console.warn('Admin call refused: the operator token may have expired', error);
      for (const listener of [...unauthorizedListeners]) listener();
    }
    throw error;
  }
}

export const adminGet = <Answer>(path: string) => watched(get<Answer>(`/admin${path}`, { bearer: readAdminToken() }));

export const adminPost = <Answer>(path: string, body: unknown = {}) =>
  watched(post<Answer>(`/admin${path}`, body, { bearer: readAdminToken() }));

/** A query string of the defined values only, in the given order. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export interface AdminFile {
  blob: Blob;
  /** From content-disposition when the server named it. */
  filename: string | null;
}

/** A binary answer (the transactions spreadsheet): same credentials, same 401 rule, errors as ApiError. */
export function adminFile(path: string): Promise<AdminFile> {
  return watched(
    (async () => {
      const token = readAdminToken();
      let response: Response;
      try {
        response = await globalThis.fetch(`/api/admin${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          credentials: 'include',
        });
      } catch (error) {
        throw new NetworkError(error);
      }
      if (!response.ok) {
        let message: string | null = null;
        try {
          const body = (await response.json()) as { message?: unknown };
          if (typeof body.message === 'string' && body.message.trim()) message = body.message;
        } catch {
          // Not JSON: no server words to show.
        }
        throw new ApiError(response.status, message);
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
      return { blob: await response.blob(), filename };
    })(),
  );
}
