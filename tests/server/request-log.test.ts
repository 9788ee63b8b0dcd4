import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { freshDatabase, testConfig } from './harness.ts';

/**
 * The request log (server/http/requestLog.ts, issue 38): at info a request writes nothing unless it is
 * slow; at debug each writes one line.
 */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const database = await freshDatabase('pglite');
  const app = await buildApp({ config: testConfig({}), database, logger: pino({ level }, stream) });
  app.get('/api/test-slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    return { ok: true };
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, lines, close };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((line) => line.msg === 'request' || line.msg === 'slow request' || line.msg === 'incoming request' || line.msg === 'request completed');

describe('the request log', () => {
  it('at info: nothing for a quick request, answered or refused; one line for a slow one', async () => {
    const { app, lines, close } = await appLoggingAt('info');
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/rps-move', payload: { gameId: 'x', choice: 'rock' } })).statusCode).toBe(401);
      expect(requestLines(lines)).toEqual([]);
      expect((await app.inject({ url: '/api/test-slow' })).statusCode).toBe(200);
      expect(requestLines(lines)).toEqual([expect.objectContaining({ msg: 'slow request', method: 'GET', url: '/api/test-slow', statusCode: 200, level: 30 })]);
      expect(requestLines(lines)[0]?.ms).toBeGreaterThanOrEqual(1_000);
    } finally {
      await close();
    }
  });

  it('at debug: one line per request with its method, path, status and time', async () => {
    const { app, lines, close } = await appLoggingAt('debug');
    try {
      await app.inject({ url: '/api/health' });
      await app.inject({ method: 'POST', url: '/api/rps-move', payload: { gameId: 'x', choice: 'rock' } });
      expect(requestLines(lines)).toEqual([
        expect.objectContaining({ msg: 'request', method: 'GET', url: '/api/health', statusCode: 200, level: 20 }),
        expect.objectContaining({ msg: 'request', method: 'POST', url: '/api/rps-move', statusCode: 401, level: 20 }),
      ]);
    } finally {
      await close();
    }
  });
});
