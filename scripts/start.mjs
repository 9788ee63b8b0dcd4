// `npm start`: builds the player app and the admin entry when their build is missing or older than
// the sources, then runs the server (TypeScript through tsx), which migrates and listens.
import { buildIfStale, root } from './build-if-stale.mjs';

process.chdir(root);
await buildIfStale();

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
