import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botApiStandIn, PREPARED_EXPIRES, type BotApiStandIn } from './botApiStandIn.ts';
import { credit } from './gameHarness.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 36 inside Telegram: the challenge card for the share dialog (savePreparedInlineMessage) in the
 * challenger's language with one Accept button opening the Mini App at startapp=ch_<code>; a challenge
 * sent to a friend by the bot, in the friend's language, that only they may accept; and a newcomer who
 * opens the link signs in from initData and becomes the challenger's friend.
 */

const BOT_TOKEN = '7000036:challenge-card-token_XYZ';
let telegramIds = 936_000_000;

interface CardCall {
  user_id: number;
  result: { type: string; title: string; description: string; input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { text: string; url: string }[][] } };
}

for (const kind of databaseKinds) {
  describe(`challenges in Telegram [${kind}]`, () => {
    let t: TestApp;
    let botApi: BotApiStandIn;
    let answerAsTelegram: BotApiStandIn['state']['answer'];

    beforeAll(async () => {
      botApi = await botApiStandIn(BOT_TOKEN);
      answerAsTelegram = botApi.state.answer;
      t = await startTestApp(kind, { BOT_TOKEN, BOT_USERNAME: 'duel_bot', MINI_APP_SHORT_NAME: 'play', TELEGRAM_API_URL: botApi.url });
    });
    afterAll(async () => {
      await t?.close();
      await botApi?.close();
    });
    beforeEach(() => {
      botApi.calls.length = 0;
      botApi.state.answer = answerAsTelegram;
    });

    /** A player signed in from the Mini App, optionally opened through a link's start parameter. */
    async function fromTelegram(firstName: string, languageCode: string, startParam?: string) {
      telegramIds += 1;
      const user = { id: telegramIds, first_name: firstName, username: `${firstName.toLowerCase()}_${telegramIds}`, language_code: languageCode };
      const initData = sign({ user, ...(startParam ? { start_param: startParam } : {}) } as never, BOT_TOKEN, new Date());
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });
      expect(res.statusCode).toBe(200);
      const id = res.json().user._id as string;
      return { id, telegramId: telegramIds, headers: { authorization: `Bearer ${res.json().sessionToken as string}` } };
    }
    const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it("prepares the card in the challenger's Russian with one Accept button opening the Mini App at startapp=ch_<code>", async () => {
      const ivan = await fromTelegram('Ivan', 'ru');
      await credit(t, ivan.id, 10);
      const made = await call(ivan.headers, 'POST', '/api/challenges', { gameMode: 'rps', betAmount: 1 });
      expect(made.statusCode).toBe(200);
      const { code, link, webLink } = made.json();
      expect(link).toBe(`https://t.me/duel_bot/play?startapp=ch_${code}`);
      expect(webLink).toMatch(new RegExp(`/\\?challenge=${code}$`));

      const card = await call(ivan.headers, 'POST', `/api/challenges/${code}/message`);
      expect([card.statusCode, card.json()]).toEqual([200, { id: 'prepared-1', expirationDate: PREPARED_EXPIRES }]);
      expect(botApi.calls.map((c) => c.method)).toEqual(['savePreparedInlineMessage']);
      const body = botApi.calls[0]!.body as unknown as CardCall;
      expect(body.user_id).toBe(ivan.telegramId);
      expect(body.result.type).toBe('article');
      expect(body.result.title).toBe('Вызов: Камень, ножницы, бумага');
      // Intl writes Russian amounts with no-break spaces.
      expect(body.result.input_message_content.message_text.replace(/\u00a0/g, ' ')).toContain('Ivan вызывает тебя: Камень, ножницы, бумага, по 1 $, победитель забирает 1,8 $');
      expect(body.result.reply_markup.inline_keyboard).toEqual([[{ text: 'Принять', url: link }]]);

      // Only the challenger's own open challenge has a card; Telegram's refusal is a 502.
      const stranger = await fromTelegram('Eve', 'en');
      expect((await call(stranger.headers, 'POST', `/api/challenges/${code}/message`)).statusCode).toBe(403);
      botApi.state.answer = () => ({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: USER_ID_INVALID' } });
      const refused = await call(ivan.headers, 'POST', `/api/challenges/${code}/message`);
      expect([refused.statusCode, refused.json().message]).toEqual([502, 'Telegram could not prepare the challenge card']);
      expect((await call(ivan.headers, 'POST', `/api/challenges/${code}/cancel`)).json()).toEqual({ balance: 10 });
      expect((await call(ivan.headers, 'POST', `/api/challenges/${code}/message`)).statusCode).toBe(409);
    });

    it("a newcomer who opens the link signs in from initData, becomes the challenger's friend, and accepts", async () => {
      const ivan = await fromTelegram('Ivan', 'ru');
      const { code } = (await call(ivan.headers, 'POST', '/api/challenges', { gameMode: 'backgammon', betAmount: 0 })).json();
      const aram = await fromTelegram('Aram', 'hy', `ch_${code}`);
      const [joined] = await rows<{ invited_by: string | null }>(t.database, sql`SELECT invited_by::text FROM users WHERE id = ${aram.id}::uuid`);
      expect(joined?.invited_by).toBe(ivan.id);
      const seen = (await call(aram.headers, 'GET', `/api/challenges/${code}`)).json();
      expect(seen).toMatchObject({ challenger: { _id: ivan.id, nickname: 'Ivan' }, gameMode: 'backgammon', betAmount: 0, status: 'open' });
      const accepted = await call(aram.headers, 'POST', `/api/challenges/${code}/accept`);
      expect(accepted.statusCode).toBe(200);
      // The friend shows in the challenger's list.
      const friends = (await call(ivan.headers, 'GET', '/api/friends')).json();
      expect(friends.friends.map((f: { _id: string }) => f._id)).toContain(aram.id);
      await t.app.inject({ method: 'POST', url: '/api/leave-backgammon-game', headers: aram.headers, payload: { gameId: accepted.json().gameId } });
    });

    it("sends a challenge to a friend through the bot, in the friend's Armenian; only that friend may accept it", async () => {
      const ivan = await fromTelegram('Ivan', 'ru');
      const { code: inviteCode } = { code: (await rows<{ invite_code: string }>(t.database, sql`SELECT invite_code FROM users WHERE id = ${ivan.id}::uuid`))[0]!.invite_code };
      const aram = await fromTelegram('Aram', 'hy', inviteCode);
      const stranger = await fromTelegram('Eve', 'en');
      botApi.calls.length = 0;

      const made = await call(ivan.headers, 'POST', '/api/challenges', { gameMode: 'blot', betAmount: 0, friendId: aram.id });
      expect(made.statusCode).toBe(200);
      expect(made.json().sentToFriend).toBe(true);
      const { code, link } = made.json();
      expect(botApi.calls.map((c) => c.method)).toEqual(['sendMessage']);
      const sent = botApi.calls[0]!.body as { chat_id: number; text: string; reply_markup: { inline_keyboard: { text: string; url: string }[][] } };
      expect(sent.chat_id).toBe(aram.telegramId);
      expect(sent.text).toContain('Ivan-ը քեզ մարտահրավեր է նետում՝ Բլոտ, անվճար խաղ');
      expect(sent.reply_markup.inline_keyboard).toEqual([[{ text: 'Ընդունել', url: link }]]);

      expect((await call(stranger.headers, 'GET', `/api/challenges/${code}`)).json().forFriend).toBe(true);
      const refused = await call(stranger.headers, 'POST', `/api/challenges/${code}/accept`);
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'This challenge was sent to another player']);
      expect((await call(aram.headers, 'POST', `/api/challenges/${code}/accept`)).statusCode).toBe(200);

      // Not a friend: refused before anything is made.
      const notFriend = await call(stranger.headers, 'POST', '/api/challenges', { gameMode: 'rps', betAmount: 0, friendId: ivan.id });
      expect([notFriend.statusCode, notFriend.json().message]).toEqual([400, 'You can only challenge your friends this way']);
    });

    it('tells the challenger when the bot could not reach the friend; the challenge stands for the link', async () => {
      const ivan = await fromTelegram('Ivan', 'en');
      const inviteCode = (await rows<{ invite_code: string }>(t.database, sql`SELECT invite_code FROM users WHERE id = ${ivan.id}::uuid`))[0]!.invite_code;
      const friend = await fromTelegram('Ann', 'en', inviteCode);
      botApi.state.answer = () => ({ status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" } });
      const made = await call(ivan.headers, 'POST', '/api/challenges', { gameMode: 'rps', betAmount: 0, friendId: friend.id });
      expect([made.statusCode, made.json().sentToFriend]).toEqual([200, false]);
      expect((await call(ivan.headers, 'GET', '/api/challenges')).json().challenge.code).toBe(made.json().code);
      expect((await call(ivan.headers, 'POST', `/api/challenges/${made.json().code as string}/cancel`)).statusCode).toBe(200);
    });
  });
}
