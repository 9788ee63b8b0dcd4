// `npm start`: builds the player app and the admin entry when their build is missing or older than
// the sources, then runs the server (TypeScript through tsx), which migrates and listens.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

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
  if (!OUTPUTS.every((file) => fs.existsSync(file))) return false;
  const built = Math.min(...OUTPUTS.map((file) => fs.statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(source) <= built);
}

if (!buildIsCurrent()) {
  console.log('Building the player app and the admin entry…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build, in this process; the server must not inherit that
  // (it would refuse the devchain), so the player's own setting is put back.
  const nodeEnv = process.env.NODE_ENV;
  await build({ logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
