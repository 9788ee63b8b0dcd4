import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant will do: it only has to be the same on every node that migrates at start.
const MIGRATION_LOCK = 4_280_001;

/**
 * Applies every migrations/NNNN_name.sql not yet recorded, in name order, in one transaction under an
 * advisory lock, so several nodes starting at once migrate exactly once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
  return database.rawTransaction(async (raw) => {
    await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await raw.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await raw.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
      await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    return pending;
  });
}
