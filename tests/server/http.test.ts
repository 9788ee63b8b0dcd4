import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp } from './harness.ts';

describe('serving the clients and headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    fs.mkdirSync(path.join(dist, 'admin'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>player app</title>');
    fs.writeFileSync(path.join(dist, 'admin', 'index.html'), '<!doctype html><title>admin app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await startTestApp('pglite', {}, { ...testConfig(), distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/game', '/login', '/reset-password/abc123', '/profile', '/rps', '/admin-tips'])(
    'answers the player route %s with the player app',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('player app');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/admin', '/admin/login', '/admin/dashboard', '/admin/users?page=2'])('answers %s with the admin entry', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('admin app');
  });

  it('serves fingerprinted assets as immutable, and a missing file or API path as a JSON 404', async () => {
    const asset = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('Not found');
  });

  it('lets Telegram Web frame the app and nothing else', async () => {
    const res = await t.app.inject({ url: '/game' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every response: a page, an asset, an API answer, a refusal, a 404', async () => {
    const urls = ['/game', '/assets/main-abc123.js', '/api/health', '/api/protected', '/api/no-such-route'];
    const answers = await Promise.all(urls.map((url) => t.app.inject({ url })));
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'].map((name) => [name, headers[name]]),
      );
    const [first, ...rest] = answers.map((res) => security(res.headers));
    expect(first).toMatchObject({ 'cross-origin-resource-policy': 'same-site', 'referrer-policy': 'no-referrer', 'x-xss-protection': '0', 'x-permitted-cross-domain-policies': 'none' });
    for (const value of Object.values(first ?? {})) expect(value).toEqual(expect.any(String));
    for (const headers of rest) expect(headers).toEqual(first);
    expect(answers[3]?.statusCode).toBe(401);
  });
});

describe('without a built client', () => {
  it('says how to build instead of failing', async () => {
    const t = await startTestApp('pglite');
    try {
      const res = await t.app.inject({ url: '/game' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await t.close();
    }
  });
});

describe('production cookies', () => {
  it('marks the session cookie Secure under NODE_ENV=production', async () => {
    const t = await startTestApp('pglite', { NODE_ENV: 'production', ALLOW_DEVCHAIN: '1' });
    try {
      await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'prod_user', email: 'p@example.com', password: 'secret-pass' } });
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'prod_user', password: 'secret-pass' } });
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
