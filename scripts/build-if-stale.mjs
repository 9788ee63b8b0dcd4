// Builds the player app and the admin entry when their build is missing or older than the sources.
// Shared by `npm start` (scripts/start.mjs) and `npm run start:cluster` (scripts/cluster.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = ['src', 'admin', 'protocol', 'rules', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const OUTPUTS = ['dist/index.html', 'dist/admin/index.html'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsCurrent() {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= built);
}

/** Runs Vite's build when `dist/` is missing or stale; returns whether it built. */
export async function buildIfStale() {
  if (buildIsCurrent()) return false;
  console.log('Building the player app and the admin entry…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build, in this process; the server must not inherit that
  // (it would refuse the devchain), so the player's own setting is put back.
  const nodeEnv = process.env.NODE_ENV;
  await build({ root, logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  return true;
}
