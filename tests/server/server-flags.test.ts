import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server's Node.js flags (scripts/server-flags.mjs) are written out where no import can reach: the
 * `npm start` script and the README's production commands. A node started without them runs, but
 * stalls every move in flight at each old-generation collection under load (bench/README.md).
 */
describe("the server's Node.js flags", () => {
  it('are what `npm start` gives node, before its entry', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });

  it("are in the README's command for a production node and in its systemd unit", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const command = ['node', ...SERVER_NODE_FLAGS, '--import tsx server/main.ts'].join(' ');
    expect(readme).toContain(`Run \`${command}\``);
    expect(readme).toContain(`ExecStart=/usr/bin/${command}`);
    // No other way of starting a node is documented without them.
    expect(readme.match(/node (?:--[\w=-]+ )*--import tsx server\/main\.ts/g)).toEqual([command, command]);
  });
});
