import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serverLog } from '../../server/log.ts';

/** A stream that says it is a terminal or not, keeping what is written to it. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/** Issue 37: `npm start` on a terminal prints lines for people; anywhere else JSON for a collector. */
describe('the server log', () => {
  it('writes a readable line on a terminal: time, level and message, no JSON', () => {
    const out = output(true);
    serverLog('info', out.stream).info({ userId: 'u-1' }, 'player signed in');
    // Colours for the terminal; the words are what a person reads.
    const line = out.text().replace(/\u001b\[\d+m/g, '');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] /);
    expect(line).toContain('INFO');
    expect(line).toContain('player signed in');
    expect(line).toContain('userId: "u-1"');
    expect(line).not.toContain('{"level"');
  });

  it('writes one JSON object a line anywhere else, and nothing below its level', async () => {
    const out = output(false);
    const log = serverLog('warn', out.stream);
    log.info('not shown');
    log.warn({ gameId: 'g-1' }, 'game sweep failed');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, gameId: 'g-1', msg: 'game sweep failed' });
  });
});
