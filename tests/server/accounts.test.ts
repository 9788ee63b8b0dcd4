import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cookieOf, describeApp, login, register, rows, signedUp, uniqueName } from './harness.ts';
import { codeOfText } from '../../protocol/errorCodes.ts';

describeApp('accounts', {}, (ctx) => {
  const post = (url: string, payload: unknown, cookie?: string) =>
    ctx().app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) => ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each([
    [{ email: 'a@b.co', password: 'longenough' }, 'Username is required'],
    [{ username: '', email: 'a@b.co', password: 'longenough' }, 'Username is required'],
    [{ username: 'ab', email: 'a@b.co', password: 'longenough' }, 'Username must be 3–32 letters, digits or _'],
    [{ username: 'bad name!', email: 'a@b.co', password: 'longenough' }, 'Username must be 3–32 letters, digits or _'],
    [{ username: 'x'.repeat(33), email: 'a@b.co', password: 'longenough' }, 'Username must be 3–32 letters, digits or _'],
    [{ username: 'valid_1', password: 'longenough' }, 'Email is required'],
    [{ username: 'valid_1', email: '', password: 'longenough' }, 'Email is required'],
    [{ username: 'valid_1', email: 'not-an-email', password: 'longenough' }, 'Email is invalid'],
    [{ username: 'valid_1', email: 'a@b.co' }, 'Password is required'],
    [{ username: 'valid_1', email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters'],
    [{ username: 12, email: 'a@b.co', password: 'longenough' }, 'Username is required'],
  ])('register refuses %j with "%s" and creates nothing', async (payload, message) => {
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: codeOfText(message) });
    const count = await rows<{ n: number }>(ctx().database, sql`select count(*)::int as n from users where username = 'valid_1'`);
    expect(count[0]?.n).toBe(0);
  });

  it('registers a player with balance 0, score 900, nickname = username and no country', async () => {
    const username = uniqueName('New_');
    const res = await post('/api/register', { username, email: `${username}@Example.com`, password: 'secret-pass' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ username, nickname: username, balance: 0, score: 900, country: null, invitedFriends: [] });
    expect(JSON.stringify(user)).not.toMatch(/password|hash|argon/i);
  });

  it('refuses a duplicate username or email whatever the case', async () => {
    const first = await register(ctx().app);
    const sameName = await post('/api/register', { username: first.username.toUpperCase(), email: 'other@example.com', password: 'secret-pass' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('This username is already taken');
    const sameEmail = await post('/api/register', { username: uniqueName(), email: first.email.toUpperCase(), password: 'secret-pass' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('This email is already registered');
  });

  it('two registrations of one name racing: exactly one account', async () => {
    const username = uniqueName('race');
    const answers = await Promise.all(
      [1, 2, 3].map((i) => post('/api/register', { username, email: `${username}${i}@example.com`, password: 'secret-pass' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('stores invitedBy when it names a real user (invite code or id) and ignores it otherwise', async () => {
    const inviter = await signedUp(ctx().app);
    const code = (await get('/api/protected', inviter.cookie)).json().user.inviteLink.split('invitedBy=')[1];
    const byCode = await register(ctx().app, { invitedBy: code });
    const byId = await register(ctx().app, { invitedBy: inviter.id });
    const unknown = await register(ctx().app, { invitedBy: 'no-such-code' });
    const found = await rows<{ id: string; invited_by: string | null }>(
      ctx().database,
      sql`select id, invited_by from users where id in (${byCode.id}, ${byId.id}, ${unknown.id})`,
    );
    const invitedBy = Object.fromEntries(found.map((r) => [r.id, r.invited_by]));
    expect(invitedBy[byCode.id]).toBe(inviter.id);
    expect(invitedBy[byId.id]).toBe(inviter.id);
    expect(invitedBy[unknown.id]).toBeNull();
    const me = (await get('/api/protected', inviter.cookie)).json().user;
    expect(me.invitedFriends.sort()).toEqual([byCode.id, byId.id].sort());
  });

  it('logs in with the right password only, and the session opens /api/protected', async () => {
    const user = await register(ctx().app);
    const wrong = await post('/api/login', { username: user.username, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const unknown = await post('/api/login', { username: 'nobody_here', password: 'whatever1' });
    expect(unknown.json().message).toBe('Invalid username or password');

    const ok = await post('/api/login', { username: user.username.toUpperCase(), password: user.password });
    expect(ok.statusCode).toBe(200);
    const sid = ok.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.secure).toBeFalsy();
    const me = await get('/api/protected', cookieOf(ok));
    expect(me.json().user.username).toBe(user.username);
  });

  it('answers 401 without a session, and after logout, and after expiry', async () => {
    expect((await get('/api/protected')).statusCode).toBe(401);
    expect((await get('/api/protected')).json()).toEqual({ message: 'Not signed in', code: 'validation.notSignedIn' });
    const user = await signedUp(ctx().app);
    const logout = await post('/api/logout', {}, user.cookie);
    expect(logout.statusCode).toBe(200);
    expect((await get('/api/protected', user.cookie)).statusCode).toBe(401);

    const again = await login(ctx().app, user.username);
    expect((await get('/api/protected', again)).statusCode).toBe(200);
    await ctx().database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await get('/api/protected', again)).statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const user = await signedUp(ctx().app);
    const token = user.cookie.split('=')[1] as string;
    const stored = await rows<{ token_hash: string }>(ctx().database, sql`select token_hash from sessions where user_id = ${user.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
  });

  it('shows another player without their balance, and the player themselves with it', async () => {
    const me = await signedUp(ctx().app);
    const other = await signedUp(ctx().app);
    const mine = (await get(`/api/user/${me.id}`, me.cookie)).json();
    expect(mine).toMatchObject({ username: me.username, balance: 0, score: 900, country: null });
    const theirs = (await get(`/api/user/${other.id}`, me.cookie)).json();
    expect(theirs).toMatchObject({ username: other.username, balance: null, score: 900 });
    expect((await get(`/api/user/${other.id}`)).statusCode).toBe(401);
    expect((await get('/api/user/not-a-uuid', me.cookie)).statusCode).toBe(400);
    expect((await get('/api/user/00000000-0000-4000-8000-000000000000', me.cookie)).statusCode).toBe(404);
  });

  it('updates nickname and country, and refuses markup, overlong names and unknown countries', async () => {
    const me = await signedUp(ctx().app);
    const ok = await post('/api/update-profile', { nickname: '  Lucky Ann ', country: 'AM' }, me.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ nickname: 'Lucky Ann', country: 'AM' });
    const cleared = await post('/api/update-profile', { nickname: 'Lucky Ann', country: null }, me.cookie);
    expect(cleared.json().user.country).toBeNull();
    for (const [payload, message] of [
      [{ nickname: '<b>x</b>', country: null }, 'Nickname must not contain < or >'],
      [{ nickname: '', country: null }, 'Nickname is required'],
      [{ nickname: 'n'.repeat(33), country: null }, 'Nickname must be at most 32 characters'],
      [{ nickname: 'Ann', country: 'XX' }, 'Unknown country'],
    ] as const) {
      const res = await post('/api/update-profile', payload, me.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = (await get('/api/protected', me.cookie)).json().user;
    expect(after).toMatchObject({ nickname: 'Lucky Ann', country: null });
  });

  it('counts statistics from played games: zeros for a new player', async () => {
    const me = await signedUp(ctx().app);
    expect((await get('/api/statistics', me.cookie)).json()).toEqual({ wins: 0, losses: 0, totalGames: 0 });
    await ctx().database.db.execute(sql`
      insert into played_games (user_id, game_id, game_mode, bet_micro, result, opponent_username, user_score, opponent_score)
      values (${me.id}, gen_random_uuid(), 'rps', 1000000, 'win', 'x', 2, 1),
             (${me.id}, gen_random_uuid(), 'rps', 1000000, 'win', 'x', 2, 0),
             (${me.id}, gen_random_uuid(), 'rps', 0, 'lose', 'x', 1, 2)`);
    expect((await get('/api/statistics', me.cookie)).json()).toEqual({ wins: 2, losses: 1, totalGames: 3 });
    expect((await get('/api/protected', me.cookie)).json().user.wins).toBe(2);
    expect((await get('/api/statistics')).statusCode).toBe(401);
  });

  it('answers broken or wrongly shaped bodies with 400 and a message, never 500', async () => {
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON', code: 'validation.badJson' });
    for (const payload of ['[]', '"text"', 'null', '42', '{"username": {"$gt": ""}, "password": []}']) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
