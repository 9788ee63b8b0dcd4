/** The constraint a unique violation (SQLSTATE 23505) hit, from pg, PGlite or Drizzle's wrapper. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? /"([^"]+)"/.exec(message ?? '')?.[1] ?? 'unknown';
  }
  return null;
}
