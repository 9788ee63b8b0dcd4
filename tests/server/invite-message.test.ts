import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botApiStandIn, PREPARED_EXPIRES, type BotApiStandIn } from './botApiStandIn.ts';
import { databaseKinds, signedUp, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 23 §3: the invite as a card. POST /api/invite-message saves the card with the Bot API's
 * savePreparedInlineMessage for the player's Telegram account, in the player's language, with one
 * "Open" button carrying their invite link; the Mini App then sends it with shareMessage(id).
 */

const BOT_TOKEN = '7000031:invite-card-token_XYZ';
const EXPIRES = PREPARED_EXPIRES;

let telegramIds = 910_000_000;

for (const kind of databaseKinds) {
  describe(`POST /api/invite-message [${kind}]`, () => {
    let t: TestApp;
    let botApi: BotApiStandIn;
    const defaultAnswer = { current: null as null | typeof botApi.state.answer };

    beforeAll(async () => {
      botApi = await botApiStandIn(BOT_TOKEN);
      defaultAnswer.current = botApi.state.answer;
      t = await startTestApp(kind, { BOT_TOKEN, BOT_USERNAME: 'duel_bot', MINI_APP_SHORT_NAME: 'play', TELEGRAM_API_URL: botApi.url });
    });
    afterAll(async () => {
      await t?.close();
      await botApi?.close();
    });
    beforeEach(() => {
      botApi.calls.length = 0;
      if (defaultAnswer.current) botApi.state.answer = defaultAnswer.current;
    });

    /** A player signed in from the Mini App: initData signed with the bot token, Telegram's language_code. */
    async function telegramPlayer(languageCode?: string) {
      telegramIds += 1;
      const user = { id: telegramIds, first_name: 'Aram', username: `aram_${telegramIds}`, ...(languageCode ? { language_code: languageCode } : {}) };
      const initData = sign({ user } as never, BOT_TOKEN, new Date());
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });
      expect(res.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${res.json().sessionToken as string}` };
      const inviteLink = (await t.app.inject({ url: '/api/invite-link', headers })).json().inviteLink as string;
      return { telegramId: telegramIds, headers, inviteLink };
    }

    const prepare = (headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/invite-message', headers, ...(payload ? { payload } : {}) });

    it("saves a card in the player's Russian for their Telegram account, with one «Открыть» button opening the Mini App with their invite", async () => {
      const player = await telegramPlayer('ru');
      expect(player.inviteLink).toMatch(/^https:\/\/t\.me\/duel_bot\/play\?startapp=[\w-]+$/);

      const res = await prepare(player.headers, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 'prepared-1', expirationDate: EXPIRES });

      expect(botApi.calls.map((call) => call.method)).toEqual(['savePreparedInlineMessage']);
      const [call] = botApi.calls;
      expect(call?.contentType).toMatch(/^application\/json/);
      const body = call!.body as {
        user_id: number;
        result: { type: string; id: string; title: string; input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { text: string; url: string }[][] } };
        allow_user_chats: boolean;
        allow_group_chats: boolean;
        allow_bot_chats: boolean;
      };
      expect(body.user_id).toBe(player.telegramId);
      expect(body).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_bot_chats: true });
      expect(body.result.type).toBe('article');
      expect(body.result.id.length).toBeLessThanOrEqual(64);
      expect(body.result.title).toBe('Приглашение в Duel Stakes');
      expect(body.result.input_message_content.message_text).toContain('Нарды или Блот, один на один, на реальные ставки в USDT');
      // One button, a url one (a web_app button works only in the bot's own chat), with the invite link.
      expect(body.result.reply_markup.inline_keyboard).toEqual([[{ text: 'Открыть', url: player.inviteLink }]]);
    });

    it('follows the language chosen in Profile (Armenian) over Telegram’s', async () => {
      const player = await telegramPlayer('ru');
      expect((await t.app.inject({ method: 'POST', url: '/api/update-language', headers: player.headers, payload: { language: 'hy' } })).statusCode).toBe(200);
      expect((await prepare(player.headers)).statusCode).toBe(200);
      const { result } = botApi.calls[0]!.body as { result: { input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { text: string; url: string }[][] } } };
      expect(result.input_message_content.message_text).toContain('Արի Նարդի կամ Բլոտ խաղանք');
      expect(result.reply_markup.inline_keyboard).toEqual([[{ text: 'Բացել', url: player.inviteLink }]]);
    });

    it('is in English for a language that is none of ours', async () => {
      const player = await telegramPlayer('de');
      expect((await prepare(player.headers)).statusCode).toBe(200);
      const { result } = botApi.calls[0]!.body as { result: { input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { text: string; url: string }[][] } } };
      expect(result.input_message_content.message_text).toContain('Backgammon or Belote, one on one, for real USDT stakes');
      expect(result.reply_markup.inline_keyboard).toEqual([[{ text: 'Open', url: player.inviteLink }]]);
    });

    it('answers 502 with a message when Telegram refuses, so the app shares the plain link', async () => {
      const player = await telegramPlayer('en');
      botApi.state.answer = () => ({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: BUTTON_URL_INVALID' } });
      const res = await prepare(player.headers);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Telegram could not prepare the invite card', code: 'http.internal' });
      botApi.state.answer = () => ({ status: 200, body: { ok: true, result: true } });
      expect((await prepare(player.headers)).statusCode).toBe(502);
    });

    it('answers 409 for an account that never signed in through Telegram, without calling Telegram', async () => {
      const player = await signedUp(t.app);
      const res = await prepare({ cookie: player.cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Sign in through Telegram to send an invite card');
      expect(botApi.calls).toEqual([]);
    });

    it('answers 401 signed out, without calling Telegram', async () => {
      const res = await prepare({});
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
      expect(botApi.calls).toEqual([]);
    });

    it('holds a player to 20 cards a minute (each is a call on the bot’s quota)', async () => {
      const player = await telegramPlayer('en');
      for (let i = 0; i < 20; i += 1) expect((await prepare(player.headers)).statusCode).toBe(200);
      const res = await prepare(player.headers);
      expect(res.statusCode).toBe(429);
      expect(botApi.calls).toHaveLength(20);
    });
  });
}

describe('POST /api/invite-message without a bot', () => {
  it('answers 503 with a message (npm start has no BOT_TOKEN), and 401 signed out', async () => {
    const t = await startTestApp(databaseKinds[0]!);
    try {
      const player = await signedUp(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/invite-message', headers: { cookie: player.cookie } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Invite cards are not available on this server', code: 'http.unavailable' });
      expect((await t.app.inject({ method: 'POST', url: '/api/invite-message' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
