import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, register, startTestApp, type TestApp } from './harness.ts';
import { eventually, startSmtpSink } from './smtpSink.ts';

for (const kind of databaseKinds) {
  describe(`password reset [${kind}]`, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await startTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://play.example.com' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

    /** Asks for a reset and returns the token from the mail that arrives. */
    async function resetTokenFor(email: string): Promise<string> {
      const before = smtp.mails.length;
      const res = await post('/api/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      const mail = await eventually(() => smtp.mails.slice(before).find((m) => m.to.includes(email.toLowerCase())));
      const match = /https:\/\/play\.example\.com\/reset-password\/([\w-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''));
      if (!match?.[1]) throw new Error(`no link in mail:\n${mail.raw}`);
      return match[1];
    }

    it('answers a known and an unknown email identically, and mails only the known one', async () => {
      const user = await register(t.app);
      const before = smtp.mails.length;
      const known = await post('/api/forgot-password', { email: user.email });
      const unknown = await post('/api/forgot-password', { email: 'nobody-at-all@example.com' });
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.body).toBe(unknown.body);
      await eventually(() => (smtp.mails.length > before ? true : undefined));
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([[user.email.toLowerCase()]]);
    });

    it('refuses a malformed email with the spec text', async () => {
      const res = await post('/api/forgot-password', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address.');
    });

    it('sets the new password, ends other sessions, and the token works once', async () => {
      const user = await register(t.app);
      const oldSession = await login(t.app, user.username, user.password);
      const token = await resetTokenFor(user.email);

      const ok = await post('/api/reset-password', { token, password: 'brand-new-pass' });
      expect(ok.statusCode).toBe(200);
      const me = await t.app.inject({ url: '/api/protected', headers: { cookie: oldSession } });
      expect(me.statusCode).toBe(401);
      expect((await post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(401);
      expect((await post('/api/login', { username: user.username, password: 'brand-new-pass' })).statusCode).toBe(200);

      const again = await post('/api/reset-password', { token, password: 'another-pass' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This reset link is invalid or has expired');
      expect((await post('/api/login', { username: user.username, password: 'another-pass' })).statusCode).toBe(401);
    });

    it('refuses an expired or unknown token and a short password, changing nothing', async () => {
      const user = await register(t.app);
      const token = await resetTokenFor(user.email);
      const short = await post('/api/reset-password', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters');

      await t.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
      const expired = await post('/api/reset-password', { token, password: 'brand-new-pass' });
      expect(expired.statusCode).toBe(400);
      const unknown = await post('/api/reset-password', { token: 'made-up-token', password: 'brand-new-pass' });
      expect(unknown.statusCode).toBe(400);
      expect((await post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(200);
    });

    it('two resets racing with one token: exactly one wins', async () => {
      const user = await register(t.app);
      const token = await resetTokenFor(user.email);
      const answers = await Promise.all([
        post('/api/reset-password', { token, password: 'first-new-pass' }),
        post('/api/reset-password', { token, password: 'second-new-pass' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    });
  });
}
