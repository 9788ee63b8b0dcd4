import { createHash, createHmac } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { telegramAccount } from '../../server/auth/telegram.ts';
import { cookieOf, databaseKinds, describeApp, register, rows, startTestApp } from './harness.ts';

const BOT_TOKEN = '7000001:test-bot-token_ABC';
const OTHER_TOKEN = '7000002:some-other-bot';

let telegramIds = 900_000_000;
function telegramUser(extra: Record<string, unknown> = {}): Record<string, unknown> & { id: number } {
  telegramIds += 1;
  return { id: telegramIds, first_name: 'Ann', last_name: 'Lee', username: `ann_${telegramIds}`, ...extra };
}

function initData(user: Record<string, unknown>, opts: { token?: string; authDate?: Date; startParam?: string } = {}) {
  return sign(
    { user: user as never, ...(opts.startParam ? { start_param: opts.startParam } : {}) } as never,
    opts.token ?? BOT_TOKEN,
    opts.authDate ?? new Date(),
  );
}

/** The Login Widget's redirect query, signed the way Telegram's widget documentation describes. */
function widgetQuery(fields: Record<string, string>, token = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

describeApp('telegram login', { BOT_TOKEN, BOT_USERNAME: 'duel_test_bot' }, (ctx, kind) => {
  const auth = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/auth/telegram', payload });

  it('creates the account on first sight from valid init data and opens a session (its token in the body, no cookie)', async () => {
    const tg = telegramUser({ photo_url: 'https://t.me/i/userpic/320/ann.jpg' });
    const res = await auth({ initData: initData(tg) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: tg.username, nickname: 'Ann Lee', photoUrl: tg.photo_url, balance: 0, score: 900 });
    expect(res.cookies).toEqual([]);
    const me = await ctx().app.inject({ url: '/api/protected', headers: { authorization: `Bearer ${res.json().sessionToken}` } });
    // The newcomer's answer is built without a read: it must be the very User the app's start reads.
    expect(res.json().user).toEqual(me.json().user);
    expect(res.json().user).toMatchObject({ wins: 0, invitedFriends: [], frozen: false });

    const again = await auth({ initData: initData(tg) });
    expect(again.json().user._id).toBe(res.json().user._id);
  });

  it("opens one account for a newcomer's sign-ins sent at once (two taps, two devices), each with its own session", async () => {
    const tg = telegramUser();
    const data = initData(tg);
    const answers = await Promise.all(Array.from({ length: 4 }, () => auth({ initData: data })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((res) => res.json().user._id as string));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((res) => res.json().sessionToken as string)).size).toBe(4);
    const [account] = await rows<{ users: number; ledger: number }>(
      ctx().database,
      sql`SELECT (SELECT count(*)::int FROM users WHERE telegram_id = ${tg.id}) AS users,
                 (SELECT count(*)::int FROM accounts WHERE user_id = ${[...ids][0]}::uuid) AS ledger`,
    );
    // The account with exactly its two ledger accounts ('user' and 'rewards'), never one without them.
    expect(account).toEqual({ users: 1, ledger: 2 });

    // The route's own steps meet one after the other here; the account's lookup and creation, run at
    // once, meet on the unique indexes (the Telegram id's, or the name's): each gets the one account.
    const racer = { id: telegramUser().id, username: `racer_${tg.id}`, firstName: 'Race' };
    const found = await Promise.all(Array.from({ length: 6 }, () => telegramAccount(ctx().database.db, racer, null)));
    expect(new Set(found.map((f) => f.user.id)).size).toBe(1);
    expect(found.filter((f) => f.created)).toHaveLength(1);
    const [raced] = await rows<{ n: number }>(ctx().database, sql`SELECT count(*)::int AS n FROM accounts WHERE user_id = ${found[0]?.user.id ?? ''}::uuid`);
    expect(raced?.n).toBe(2);
  });

  it('names a Telegram user without a username tg<id>', async () => {
    const tg = telegramUser({ username: undefined });
    const res = await auth({ initData: initData(tg) });
    expect(res.json().user.username).toBe(`tg${tg.id}`);
  });

  it("names a newcomer whose Telegram username is taken tg<id>, and tg<id>_… when that is taken too (never a failed sign-in)", async () => {
    const taken = await register(ctx().app);
    const tg = telegramUser({ username: taken.username.toUpperCase() });
    const named = await auth({ initData: initData(tg) });
    expect(named.statusCode).toBe(200);
    expect(named.json().user.username).toBe(`tg${tg.id}`);

    const next = telegramUser({ username: taken.username });
    await register(ctx().app, { username: `tg${next.id}` });
    const renamed = await auth({ initData: initData(next) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.username).toMatch(new RegExp(`^tg${next.id}_[A-Za-z0-9_-]{5}$`));
  });

  it.skipIf(kind !== 'postgres')("signs a newcomer in as tg<id> when someone registers their Telegram username between its check and the account's insert", async () => {
    const tg = telegramUser();
    const name = tg.username as string;
    // A registration by hand of that name, not yet committed: the newcomer's check finds the name free,
    // and its insert waits on the name's unique index until the registration commits.
    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted = () => {};
    const handInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const registration = ctx().database.rawTransaction(async (raw) => {
      await raw.query("INSERT INTO users (username, nickname, invite_code) VALUES ($1, 'Hand', $2)", [name, `hand${tg.id}`]);
      inserted();
      await committed;
    });
    await handInserted;
    const signingIn = auth({ initData: initData(tg) });
    try {
      for (let waited = 0; ; waited += 1) {
        const [waiting] = await rows<{ n: number }>(
          ctx().database,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%insert into users%'`,
        );
        if ((waiting?.n ?? 0) > 0) break;
        if (waited > 800) throw new Error("the newcomer's insert never waited on the name");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      commit();
      await registration;
    }

    const res = await signingIn;
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(`tg${tg.id}`);
    const [account] = await rows<{ users: number; ledger: number }>(
      ctx().database,
      sql`SELECT (SELECT count(*)::int FROM users WHERE telegram_id = ${tg.id}) AS users,
                 (SELECT count(*)::int FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.telegram_id = ${tg.id}) AS ledger`,
    );
    expect(account).toEqual({ users: 1, ledger: 2 });
  });

  it('binds start_param or referrerId as inviter for a new account only', async () => {
    const inviter = await register(ctx().app);
    const fresh = telegramUser();
    const created = await auth({ initData: initData(fresh, { startParam: inviter.id }) });
    const viaReferrer = await auth({ initData: initData(telegramUser()), referrerId: inviter.id });
    const existing = telegramUser();
    await auth({ initData: initData(existing) });
    const later = await auth({ initData: initData(existing, { startParam: inviter.id }) });
    const invited = (await rows<{ id: string }>(ctx().database, sql`select id from users where invited_by is not null`)).map((r) => r.id);
    expect(invited).toContain(created.json().user._id);
    expect(invited).toContain(viaReferrer.json().user._id);
    expect(invited).not.toContain(later.json().user._id);
  });

  it.each([
    ['tampered', () => initData(telegramUser()).replace('Ann', 'Eve')],
    ['expired', () => initData(telegramUser(), { authDate: new Date(Date.now() - 25 * 3600 * 1000) })],
    ['signed by another bot', () => initData(telegramUser(), { token: OTHER_TOKEN })],
    ['not init data at all', () => 'hello=world'],
  ])('refuses %s init data with 401 and no session', async (_name, make) => {
    const res = await auth({ initData: make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Telegram login data is invalid or expired', code: 'validation.telegramInvalid' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('signs in through the Login Widget redirect and lands on /game', async () => {
    const inviter = await register(ctx().app);
    const now = String(Math.floor(Date.now() / 1000));
    const query = widgetQuery({ id: '777000111', first_name: 'Wid', username: 'widget_user', auth_date: now });
    const res = await ctx().app.inject({ url: `/api/auth/telegram?${query}&referrerId=${inviter.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/game');
    const me = await ctx().app.inject({ url: '/api/protected', headers: { cookie: cookieOf(res) } });
    expect(me.json().user.username).toBe('widget_user');
    const [row] = await rows<{ invited_by: string }>(ctx().database, sql`select invited_by from users where username = 'widget_user'`);
    expect(row?.invited_by).toBe(inviter.id);
  });

  it.each([
    ['a wrong hash', () => widgetQuery({ id: '5', first_name: 'X', auth_date: String(Math.floor(Date.now() / 1000)) }).replace(/hash=[0-9a-f]{64}/, `hash=${'0'.repeat(64)}`)],
    ['another bot', () => widgetQuery({ id: '5', first_name: 'X', auth_date: String(Math.floor(Date.now() / 1000)) }, OTHER_TOKEN)],
    ['an old auth_date', () => widgetQuery({ id: '5', first_name: 'X', auth_date: String(Math.floor(Date.now() / 1000) - 90_000) })],
    ['a changed field', () => widgetQuery({ id: '5', first_name: 'X', auth_date: String(Math.floor(Date.now() / 1000)) }).replace('id=5', 'id=6')],
  ])('refuses a widget redirect with %s', async (_name, make) => {
    const res = await ctx().app.inject({ url: `/api/auth/telegram?${make()}` });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

for (const kind of databaseKinds.slice(0, 1)) {
  it(`answers 503 with a message when no bot token is configured [${kind}]`, async () => {
    const t = await startTestApp(kind);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData: 'x=1' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Telegram login is not configured on this server');
      expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({ botUsername: null, supportUrl: null, chain: 'devchain' });
    } finally {
      await t.close();
    }
  });
}
