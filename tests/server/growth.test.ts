import http from 'node:http';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureOperator } from '../../server/admin/operators.ts';
import { users } from '../../server/db/schema.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { webhookSecret } from '../../server/telegram/bot.ts';
import { inviteLink } from '../../server/users/entity.ts';
import { cookieOf, databaseKinds, listening, login, register, startTestApp, testConfig, type TestApp } from './harness.ts';
import { balanceOf, fundedPlayer, pairedRps, playRpsToEnd, type Player } from './gameHarness.ts';
import { eventually } from './smtpSink.ts';
import { seedQualifiedFriends, seedWins } from './integrityKit.ts';

const BOT_TOKEN = '123456:TEST-token_for-growth';

/** A loopback Bot API: answers grammY's calls with Telegram's JSON shapes and records them. */
async function botApiStandIn(): Promise<{ url: string; calls: { method: string; body: Record<string, unknown> }[]; close(): Promise<void> }> {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (!match || match[1] !== BOT_TOKEN) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      const method = match[2] as string;
      calls.push({ method, body });
      const result =
        method === 'getMe'
          ? { id: 123456, is_bot: true, first_name: 'Duel Stakes', username: 'duel_stakes_bot', can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false }
          : method === 'sendMessage'
            ? { message_id: calls.length, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id, type: 'private' }, text: body.text }
            : true;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

describe('invite links', () => {
  it('open the Mini App with startapp when it has a short name, the bot with start, else the register page', () => {
    expect(inviteLink(testConfig({ BOT_USERNAME: 'duel_bot', MINI_APP_SHORT_NAME: 'play', PUBLIC_URL: 'https://duel.example' }), 'abc123')).toBe(
      'https://t.me/duel_bot/play?startapp=abc123',
    );
    expect(inviteLink(testConfig({ BOT_USERNAME: 'duel_bot' }), 'abc123')).toBe('https://t.me/duel_bot?start=abc123');
    expect(inviteLink(testConfig({ PUBLIC_URL: 'https://duel.example' }), 'abc123')).toBe('https://duel.example/register?invitedBy=abc123');
  });
});

