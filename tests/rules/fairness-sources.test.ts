import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18: every roll, deal and auto-pick draws from the game's seeded source (rules/random.ts), and
 * from nothing else. The rules may not reach for any other randomness; the game server draws exactly
 * one random thing, the server seed, when it creates a game.
 */
const RANDOMNESS = /Math\.random|randomBytes|randomInt|getRandomValues|randomUUID|crypto\.random/g;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const uses = (file: string) => fs.readFileSync(file, 'utf8').match(RANDOMNESS) ?? [];

describe('one source of randomness', () => {
  it('the rules draw from nothing but the seeded source', () => {
    const files = filesUnder('rules');
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => uses(file).length > 0)).toEqual([]);
  });

  it('the game server draws only the server seed (and ids), in createGame', () => {
    const found = filesUnder('server/games').flatMap((file) => uses(file).map((use) => `${file}: ${use}`));
    expect(found.sort()).toEqual(['server/games/engine.ts: randomBytes', 'server/games/engine.ts: randomBytes', 'server/games/engine.ts: randomUUID', 'server/games/engine.ts: randomUUID'].sort());
    const engine = fs.readFileSync('server/games/engine.ts', 'utf8');
    expect(engine.match(/randomBytes\(32\)\.toString\('hex'\)/g)).toHaveLength(1);
  });
});
