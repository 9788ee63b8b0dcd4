import { describe, expect, it } from 'vitest';
import { describeApp, startTestApp } from './harness.ts';

describeApp('health and readiness', {}, (ctx) => {
  it('is alive, and ready when its database answers (Redis not configured)', async () => {
    expect((await ctx().app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    const ready = await ctx().app.inject({ url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { ok: true, database: 'up', redis: 'not configured' }]);
  });
});

describe('readiness without a database', () => {
  it('answers 503 once the database is gone, so a load balancer stops sending players here', async () => {
    const t = await startTestApp('pglite');
    await t.database.close();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { ok: false, database: 'down', redis: 'not configured' }]);
    await t.app.close();
  });
});