for (const kind of databaseKinds) {
  describe(`friends, rewards, tasks, affiliates and the bot [${kind}]`, () => {
    let t: TestApp;
    let base: string;
    let botApi: Awaited<ReturnType<typeof botApiStandIn>>;
    beforeAll(async () => {
      botApi = await botApiStandIn();
      t = await startTestApp(kind, { BOT_TOKEN, TELEGRAM_API_URL: botApi.url, PUBLIC_URL: 'https://duel.example', TASK_REWARD_INVITE_20: '5', TASK_REWARD_WIN_100: '10' });
      base = await listening(t);
    });
    afterAll(async () => {
      await t.close();
      await botApi.close();
    });
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const get = (player: { cookie: string }, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
    const post = (player: { cookie: string }, url: string, payload: unknown = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie }, payload: payload as object });
    const codeOf = async (id: string) => (await t.database.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, id)))[0]!.code;

    async function invitedBy(inviter: { id: string }, funds = 0): Promise<Player> {
      const friend = await register(t.app, { invitedBy: await codeOf(inviter.id) });
      const player = { id: friend.id, username: friend.username, cookie: await login(t.app, friend.username, friend.password) };
      if (funds > 0) {
        const { credit } = await import('./gameHarness.ts');
        await credit(t, player.id, funds);
      }
      return player;
    }

    it("tells the inviter at once when a friend signs up through their link, and lists the friend", async () => {
      const inviter = await fundedPlayer(t, 0);
      expect((await get(inviter, '/api/invite-link')).json().inviteLink).toBe(`https://duel.example/register?invitedBy=${await codeOf(inviter.id)}`);
      const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: inviter.cookie }, reconnection: false });
      const arrived: unknown[] = [];
      socket.on('friendAdded', (friend: unknown) => arrived.push(friend));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const friend = await invitedBy(inviter);
      await eventually(() => arrived[0]);
      expect(arrived).toEqual([{ _id: friend.id, username: friend.username, avatarUrl: null, earnings: 0, qualified: false }]);
      socket.disconnect();
      expect((await get(inviter, '/api/friends')).json()).toEqual({
        friends: [{ _id: friend.id, username: friend.username, avatarUrl: null, earnings: 0, qualified: false }],
        totalRewards: 0,
        qualifyRule: 'A friend counts once they have deposited 10 USDT and finished a paid game against someone other than you.',
      });
    });

    it("credits a friend's paid win to the inviter's pending rewards, per friend, and claims them once", async () => {
      const inviter = await fundedPlayer(t, 0);
      const friend = await invitedBy(inviter, 20);
      const opponent = await fundedPlayer(t, 20);
      for (const bet of [1, 1]) {
        const gameId = await pairedRps(t.app, friend, opponent, bet);
        await playRpsToEnd(t, friend, opponent, gameId);
      }
      const listed = (await get(inviter, '/api/friends')).json();
      // Two wins of net 0.8: 3.5 % is 0.028 each.
      // Deposited 20 and played paid games against a stranger: the friend counts.
      expect(listed).toEqual({ friends: [expect.objectContaining({ _id: friend.id, earnings: 0.056, qualified: true })], totalRewards: 0.056, qualifyRule: expect.any(String) });

      const claims = await Promise.all([post(inviter, '/api/claim-rewards'), post(inviter, '/api/claim-rewards'), post(inviter, '/api/claim-rewards')]);
      expect(claims.filter((c) => c.statusCode === 200).map((c) => c.json())).toEqual([{ totalRewards: 0, newBalance: 0.056 }]);
      expect(claims.filter((c) => c.statusCode === 400).map((c) => c.json().message)).toEqual(['There are no rewards to claim', 'There are no rewards to claim']);
      expect(await balanceOf(t.app, inviter)).toBe(0.056);
      expect((await get(inviter, '/api/friends')).json().totalRewards).toBe(0);
      const history = (await get(inviter, `/api/transactions/${inviter.id}`)).json().transactions;
      expect(history).toEqual([expect.objectContaining({ type: 'claim-reward', amount: 0.056, status: 'completed' })]);
    });

    it('offers the two tasks with progress and what counts, pays one when its condition holds, once, even when claimed twice at once', async () => {
      const player = await fundedPlayer(t, 0);
      const tasks = (await get(player, '/api/tasks')).json().tasks;
      expect(tasks).toEqual([
        {
          _id: 'invite_20_friends', name: 'Invite 20 friends', condition: 'invite_20_friends', reward: 5, completed: false, conditionMet: false, progress: { current: 0, target: 20 },
          rule: 'A friend counts once they have deposited 10 USDT and finished a paid game against someone other than you.',
        },
        {
          _id: 'win_100_games', name: 'Win 100 games', condition: 'win_100_games', reward: 10, completed: false, conditionMet: false, progress: { current: 0, target: 100 },
          rule: 'Only wins in paid games that end by play count: not free games, not games your opponent left or timed out of.',
        },
      ]);
      const early = await post(player, '/api/claim-task-reward', { taskId: 'invite_20_friends' });
      expect([early.statusCode, early.json().message]).toEqual([400, 'The task is not completed yet']);
      expect((await post(player, '/api/claim-task-reward', { taskId: 'invite_everyone' })).json().message).toBe('Unknown task');

      // Twenty friends who deposited and played a paid game against a stranger, and a hundred counting
      // wins, as settlement records them (tests/server/integrity-rewards.test.ts plays the real paths).
      await seedQualifiedFriends(t, player.id, 20);
      await seedWins(t, player.id, 100, { betMicro: 1_000_000n, endReason: null });
      expect((await get(player, '/api/tasks')).json().tasks.map((task: { conditionMet: boolean; progress: unknown }) => [task.conditionMet, task.progress])).toEqual([
        [true, { current: 20, target: 20 }],
        [true, { current: 100, target: 100 }],
      ]);
      const racing = await Promise.all([1, 2, 3].map(() => post(player, '/api/claim-task-reward', { taskId: 'win_100_games' })));
      expect(racing.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([{ newBalance: 10, reward: 10 }]);
      expect(racing.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(['This reward has already been claimed', 'This reward has already been claimed']);
      expect((await post(player, '/api/claim-task-reward', { taskId: 'invite_20_friends' })).json()).toEqual({ newBalance: 15, reward: 5 });
      expect((await get(player, '/api/tasks')).json().tasks.map((task: { completed: boolean }) => task.completed)).toEqual([true, true]);
      const rewards = (await get(player, `/api/transactions/${player.id}`)).json().transactions.map((tx: { type: string; amount: number }) => [tx.type, tx.amount]);
      expect(rewards.sort()).toEqual([['task-reward', 10], ['task-reward', 5]].sort());
    });

    it('takes one affiliate request with the spec rules, and lets only an operator set the rate (0–10 %)', async () => {
      const player = await fundedPlayer(t, 0);
      for (const [body, message] of [
        [{ email: 'a@b.co' }, 'Channel name is required'],
        [{ channelName: '  ', email: 'a@b.co' }, 'Channel name is required'],
        [{ channelName: 'My channel' }, 'Email is required'],
        [{ channelName: 'My channel', email: 'not-an-email' }, 'Email is invalid'],
        [{ channelName: 'My channel', email: 'a@b.co', additionalNotes: 'x'.repeat(201) }, 'Notes must be at most 200 characters'],
      ] as const) {
        const res = await post(player, '/api/affiliate-program/request', body);
        expect([res.statusCode, res.json().message]).toEqual([400, message]);
      }
      const ok = await post(player, '/api/affiliate-program/request', { channelName: 'My channel', email: 'a@b.co', additionalNotes: 'x'.repeat(200) });
      expect(ok.statusCode).toBe(201);
      const again = await post(player, '/api/affiliate-program/request', { channelName: 'Other', email: 'a@b.co' });
      expect([again.statusCode, again.json().message]).toEqual([409, 'Your request is already being reviewed']);

      const url = `/api/admin/users/${player.id}/affiliate`;
      expect((await post(player, url, { isAffiliate: true, affiliatePercentage: 10 })).statusCode).toBe(401);
      await ensureOperator(t.database.db, 'growth-op', 'operator-pass');
      const operator = { cookie: cookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'growth-op', password: 'operator-pass' } }), 'admin_sid') };
      expect((await post(operator, url, { isAffiliate: true, affiliatePercentage: 10.5 })).statusCode).toBe(400);
      expect((await post(operator, url, { isAffiliate: true, affiliatePercentage: 7.5 })).json()).toEqual({ isAffiliate: true, affiliatePercentage: 7.5 });
      const user = (await get(player, '/api/protected')).json().user;
      expect([user.isAffiliate, user.affiliatePercentage]).toEqual([true, 7.5]);
      // The request was decided, so a new one may be made.
      expect((await post(player, '/api/affiliate-program/request', { channelName: 'Other', email: 'a@b.co' })).statusCode).toBe(201);
    });

    it('answers /start with the invite carried into the Mini App button, /help too, and refuses a wrong secret', async () => {
      const secret = webhookSecret(BOT_TOKEN);
      const update = (text: string, id: number) => ({
        update_id: id,
        message: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: 777, type: 'private', first_name: 'Ann' }, from: { id: 777, is_bot: false, first_name: 'Ann' }, text, entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] },
      });
      const send = (path: string, header: string | undefined, body: unknown) =>
        t.app.inject({ method: 'POST', url: `/api/telegram/webhook/${path}`, headers: header ? { 'x-telegram-bot-api-secret-token': header } : {}, payload: body as object });

      expect((await send('wrong', secret, update('/start', 1))).statusCode).toBe(401);
      expect((await send(secret, 'wrong', update('/start', 2))).statusCode).toBe(401);
      expect((await send(secret, undefined, update('/start', 3))).statusCode).toBe(401);
      expect(botApi.calls.filter((c) => c.method === 'sendMessage')).toEqual([]);

      expect((await send(secret, secret, update('/start abc_123', 4))).statusCode).toBe(200);
      const [reply] = botApi.calls.filter((c) => c.method === 'sendMessage');
      expect(reply?.body).toMatchObject({ chat_id: 777, text: expect.stringContaining('A friend invited you') });
      const button = (reply?.body.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] }).inline_keyboard[0]![0]!;
      expect(button.text).toBe('Play now');
      expect(button.web_app.url).toBe('https://duel.example/?startapp=abc_123&referrerId=abc_123');

      expect((await send(secret, secret, update('/help', 5))).statusCode).toBe(200);
      const help = botApi.calls.filter((c) => c.method === 'sendMessage')[1];
      expect(help?.body.text).toContain('one-on-one games');
      expect((await send(secret, secret, { not: 'an update' })).statusCode).toBe(400);
    });

    it("answers in the sender's Telegram language and sets their chat's menu button in it", async () => {
      const secret = webhookSecret(BOT_TOKEN);
      const update = (text: string, id: number, languageCode: string) => ({
        update_id: id,
        message: {
          message_id: id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 900 + id, type: 'private', first_name: 'Ani' },
          from: { id: 900 + id, is_bot: false, first_name: 'Ani', language_code: languageCode },
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
        },
      });
      const replyTo = (chatId: number) => botApi.calls.find((c) => c.method === 'sendMessage' && c.body.chat_id === chatId)?.body;
      const buttonOf = (body: Record<string, unknown> | undefined) => (body?.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard[0]![0]!.text;
      const webhook = (body: unknown) =>
        t.app.inject({ method: 'POST', url: `/api/telegram/webhook/${secret}`, headers: { 'x-telegram-bot-api-secret-token': secret }, payload: body as object });

      expect((await webhook(update('/start abc_123', 11, 'ru'))).statusCode).toBe(200);
      expect(replyTo(911)?.text).toContain('Вас пригласил друг');
      expect(buttonOf(replyTo(911))).toBe('Играть');
      expect(botApi.calls.find((c) => c.method === 'setChatMenuButton' && c.body.chat_id === 911)?.body).toMatchObject({
        menu_button: { type: 'web_app', text: 'Играть', web_app: { url: 'https://duel.example/' } },
      });
      await webhook(update('/help', 12, 'hy-AM'));
      expect(replyTo(912)?.text).toContain('մինի հավելված');
      expect(buttonOf(replyTo(912))).toBe('Խաղալ');
      await webhook(update('/start', 13, 'de'));
      expect(buttonOf(replyTo(913))).toBe('Play now');
    });

    it('sets the webhook, the menu button and the commands for npm run bot:setup', async () => {
      const { createBot, setUpBot } = await import('../../server/telegram/bot.ts');
      const bot = createBot(t.config)!;
      const { webhookUrl } = await setUpBot(t.config, bot);
      const secret = webhookSecret(BOT_TOKEN);
      expect(webhookUrl).toBe(`https://duel.example/api/telegram/webhook/${secret}`);
      const byMethod = Object.fromEntries(botApi.calls.map((c) => [c.method, c.body]));
      expect(byMethod.setWebhook).toMatchObject({ url: webhookUrl, secret_token: secret });
      expect(byMethod.setChatMenuButton).toMatchObject({ menu_button: { type: 'web_app', web_app: { url: 'https://duel.example/' } } });
      const lists = botApi.calls.filter((c) => c.method === 'setMyCommands').map((c) => c.body as { commands: { command: string; description: string }[]; language_code?: string });
      // The default list (English) and one for each of the app's other languages.
      expect(lists.map((list) => list.language_code ?? 'default')).toEqual(['default', 'ru', 'hy']);
      for (const list of lists) expect(list.commands.map((c) => c.command)).toEqual(['start', 'help']);
      expect(lists[1]?.commands[0]?.description).toBe('Открыть Duel Stakes');
      expect(lists[2]?.commands[1]?.description).toBe('Ի՞նչ է Duel Stakes-ը');
    });
  });
}
